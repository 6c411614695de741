import fc from 'fast-check';

/** A JSON Schema of the OpenAPI document, as far as building an example needs it. */
interface SchemaObject {
  $ref?: string;
  allOf?: SchemaObject[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  example?: unknown;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: SchemaObject }> } }>
  >;
  components: { schemas: Record<string, SchemaObject> };
}

/** A write route of the API: method and path template (`/api/v1/tools/{id}`). */
export interface WriteRoute {
  method: 'post' | 'put' | 'patch' | 'delete';
  path: string;
  /** A body the route's DTO documents as valid, from the schema's examples (`{}` without one). */
  example: Record<string, unknown>;
}

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;

/** Every write route under `prefix` of an OpenAPI document, with an example body each. */
export function writeRoutesOf(document: OpenApiDocument, prefix: string): WriteRoute[] {
  const routes: WriteRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith(prefix)) continue;
    for (const method of WRITE_METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      routes.push({ method, path, example: schema ? exampleOf(schema, document) : {} });
    }
  }
  return routes;
}

/**
 * The properties with an example of their own, and required objects documented only by
 * reference (a model config) built the same way; optional ones (a tool's implementation) are
 * left out, so an example body never points a tool at an outside server.
 */
function exampleOf(schema: SchemaObject, document: OpenApiDocument): Record<string, unknown> {
  const resolved = resolve(schema, document);
  const example: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    if (property.example !== undefined) example[name] = property.example;
    else if (resolved.required?.includes(name)) example[name] = exampleOf(property, document);
  }
  return example;
}

function resolve(schema: SchemaObject, document: OpenApiDocument): SchemaObject {
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    return resolve(document.components.schemas[name], document);
  }
  if (schema.allOf?.length === 1) return resolve(schema.allOf[0], document);
  return schema;
}

/**
 * Number literals JSON.stringify cannot write (they overflow or underflow a double, or lose
 * precision): a generated value holds a placeholder string that `toJsonText` swaps for one.
 */
const RAW_NUMBERS = ['1e400', '-1e400', '1e-400', '9'.repeat(400), '9007199254740993', '-0'];
const rawNumberPlaceholder = (index: number) => `\u0001raw-number-${index}\u0001`;

/** Text that stresses storage: NUL, lone surrogates of both halves, astral characters. */
const hardText = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '😀', '\u0001'),
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(''));

const edgeNumber = fc.oneof(
  fc.constantFrom(
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    Number.MAX_SAFE_INTEGER + 2,
    -(2 ** 63),
    2 ** 31,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: 0, max: RAW_NUMBERS.length - 1 }).map(rawNumberPlaceholder),
);

/** A value nested `depth` arrays or objects deep around a leaf. */
const deeplyNested = fc
  .tuple(fc.integer({ min: 40, max: 300 }), fc.boolean(), fc.jsonValue({ maxDepth: 1 }))
  .map(([depth, asObject, leaf]) => {
    let value: unknown = leaf;
    for (let i = 0; i < depth; i += 1) value = asObject ? { a: value } : [value];
    return value;
  });

/** Anything a field may be sent as: every JSON type, and (mostly) the hard cases above. */
const anyFieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  { arbitrary: hardText, weight: 3 },
  { arbitrary: edgeNumber, weight: 2 },
  { arbitrary: deeplyNested, weight: 1 },
);

/** A valid body with fields replaced, removed or added: wrong types, edge numbers, hard text. */
export function mutatedBody(example: Record<string, unknown>): fc.Arbitrary<unknown> {
  const names = [...Object.keys(example), 'unknown_field'];
  const change = fc.record({
    name: fc.oneof({ arbitrary: fc.constantFrom(...names), weight: 4 }, hardText),
    value: fc.option(anyFieldValue, { nil: undefined, freq: 8 }),
  });
  return fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => {
    const body: Record<string, unknown> = { ...example };
    for (const { name, value } of changes) {
      if (value === undefined) delete body[name];
      else body[name] = value;
    }
    return body;
  });
}

/** Any JSON value as a whole body, or a mutation of the route's valid body. */
export function jsonBodyFor(example: Record<string, unknown>): fc.Arbitrary<string> {
  return fc
    .oneof(
      { arbitrary: mutatedBody(example), weight: 4 },
      { arbitrary: fc.jsonValue({ maxDepth: 4 }), weight: 1 },
      { arbitrary: deeplyNested, weight: 1 },
    )
    .map(toJsonText);
}

/** JSON text of a generated value, with the raw number literals put in. */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(
    /"\\u0001raw-number-(\d+)\\u0001"/g,
    (_match, index: string) => RAW_NUMBERS[Number(index)],
  );
}

/** Bytes that are not a JSON body: random bytes, a valid body cut short, or with a bad byte. */
export function rawBodyFor(example: Record<string, unknown>): fc.Arbitrary<Buffer> {
  const valid = Buffer.from(JSON.stringify(example));
  return fc.oneof(
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    fc.integer({ min: 1, max: Math.max(1, valid.length - 1) }).map((end) => valid.subarray(0, end)),
    fc
      .tuple(
        fc.integer({ min: 0, max: valid.length }),
        fc.constantFrom(0x80, 0xbf, 0xc0, 0xc3, 0xed, 0xf5, 0xfe, 0xff),
      )
      .map(([at, byte]) =>
        Buffer.concat([valid.subarray(0, at), Buffer.from([byte]), valid.subarray(at)]),
      ),
  );
}
