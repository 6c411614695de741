import { type IncomingMessage } from 'node:http';
import { type Readable, Transform, pipeline } from 'node:stream';
import busboy from 'busboy';
import { FileTooLargeError, MalformedMultipartError, NotMultipartError } from './files.errors';
import { ValidationFailedError } from '../core/errors';

/** The uploaded file's part, as it streams in. */
export interface UploadPart {
  /** Ends with an error after `maxBytes`. */
  stream: Readable;
  /** The file name the client gave, without any directory part. */
  filename: string;
  /** The part's Content-Type, as the client declared it. */
  declaredType: string | undefined;
}

const FILE_FIELD = 'file';

/**
 * Reads the `file` part of a `multipart/form-data` request and hands it, streaming, to `store`
 * (nothing is held whole in memory). Other parts are skipped. The request body was left
 * unread by the HTTP adapter. When `store` fails (the file is too large), the rest of the
 * body is discarded and the failure is thrown.
 */
export function receiveUpload<T>(
  request: IncomingMessage,
  maxBytes: number,
  store: (part: UploadPart) => Promise<T>,
): Promise<T> {
  const contentType = request.headers['content-type'];
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType.trim())) {
    throw new NotMultipartError(contentType);
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: request.headers, limits: { files: 1, fields: 100, parts: 101 } });
  } catch (error) {
    throw new MalformedMultipartError(error instanceof Error ? error.message : String(error));
  }
  return new Promise<T>((resolve, reject) => {
    let stored: Promise<T> | undefined;
    let partStream: Readable | undefined;
    /** Why the body broke, if it did: what the client is told, whatever the store then says. */
    let bodyError: unknown;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    const fail = (error: unknown) =>
      settle(() => {
        // Stop parsing; the rest of the body is read and dropped so the answer reaches the client.
        request.unpipe(parser);
        request.resume();
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    // A body that breaks while the part is being stored: the store is stopped and has cleaned up
    // (no half-written blob left) before the answer goes out.
    const failAfterStore = (error: unknown) => {
      if (!stored) return fail(error);
      bodyError ??= error;
      partStream?.destroy(error instanceof Error ? error : new Error(String(error)));
      stored.then(
        () => fail(error),
        () => fail(error),
      );
    };
    parser.on('file', (field, file, info) => {
      if (field !== FILE_FIELD || stored) {
        file.resume();
        return;
      }
      const part: UploadPart = {
        // pipeline: the part's own failure (a truncated body) reaches the store too.
        stream: pipeline(file, limitTo(maxBytes), () => undefined),
        filename: baseName(info.filename),
        declaredType: info.mimeType || undefined,
      };
      partStream = part.stream;
      stored = store(part);
      stored.catch((error: unknown) => fail(bodyError ?? error));
    });
    parser.on('close', () => {
      if (!stored) {
        fail(
          new ValidationFailedError([
            {
              field: FILE_FIELD,
              messages: [`a part named '${FILE_FIELD}' with the file is required`],
            },
          ]),
        );
        return;
      }
      stored.then(
        (value) => settle(() => resolve(value)),
        (error: unknown) => fail(bodyError ?? error),
      );
    });
    parser.on('error', (error: unknown) =>
      failAfterStore(
        new MalformedMultipartError(error instanceof Error ? error.message : String(error)),
      ),
    );
    request.on('aborted', () =>
      failAfterStore(new MalformedMultipartError('the request was aborted')),
    );
    request.pipe(parser);
  });
}

/** Passes bytes on until there are more than `maxBytes`, then fails with FILE_TOO_LARGE. */
function limitTo(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new FileTooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
}

/** The name a file is kept under: the last segment of what the sender called it, else `file`. */
export function baseName(filename: string | undefined): string {
  const name = (filename ?? '').split(/[/\\]/).pop()?.trim() ?? '';
  return name === '' ? 'file' : name.slice(0, 255);
}
