import { resolve } from 'node:path';
import { Transform } from 'class-transformer';
import { IsString, MinLength } from 'class-validator';
import { defaultDataDirectory } from './default-data-directory';

/**
 * The directory the server keeps its files in: the embedded database, key files, blobs. It is
 * core's because features of every layer (secrets, the database, files, keys) keep files there.
 */
export class DataDirectoryConfig {
  /**
   * Where the embedded database keeps its files, and the server its key files; made absolute
   * (a relative value is read from the working directory at start).
   */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value.trim() !== '' ? resolve(value) : value,
  )
  @IsString()
  @MinLength(1)
  DATA_DIR = defaultDataDirectory();
}
