import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ValidationFailedError } from '../../../../core/errors';
import { SecretBox } from '../../../../secrets/secret-box';
import { requestHeadersOf } from '../../../../tools/kinds/endpoint/tool-endpoint';
import { sendToEndpoint } from '../../../../tools/kinds/http/http-tool-runner';
import { OutboundFetch } from '../../../../tools/outbound/outbound-fetch';
import {
  ToolResponseTooLargeError,
  ToolUrlForbiddenError,
} from '../../../../tools/outbound/outbound.errors';
import { OutboundPolicy } from '../../../../tools/outbound/outbound-policy';
import { ENDPOINT_FAILED_EXAMPLE } from '../../../../tools/tool-transport-errors';
import { InvalidToolInputError, ToolExecutionFailedError } from '../../../../tools/tool.errors';
import { type ToolContext } from '../../../../tools/tool.contract';
import { ToolSourceTypeProvider } from '../../tool-source-type-provider.decorator';
import { mapSettingsSecretHeaders } from '../secret-header-settings';
import {
  type SourceSettings,
  type StoredToolSource,
  type ToolSourceType,
  type UpstreamListing,
} from '../../tool-source-type.contract';
import { baseUrlOf } from './base-url';
import { checkedDocument } from './openapi-document';
import { YAML_PARSE_TIME_LIMIT_MS, parseDocumentText } from './openapi-document-text';
import { operationsOf } from './openapi-operations';
import {
  type OpenApiSourceSettings,
  documentKeyOf,
  openApiSettingsOf,
  sourceHeadersOf,
} from './openapi-source-settings';
import { OpenApiSourceDto } from './openapi-source.dto';
import { InvalidSourceDocumentError } from './openapi-source.errors';
import { operationAnswerOf } from './operation-answer';
import { operationRequestOf } from './operation-request';
import { prepareOperations } from './prepare-operations';
import { type PreparedSource, PreparedSources } from './prepared-sources';
import { readDocumentAt } from './read-document';

/**
 * How long creating a source, or a call's first read of its document, may wait for it: as long
 * as parsing the largest YAML document may take.
 */
const DOCUMENT_READ_TIME_LIMIT_MS = YAML_PARSE_TIME_LIMIT_MS;

/**
 * `openapi` sources: a REST API described by an OpenAPI 3.0 or 3.1 document, each operation of
 * which is a tool that calls it. A document given by URL is read again at every listing, which
 * is how the source follows it; calls use the operations as last listed on this instance (read
 * at the first call on an instance that has not listed them). Every request, for the document
 * and for the calls, goes through the outbound guard.
 */
@ToolSourceTypeProvider()
@Injectable()
export class OpenApiSourceType implements ToolSourceType<OpenApiSourceDto> {
  readonly type = 'openapi';
  readonly dto = OpenApiSourceDto;
  readonly errors = [
    ENDPOINT_FAILED_EXAMPLE,
    new ToolUrlForbiddenError('petstore.internal', 'private'),
    new ToolResponseTooLargeError(10 * 1024 * 1024),
  ];
  private readonly prepared = new PreparedSources();

  constructor(
    private readonly outbound: OutboundFetch,
    private readonly policy: OutboundPolicy,
    private readonly secrets: SecretBox,
  ) {}

  async store(request: OpenApiSourceDto): Promise<SourceSettings> {
    const headers = request.headers ?? {};
    const secretHeaders = request.secret_headers ?? {};
    const signal = AbortSignal.timeout(DOCUMENT_READ_TIME_LIMIT_MS);
    const document = await (
      request.document_url === undefined
        ? parseDocumentText(request.document ?? '', signal).then(checkedDocument)
        : readDocumentAt(
            this.outbound,
            request.document_url,
            requestHeadersOf({ headers, secret_headers: secretHeaders }),
            signal,
          )
    ).catch((error: unknown) => {
      throw signal.aborted
        ? new InvalidSourceDocumentError(
            `it was not read within ${DOCUMENT_READ_TIME_LIMIT_MS / 1000} s`,
          )
        : error;
    });
    // What can be checked without resolving: resolving is the listing's, bounded by its limit.
    operationsOf(document, Number.POSITIVE_INFINITY);
    if (request.base_url === undefined) this.checkServer(baseUrlOf(document, request));
    const settings: OpenApiSourceSettings = {
      ...(request.document_url === undefined
        ? { document, document_sha256: sha256Of(JSON.stringify(document)) }
        : { document_url: request.document_url }),
      ...(request.base_url === undefined ? {} : { base_url: request.base_url }),
      headers,
      secret_headers: secretHeaders,
    };
    return this.mapSecrets(settings as unknown as SourceSettings, (value) =>
      this.secrets.seal(value),
    );
  }

