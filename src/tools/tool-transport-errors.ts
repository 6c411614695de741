import { OPTIONAL_KEY_ERRORS } from '../api-keys/optional-api-key.decorator';
import { BUDGET_EXCEEDED_EXAMPLE } from '../budgets/budget.errors';
import { InternalError, InvalidJsonError, UnsupportedMediaTypeError } from '../core/errors';
import { ToolCallTooLargeError, ToolExecutionFailedError } from './tool.errors';

/** Errors any tool invocation over HTTP can answer with, whatever the tool; for the docs. */
export const TRANSPORT_ERRORS = [
  ...OPTIONAL_KEY_ERRORS,
  new InvalidJsonError("Unexpected token '}'"),
  new ToolCallTooLargeError(1024 * 1024),
  new UnsupportedMediaTypeError('text/plain'),
  BUDGET_EXCEEDED_EXAMPLE,
  new InternalError(),
];

/** A registered tool's endpoint failing, as the docs show it. */
export const ENDPOINT_FAILED_EXAMPLE = new ToolExecutionFailedError(
  'Tool endpoint https://prices.example.com/latest answered HTTP 503',
  { status: 503, body: 'Service Unavailable' },
);
