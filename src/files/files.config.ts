import { Max, Min } from 'class-validator';
import { Describe, IntegerVariable, VariableGroup } from '../core/config';

/** The environment variables of uploaded files. */
@VariableGroup('Files')
export class FilesConfig {
  @Describe(
    'Largest uploaded file (`POST /api/v1/files`), in bytes; larger is `413 FILE_TOO_LARGE`',
  )
  @IntegerVariable()
  @Min(1)
  @Max(2 ** 40)
  FILE_MAX_BYTES = 20 * 1024 * 1024;
}
