import { DomainError } from '../core/errors';
import { type InputIssue } from './tool.contract';

export class ToolNotFoundError extends DomainError {
  readonly code = 'TOOL_NOT_FOUND';
  readonly status = 404;
  constructor(name: string) {
    super(`Tool '${name}' not found`);
  }
}

export class InvalidToolInputError extends DomainError {
  readonly code = 'INVALID_INPUT';
  readonly status = 400;
  constructor(toolName: string, issues: readonly InputIssue[]) {
    super(
      `Invalid input for tool '${toolName}': ${issues.map((i) => `${i.path || '(input)'} ${i.message}`).join('; ')}`,
      issues,
    );
  }
}
