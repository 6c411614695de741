import { DomainError } from './domain-error';

/**
 * Input that no handler should see: text that is not Unicode, text a database cannot hold,
 * numbers beyond a double, bodies nested beyond the parser's depth. Each has its own code so a
 * client learns exactly what to fix; all are client errors (400), never a crash.
 */

export class InvalidUtf8Error extends DomainError {
  readonly code = 'INVALID_ENCODING';
  readonly status = 400;

  static inBody(offset: number, byte: number): InvalidUtf8Error {
    const hex = byte.toString(16).toUpperCase().padStart(2, '0');
    return new InvalidUtf8Error(
      `Request body is not valid UTF-8: byte 0x${hex} at offset ${offset}`,
      { offset },
    );
  }

  static inUrl(): InvalidUtf8Error {
    return new InvalidUtf8Error('Request URL is not valid UTF-8 once percent-decoded');
  }
}

/** Where in a request a character was found: a field path (`parameters.properties.x`). */
export interface TextPosition {
  field: string;
  /** Index of the offending UTF-16 code unit in the string. */
  index: number;
  /** Whether the text is a property name rather than a value. */
  inPropertyName?: true;
}

function describe(position: TextPosition): string {
  const what = position.inPropertyName ? 'A property name in' : 'Field';
  return `${what} '${position.field || '(body)'}'`;
}

export class LoneSurrogateError extends DomainError {
  readonly code = 'LONE_SURROGATE';
  readonly status = 400;
  constructor(position: TextPosition, unit: number) {
    super(
      `${describe(position)} contains a lone surrogate (U+${unit.toString(16).toUpperCase()} ` +
        `at index ${position.index}), which is not a Unicode character`,
      position,
    );
  }
}

export class NulCharacterError extends DomainError {
  readonly code = 'NUL_CHARACTER';
  readonly status = 400;
  constructor(position: TextPosition) {
    super(
      `${describe(position)} contains a NUL character (U+0000 at index ${position.index}), ` +
        'which cannot be stored or searched',
      position,
    );
  }
}

export class JsonTooDeepError extends DomainError {
  readonly code = 'JSON_TOO_DEEP';
  readonly status = 400;
  constructor(maxDepth: number) {
    super(`Request body nests arrays and objects deeper than ${maxDepth} levels`, { maxDepth });
  }
}

export class NumberOutOfRangeError extends DomainError {
  readonly code = 'NUMBER_OUT_OF_RANGE';
  readonly status = 400;

  /** A JSON number that overflows a double (e.g. `1e400`), which would be stored changed. */
  static inBody(key: string): NumberOutOfRangeError {
    return new NumberOutOfRangeError(
      `Request body holds a number too large to represent${key ? ` at '${key}'` : ''}`,
      { field: key },
    );
  }

  /** A query number beyond the integers a double holds exactly (e.g. `offset=1e20`). */
  static inQuery(field: string, value: number): NumberOutOfRangeError {
    return new NumberOutOfRangeError(
      `Query parameter '${field}' is out of range: ${value} (at most ${Number.MAX_SAFE_INTEGER} ` +
        'in size)',
      { field },
    );
  }
}
