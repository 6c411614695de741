import { resolve } from 'node:path';
import { Transform } from 'class-transformer';
import { IsString, MinLength } from 'class-validator';
import { defaultDataDirectory } from './default-data-directory';
import { Describe, VariableGroup } from './variable-docs.decorator';

/**
 * The directory the server keeps its files in: the embedded database, key files, blobs. It is
 * core's because features of every layer (secrets, the database, files, keys) keep files there.
 */
@VariableGroup('Data directory')
export class DataDirectoryConfig {
  /** Made absolute: a relative value is read from the working directory at start. */
  @Describe(
    'The data directory: embedded database, key files, first admin key, uploads (one process at a time); `$XDG_DATA_HOME/toolhub` if that is set, whatever the working directory',
    { shownDefault: '~/.local/share/toolhub' },
  )
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value.trim() !== '' ? resolve(value) : value,
  )
  @IsString()
  @MinLength(1)
  DATA_DIR = defaultDataDirectory();
}
