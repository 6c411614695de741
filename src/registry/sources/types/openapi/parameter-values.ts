import { type OperationParameter } from './prepared-operation';

/**
 * How OpenAPI writes an argument into a request (its `style` and `explode`), for the styles APIs
 * use: `simple` in paths and headers, `form` in queries and cookies (each list item or object
 * member its own pair unless `explode` is false), `spaceDelimited`, `pipeDelimited` and
 * `deepObject` in queries. A parameter described by a media type is sent as its JSON text.
 */

/**
 * The text of a path or header argument, each of its parts passed through `encode` (a path's
 * percent-encoding) and the separators left as they are.
 */
export function simpleValueOf(
  parameter: OperationParameter,
  value: unknown,
  encode: (text: string) => string = (text) => text,
): string {
  if (parameter.asJson) return encode(JSON.stringify(value));
  const part = (item: unknown) => encode(textOf(item));
  if (Array.isArray(value)) return value.map(part).join(',');
  if (isObject(value)) {
    const pairs = Object.entries(value);
    return parameter.explode === true
      ? pairs.map(([key, item]) => `${encode(key)}=${part(item)}`).join(',')
      : pairs.flatMap(([key, item]) => [encode(key), part(item)]).join(',');
  }
  return part(value);
}

/** The name and value pairs of a query or cookie argument. */
export function formPairsOf(parameter: OperationParameter, value: unknown): [string, string][] {
  const { name } = parameter;
  if (parameter.asJson) return [[name, JSON.stringify(value)]];
  const explode = parameter.explode ?? (parameter.style ?? 'form') === 'form';
  if (Array.isArray(value)) {
    const items = value.map(textOf);
    if (parameter.style === 'spaceDelimited') return [[name, items.join(' ')]];
    if (parameter.style === 'pipeDelimited') return [[name, items.join('|')]];
    return explode ? items.map((item) => [name, item]) : [[name, items.join(',')]];
  }
  if (isObject(value)) {
    const members = Object.entries(value).map(([key, item]): [string, string] => [
      key,
      textOf(item),
    ]);
    if (parameter.style === 'deepObject')
      return members.map(([key, item]) => [`${name}[${key}]`, item]);
    return explode ? members : [[name, members.flat().join(',')]];
  }
  return [[name, textOf(value)]];
}

function textOf(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
