import { ProviderError } from './model-provider.contract';

/**
 * A provider the SDK could not reach (refused, reset, timed out), naming the host and port it
 * tried: the SDKs say only "Connection error.", and a wrong base URL is the usual cause. Host and
 * port only, never the whole URL, which may carry credentials.
 */
export function providerUnreachable(
  sdkMessage: string,
  baseUrl: string,
  baseUrlVariable: string,
): ProviderError {
  const url = new URL(baseUrl);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return new ProviderError(
    `${sdkMessage} Tried ${url.hostname}:${port} (set by ${baseUrlVariable}).`,
    'PROVIDER_UNREACHABLE',
  );
}
