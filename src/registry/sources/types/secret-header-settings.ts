import { mapSecretHeaders } from '../../../tools/kinds/endpoint/secret-headers';
import { type SourceSettings } from '../tool-source-type.contract';

/**
 * A source's settings with each of its `secret_headers` values transformed: what the source
 * types that reach their upstream over HTTP seal, open and re-seal at a key rotation.
 */
export function mapSettingsSecretHeaders(
  settings: SourceSettings,
  transform: (value: string) => string,
): SourceSettings {
  const secretHeaders = settings.secret_headers as Record<string, string>;
  return { ...settings, secret_headers: mapSecretHeaders(secretHeaders, transform) };
}
