import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** toolhub's version, from `package.json` (one level above both `src/` and `dist/`). */
export const PACKAGE_VERSION = (
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
