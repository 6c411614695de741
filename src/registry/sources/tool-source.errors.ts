import { DomainError, ValidationFailedError } from '../../core/errors';
import { type ResourceReference, usersOf } from '../common/registry.errors';

export class ToolSourceNotFoundError extends DomainError {
  readonly code = 'SOURCE_NOT_FOUND';
  readonly status = 404;
  constructor(id: string) {
    super(`Tool source with id '${id}' not found`);
  }
}

export class ToolSourceNameTakenError extends DomainError {
  readonly code = 'SOURCE_NAME_TAKEN';
  readonly status = 409;
  constructor(name: string) {
    super(`Tool source with name '${name}' already exists`);
  }
}

/** A source whose tools agents or workflows use: deleting it would take their tools away. */
export class ToolSourceInUseError extends DomainError {
  readonly code = 'SOURCE_IN_USE';
  readonly status = 409;
  constructor(
    name: string,
    usage: { used_by_agents: ResourceReference[]; used_in_workflows: ResourceReference[] },
  ) {
    super(`Tool source '${name}' has tools in use by ${usersOf(usage).join(', ')}`, usage);
  }
}

export class ToolSourceChangeNotFoundError extends DomainError {
  readonly code = 'SOURCE_CHANGE_NOT_FOUND';
  readonly status = 404;
  constructor(id: string) {
    super(`Change with id '${id}' of this tool source not found`);
  }
}

/** Only a pending change can be decided; a decided one stays as it was decided. */
export class ToolSourceChangeDecidedError extends DomainError {
  readonly code = 'SOURCE_CHANGE_DECIDED';
  readonly status = 409;
  constructor(id: string, status: string) {
    super(`Change '${id}' is already ${status}`);
  }
}

/** A `type` no source type owns: the 422 lists the types there are. */
export function unknownSourceType(types: readonly string[]): ValidationFailedError {
  return new ValidationFailedError([
    { field: 'type', messages: [`type must be one of the following values: ${types.join(', ')}`] },
  ]);
}
