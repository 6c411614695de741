import { ValidateIf } from 'class-validator';
import { SecretKeyVariable } from './secret-key-variable.decorator';

/** The environment variables of the key that encrypts stored secrets. */
export class SecretsConfig {
  /**
   * The key stored secrets (tools' `secret_headers`) are encrypted with. Unset: a key file
   * generated in `DATA_DIR`; required with `DATABASE_URL`, where every instance needs it.
   */
  @ValidateIf((config: SecretsConfig) => config.SECRET_KEY !== '')
  @SecretKeyVariable()
  SECRET_KEY = '';

  /** The key being rotated away from: still decrypts, and what it encrypted is re-encrypted. */
  @ValidateIf((config: SecretsConfig) => config.SECRET_KEY_PREVIOUS !== '')
  @SecretKeyVariable()
  SECRET_KEY_PREVIOUS = '';
}
