import { readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { MODULE_METADATA } from '@nestjs/common/constants';
import { type Type } from '@nestjs/common';

/**
 * The Nest modules of the tools that ship with toolhub: every `*.module.ts` (`.js` once built)
 * in a folder below this one. Dropping a tool's folder here is all it takes to serve it.
 */
export function builtinToolModules(directory = __dirname): Type[] {
  const extension = extname(__filename); // '.ts' under ts-jest, '.js' when built
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(`.module${extension}`))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
    .flatMap((file) => Object.values(loadModuleFile(file)).filter(isNestModule));
}

function loadModuleFile(file: string): Record<string, unknown> {
  // A synchronous require keeps module wiring static: the module graph is complete before Nest starts.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(file) as Record<string, unknown>;
}

function isNestModule(value: unknown): value is Type {
  return (
    typeof value === 'function' &&
    Object.values(MODULE_METADATA).some((key) => Reflect.hasOwnMetadata(key, value))
  );
}
