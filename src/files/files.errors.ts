import { DomainError } from '../core/errors';

/** Files that do not exist or are another user's: the two are not told apart. */
export class FileNotFoundError extends DomainError {
  readonly code = 'FILE_NOT_FOUND';
  readonly status = 404;
  constructor(ids: readonly string[]) {
    super(
      ids.length === 1
        ? `File with id '${ids[0]}' not found`
        : `Files with ids ${ids.map((id) => `'${id}'`).join(', ')} not found`,
      { file_ids: ids },
    );
  }
}

export class FileTooLargeError extends DomainError {
  readonly code = 'FILE_TOO_LARGE';
  readonly status = 413;
  constructor(limitBytes: number) {
    super(`The file exceeds the maximum size of ${limitBytes} bytes (FILE_MAX_BYTES)`, {
      max_bytes: limitBytes,
    });
  }
}

/** An upload must be a `multipart/form-data` body with the file in a part named `file`. */
export class NotMultipartError extends DomainError {
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
  readonly status = 415;
  constructor(contentType: string | undefined) {
    super(
      `Content-Type '${contentType ?? '(none)'}' is not supported; send the file as multipart/form-data in a part named 'file'`,
    );
  }
}

export class MalformedMultipartError extends DomainError {
  readonly code = 'BAD_REQUEST';
  readonly status = 400;
  constructor(reason: string) {
    super(`The multipart body could not be read: ${reason}`);
  }
}
