/**
 * What `make` returns, made by the first call rather than when the file asking for it loads: a
 * library or a compiled schema that only some requests need then costs nothing to a start that
 * never uses it. For a library, `make` is `() => require('name') as typeof Name`, beside an
 * `import type * as Name from 'name'`: its types without its loading (an import of its values
 * would load it with the file).
 */
export function onFirstUse<Value>(make: () => Value): () => Value {
  let made: { value: Value } | undefined;
  return () => (made ??= { value: make() }).value;
}
