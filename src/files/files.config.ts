import { Max, Min } from 'class-validator';
import { IntegerVariable } from '../core/config';

/** The environment variables of uploaded files. */
export class FilesConfig {
  /** The largest file `POST /api/v1/files` accepts, in bytes; larger is 413 FILE_TOO_LARGE. */
  @IntegerVariable()
  @Min(1)
  @Max(2 ** 40)
  FILE_MAX_BYTES = 20 * 1024 * 1024;
}
