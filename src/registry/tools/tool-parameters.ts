import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import draft07MetaSchema from 'ajv/dist/refs/json-schema-draft-07.json';
import { type DomainError, ValidationFailedError } from '../../core/errors';
import { linearRegExp } from '../../tools/linear-regexp';
import { schemaProblemOf } from './tool-schema-inspection';
import { ToolSchemaConfig } from './tool-schema.config';

/** Distinct schemas whose compiled validators are kept; a tool keeps its own besides. */
const COMPILED_SCHEMAS_KEPT = 100;

/**
 * Checks and compiles registered tools' `parameters`: JSON Schema 2020-12 (MCP's default) or
 * draft-07 when the schema says so, with patterns on the linear-time engine. Not strict:
 * schemas written for other validators may carry keywords Ajv does not know, and those must not
 * make a valid schema unusable. Compiling costs time in proportion to the schema, so it
 * happens once per distinct schema (by hash) and only when needed: at registration, to refuse
 * what does not compile, and at a tool's first call; loading stored tools only checks them.
 */
@Injectable()
export class ToolParametersCompiler {
  private readonly ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    code: { regExp: linearRegExp },
  });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly limits: ToolSchemaConfig) {
    this.ajv.addMetaSchema(draft07MetaSchema);
  }

  /**
   * Why stored `parameters` cannot be served, short of compiling them: not an object schema,
   * over a limit, a pattern the engine cannot run, or invalid against its meta-schema.
   */
  problemOf(parameters: unknown): DomainError | undefined {
    if (!isObject(parameters) || parameters.type !== 'object') {
      return invalid('parameters must be a JSON Schema of type "object" (tool inputs are objects)');
    }
    const problem = schemaProblemOf(parameters, this.limits);
    if (problem) return problem;
    try {
      // Throws "schema is invalid: …", as compiling would.
      const valid = this.ajv.validateSchema(parameters, true);
      return valid === true ? undefined : invalid('parameters is not a valid JSON Schema');
    } catch (error) {
      return notJsonSchema(error);
    }
  }

  /**
   * Refuses (422) `parameters` that could not be stored and served exactly as given, then
   * compiles them, so that their first call on this instance finds them compiled.
   */
  assertValid(parameters: Record<string, unknown>): void {
    const problem = this.problemOf(parameters);
    if (problem) throw problem;
    try {
      this.compile(parameters);
    } catch (error) {
      throw notJsonSchema(error);
    }
  }

  /** The validator of `parameters`, compiled once per distinct schema. */
  compile(parameters: Record<string, unknown>): ValidateFunction {
    const key = hashOf(parameters);
    const cached = this.compiled.get(key);
    if (cached) {
      // Most recently used last, so the least recently used is dropped first.
      this.compiled.delete(key);
      this.compiled.set(key, cached);
      return cached;
    }
    const validate = this.ajv.compile(parameters);
    // Forget the schema so that two tools may use the same `$id` and memory does not grow.
    this.ajv.removeSchema(parameters);
    this.compiled.set(key, validate);
    if (this.compiled.size > COMPILED_SCHEMAS_KEPT) {
      this.compiled.delete(this.compiled.keys().next().value as string);
    }
    return validate;
  }
}

/** The same hash whatever the order of keys (the database may reorder them). */
function hashOf(parameters: Record<string, unknown>): string {
  const canonical = JSON.stringify(parameters, (_key, value: unknown) =>
    isObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, value[key]]),
        )
      : value,
  );
  return createHash('sha256').update(canonical).digest('base64url');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function notJsonSchema(error: unknown): ValidationFailedError {
  return invalid(
    `parameters is not a valid JSON Schema: ${error instanceof Error ? error.message : String(error)}`,
  );
}

function invalid(message: string): ValidationFailedError {
  return new ValidationFailedError([{ field: 'parameters', messages: [message] }]);
}
