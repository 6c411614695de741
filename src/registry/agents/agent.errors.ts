import { InvalidReferencesError } from '../common/registry.errors';

/**
 * `tool_ids` naming no tool. It says where ids come from: `GET /api/tools`, where callers meet
 * tools first, lists them by name, and a name is the usual mistake.
 */
export class InvalidToolIdsError extends InvalidReferencesError {
  constructor(invalid: readonly string[]) {
    super(
      'INVALID_TOOL_IDS',
      'tool_ids',
      invalid,
      "tool_ids takes tool ids, not names: GET /api/v1/tools?search=<name> lists a tool's id",
    );
  }
}
