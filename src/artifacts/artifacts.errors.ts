import { DomainError } from '../core/errors';

/** Artifacts that do not exist or are another user's: the two are not told apart. */
export class ArtifactNotFoundError extends DomainError {
  readonly code = 'ARTIFACT_NOT_FOUND';
  readonly status = 404;
  constructor(what: string) {
    super(`Artifact ${what} not found`);
  }
}

/** A piece of a tool result larger than an artifact may be (the run goes on; the model is told). */
export class ArtifactTooLargeError extends DomainError {
  readonly code = 'ARTIFACT_TOO_LARGE';
  readonly status = 413;
  constructor(sizeBytes: number, limitBytes: number) {
    super(
      `The artifact of ${sizeBytes} bytes exceeds the maximum size of ${limitBytes} bytes (ARTIFACT_MAX_BYTES)`,
      { size_bytes: sizeBytes, max_bytes: limitBytes },
    );
  }
}
