// plantuml-encoder ships no types; tests use only its independent decoder.
declare module 'plantuml-encoder' {
  export function encode(text: string): string;
  export function decode(encoded: string): string;
}
