import { randomUUID } from 'node:crypto';

/**
 * Loads a package that ships only as an ES module: TypeScript compiles this project's `import()`
 * to `require`, which Jest's module system cannot give an ES module, so the `import()` is made
 * at run time. Each loader's source differs: V8 reuses a function compiled from the same source,
 * and with it the importer of whichever module compiled it first.
 */
export function esmImport<Module>(specifier: string): () => Promise<Module> {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a real import(), see above
  return new Function(
    `return import(${JSON.stringify(specifier)}); // ${randomUUID()}`,
  ) as () => Promise<Module>;
}
