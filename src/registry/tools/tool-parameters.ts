import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import draft07MetaSchema from 'ajv/dist/refs/json-schema-draft-07.json';
import { ValidationFailedError } from '../common/registry.errors';

/**
 * Compiles registered tools' `parameters`: JSON Schema 2020-12 (MCP's default) or draft-07 when
 * the schema says so. Not strict: schemas written for other validators may carry keywords
 * Ajv does not know, and those must not make a valid schema unusable.
 */
export class ToolParametersCompiler {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: false });

  constructor() {
    this.ajv.addMetaSchema(draft07MetaSchema);
  }

  /** The validator of a stored schema. */
  compile(parameters: Record<string, unknown>): ValidateFunction {
    const validate = this.ajv.compile(parameters);
    // Forget the schema so that two tools may use the same `$id` and memory does not grow.
    this.ajv.removeSchema(parameters);
    return validate;
  }

  /** Refuses, with 422, `parameters` that are not an object JSON Schema (as MCP requires). */
  assertValid(parameters: Record<string, unknown>): void {
    if (parameters.type !== 'object') {
      throw invalid('parameters must be a JSON Schema of type "object" (tool inputs are objects)');
    }
    try {
      this.compile(parameters);
    } catch (error) {
      throw invalid(
        `parameters is not a valid JSON Schema: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

function invalid(message: string): ValidationFailedError {
  return new ValidationFailedError([{ field: 'parameters', messages: [message] }]);
}
