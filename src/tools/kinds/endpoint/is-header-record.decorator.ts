import { applyDecorators } from '@nestjs/common';
import { IsObject, ValidateBy, type ValidationOptions } from 'class-validator';
import { Omittable } from '../../../core/validation/omittable.decorator';

/** An HTTP token (RFC 9110), the syntax of a header name. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible characters, spaces and tabs: no CR/LF that could split a header. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** An object of HTTP header names to string values that can be sent as they are. */
export function IsHeaderRecord(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isHeaderRecord',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          Object.entries(value).every(
            ([name, header]) =>
              HEADER_NAME.test(name) && typeof header === 'string' && HEADER_VALUE.test(header),
          ),
        defaultMessage: () =>
          '$property must map header names to string values without line breaks',
      },
    },
    options,
  );
}

/** An optional field of headers to send (`headers`, `secret_headers`): may be left out, not null. */
export function IsOptionalHeaders(): PropertyDecorator {
  return applyDecorators(Omittable(), IsObject(), IsHeaderRecord());
}
