import { ValidateIf } from 'class-validator';
import { SecretKeyVariable } from './secret-key-variable.decorator';
import { Describe, VariableGroup } from '../core/config';

/** The environment variables of the key that encrypts stored secrets. */
@VariableGroup('Secrets')
export class SecretsConfig {
  @Describe(
    "Key of stored secrets (tools' `secret_headers`): 32 random bytes, base64 or hex (`openssl rand -base64 32`); required with `DATABASE_URL`, the same on every instance",
    { unset: 'a key file, `<DATA_DIR>/secret.key`' },
  )
  @ValidateIf((config: SecretsConfig) => config.SECRET_KEY !== '')
  @SecretKeyVariable()
  SECRET_KEY = '';

  @Describe(
    'The key being rotated away from: it still decrypts, and the start re-encrypts what it sealed',
  )
  @ValidateIf((config: SecretsConfig) => config.SECRET_KEY_PREVIOUS !== '')
  @SecretKeyVariable()
  SECRET_KEY_PREVIOUS = '';
}
