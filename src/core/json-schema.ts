/** A JSON Schema document (draft 2020-12 subset that Ajv understands). */
export type JsonSchema = Record<string, unknown>;
