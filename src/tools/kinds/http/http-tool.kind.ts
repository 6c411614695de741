import { Injectable } from '@nestjs/common';
import { SecretBox } from '../../../secrets/secret-box';
import { ToolKindProvider } from '../../tool-kind-provider.decorator';
import { EndpointToolKind, type StoredEndpoint } from '../endpoint/endpoint-tool.kind';
import { HttpToolRunner } from './http-tool-runner';

/** `http` tools: the input is POSTed as JSON to the tool's URL. */
@ToolKindProvider()
@Injectable()
export class HttpToolKind extends EndpointToolKind {
  readonly type = 'http';

  constructor(
    secrets: SecretBox,
    private readonly runner: HttpToolRunner,
  ) {
    super(secrets);
  }

  protected storedFieldsOf(): Record<string, unknown> {
    return {};
  }

  protected call(endpoint: StoredEndpoint, input: Record<string, unknown>, signal: AbortSignal) {
    return this.runner.run(endpoint, input, signal);
  }
}
