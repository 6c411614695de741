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
 * Checks and compiles tool input schemas (registered tools' `parameters`, workflows'
 * `input_schema`; each refusal names the field it was given): JSON Schema 2020-12 (MCP's
 * default) or draft-07 when the schema says so, with patterns on the linear-time engine. Not strict:
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
   * Why a stored schema, given as `field`, cannot be served, short of compiling it: not an
   * object schema, over a limit, a pattern the engine cannot run, or invalid against its
   * meta-schema.
   */
  problemOf(schema: unknown, field: string): DomainError | undefined {
    if (!isObject(schema) || schema.type !== 'object') {
      return invalid(
        field,
        `${field} must be a JSON Schema of type "object" (tool inputs are objects)`,
      );
    }
    const problem = schemaProblemOf(schema, this.limits, field);
    if (problem) return problem;
    try {
      // Throws "schema is invalid: …", as compiling would.
      const valid = this.ajv.validateSchema(schema, true);
      return valid === true ? undefined : invalid(field, `${field} is not a valid JSON Schema`);
    } catch (error) {
      return notJsonSchema(field, error);
    }
  }

  /**
   * Refuses (422, naming `field`) a schema that could not be stored and served exactly as
   * given, then compiles it, so that its first use on this instance finds it compiled.
   */
  assertValid(schema: Record<string, unknown>, field: string): void {
    const problem = this.problemOf(schema, field);
    if (problem) throw problem;
    try {
      this.compile(schema);
    } catch (error) {
      throw notJsonSchema(field, error);
    }
  }

  /** The validator of a schema, compiled once per distinct schema. */
  compile(schema: Record<string, unknown>): ValidateFunction {
    const key = hashOf(schema);
    const cached = this.compiled.get(key);
    if (cached) {
      // Most recently used last, so the least recently used is dropped first.
      this.compiled.delete(key);
      this.compiled.set(key, cached);
      return cached;
    }
    const validate = this.ajv.compile(schema);
    // Forget the schema so that two tools may use the same `$id` and memory does not grow.
    this.ajv.removeSchema(schema);
    this.compiled.set(key, validate);
    if (this.compiled.size > COMPILED_SCHEMAS_KEPT) {
      this.compiled.delete(this.compiled.keys().next().value as string);
    }
    return validate;
  }
}

/** The same hash whatever the order of keys (the database may reorder them). */
function hashOf(schema: Record<string, unknown>): string {
  const canonical = JSON.stringify(schema, (_key, value: unknown) =>
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

function notJsonSchema(field: string, error: unknown): ValidationFailedError {
  return invalid(
    field,
    `${field} is not a valid JSON Schema: ${error instanceof Error ? error.message : String(error)}`,
  );
}

function invalid(field: string, message: string): ValidationFailedError {
  return new ValidationFailedError([{ field, messages: [message] }]);
}