  mapSecrets(settings: SourceSettings, transform: (value: string) => string): SourceSettings {
    return mapSettingsSecretHeaders(settings, transform);
  }

  view(stored: SourceSettings): Record<string, unknown> {
    const settings = openApiSettingsOf(stored);
    // The document itself is not shown: it may be large, and its SHA-256 names it.
    return {
      document_url: settings.document_url,
      document_sha256: settings.document_sha256,
      base_url: settings.base_url,
      headers: settings.headers,
      secret_header_names: Object.keys(settings.secret_headers),
    };
  }

  async list(
    source: StoredToolSource,
    { signal, limit }: { signal: AbortSignal; limit: number },
  ): Promise<UpstreamListing> {
    const prepared = await this.prepare(source, limit, signal);
    this.prepared.keep(source.id, prepared);
    return { tools: [...prepared.operations.values()].map((operation) => operation.tool) };
  }

  async call(
    source: StoredToolSource,
    upstreamName: string,
    args: Record<string, unknown>,
    { signal }: ToolContext,
  ): Promise<unknown> {
    const { baseUrl, operations } = await this.preparedForCall(source, signal);
    const operation = operations.get(upstreamName);
    if (!operation) {
      throw new ToolExecutionFailedError(
        `The OpenAPI document of source '${source.name}' no longer has operation '${upstreamName}'`,
      );
    }
    const request = operationRequestOf(operation, args, baseUrl);
    if ('issues' in request) throw new InvalidToolInputError(upstreamName, request.issues);
    // The source's headers win over header arguments: a caller cannot replace its credentials.
    const headers = sourceHeadersOf(openApiSettingsOf(source.settings), this.secrets);
    for (const [name, value] of request.headers) if (!headers.has(name)) headers.set(name, value);
    if (!headers.has('accept')) headers.set('accept', 'application/json, */*;q=0.5');
    const url = new URL(request.url);
    const displayUrl = `${url.origin}${url.pathname}`;
    const response = await sendToEndpoint(
      this.outbound,
      request.url,
      { method: request.method, headers, body: request.body, signal },
      displayUrl,
    );
    return operationAnswerOf(response, displayUrl, signal);
  }

  release(sourceId: string): Promise<void> {
    this.prepared.forget(sourceId);
    return Promise.resolve();
  }

  private async preparedForCall(
    source: StoredToolSource,
    signal: AbortSignal,
  ): Promise<PreparedSource> {
    const key = documentKeyOf(openApiSettingsOf(source.settings));
    // Not the caller's signal: other calls may come to wait on the same read. The listing's
    // limit already held for the operations being called.
    const prepare = () =>
      this.prepare(
        source,
        Number.POSITIVE_INFINITY,
        AbortSignal.timeout(DOCUMENT_READ_TIME_LIMIT_MS),
      );
    try {
      return await this.prepared.get(source.id, key, prepare, signal);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new ToolExecutionFailedError(
        `The OpenAPI document of source '${source.name}' could not be read: ${(error as Error).message}`,
      );
    }
  }

  private async prepare(
    source: StoredToolSource,
    limit: number,
    signal: AbortSignal,
  ): Promise<PreparedSource> {
    const settings = openApiSettingsOf(source.settings);
    const document =
      settings.document ??
      (await readDocumentAt(
        this.outbound,
        settings.document_url ?? '',
        sourceHeadersOf(settings, this.secrets),
        signal,
      ));
    const operations = await prepareOperations(
      document,
      limit,
      settings.document_url,
      this.outbound,
      signal,
    );
    return {
      key: documentKeyOf(settings),
      baseUrl: baseUrlOf(document, settings),
      operations: new Map(operations.map((operation) => [operation.tool.name, operation])),
    };
  }

  /**
   * The document's own server must be one tools may reach, as a `base_url` given must be:
   * refused now rather than at every call.
   */
  private checkServer(baseUrl: string): void {
    const refusal = this.policy.literalRefusalOf(new URL(baseUrl).hostname);
    if (!refusal) return;
    throw new ValidationFailedError([
      {
        field: 'base_url',
        messages: [
          `the document's first server ${baseUrl} is a ${refusal} address, which tools may ` +
            'reach only where TOOL_URL_ALLOW allows it; give base_url',
        ],
      },
    ]);
  }
}

function sha256Of(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
