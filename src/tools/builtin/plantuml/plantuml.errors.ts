import { DomainError, formatSize } from '../../../core/errors';

export class EmptyCodeError extends DomainError {
  readonly code = 'EMPTY_CODE';
  readonly status = 400;
  constructor() {
    super('plantumlCode is required and cannot be empty');
  }
}

export class CodeTooLargeError extends DomainError {
  readonly code = 'CODE_TOO_LARGE';
  readonly status = 413;
  constructor(maxBytes: number) {
    super(`PlantUML code exceeds maximum size of ${formatSize(maxBytes)}`);
  }
}

export class EncodingFailedError extends DomainError {
  readonly code = 'ENCODING_FAILED';
  readonly status = 500;
  constructor() {
    super('Failed to encode PlantUML code');
  }
}
