import { ValidateBy } from 'class-validator';
import { SECRET_KEY_FORM, parseSecretKey } from './secret-key';

/** An environment variable holding an encryption key, in the form `parseSecretKey` reads. */
export function SecretKeyVariable(): PropertyDecorator {
  return ValidateBy({
    name: 'isSecretKey',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && !!parseSecretKey(value),
      defaultMessage: (args) => `${args?.property} must be ${SECRET_KEY_FORM}`,
    },
  });
}
