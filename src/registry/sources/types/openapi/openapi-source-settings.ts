import { type SecretBox } from '../../../../secrets/secret-box';
import { mapSecretHeaders } from '../../../../tools/kinds/endpoint/secret-headers';
import { requestHeadersOf } from '../../../../tools/kinds/endpoint/tool-endpoint';
import { type SourceSettings } from '../../tool-source-type.contract';
import { type OpenApiDocument } from './openapi-document';

/** What an `openapi` source stores: its document (or where to read it), secret values sealed. */
export interface OpenApiSourceSettings {
  document_url?: string;
  /** A document given as text, as JSON, and the SHA-256 of that JSON, which names it. */
  document?: OpenApiDocument;
  document_sha256?: string;
  base_url?: string;
  headers: Record<string, string>;
  secret_headers: Record<string, string>;
}

export function openApiSettingsOf(settings: SourceSettings): OpenApiSourceSettings {
  return settings as unknown as OpenApiSourceSettings;
}

/** The headers every request of a source carries, its secret ones opened. */
export function sourceHeadersOf(settings: OpenApiSourceSettings, secrets: SecretBox): Headers {
  return requestHeadersOf({
    headers: settings.headers,
    secret_headers: mapSecretHeaders(settings.secret_headers, (value) => secrets.open(value)),
  });
}

/** Which document, and where its operations are called: what operations read are valid for. */
export function documentKeyOf(settings: OpenApiSourceSettings): string {
  return JSON.stringify([settings.document_url ?? settings.document_sha256, settings.base_url]);
}
