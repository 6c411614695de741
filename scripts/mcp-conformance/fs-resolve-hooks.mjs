// Module resolution hooks: `fs` and `node:fs` become fs-with-glob-sync.mjs, except inside it.
const shim = new URL('./fs-with-glob-sync.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL !== shim) {
    return { url: shim, shortCircuit: true };
  }
  return next(specifier, context);
}
