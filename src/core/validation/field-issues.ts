import { type ValidationError } from 'class-validator';
import { type FieldIssue } from '../errors';

/**
 * class-validator's errors as the fields a client must fix, nested ones by their dotted path.
 * The errors must keep the values they judged (`validationError.value`).
 */
export function fieldIssuesOf(errors: readonly ValidationError[]): FieldIssue[] {
  return errors.flatMap(issuesOf(''));
}

function issuesOf(parent: string) {
  return (error: ValidationError): FieldIssue[] => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = ownMessagesOf(error);
    const nested = (error.children ?? []).flatMap(issuesOf(field));
    return own.length > 0 ? [{ field, messages: own }, ...nested] : nested;
  };
}

/**
 * What a field broke. A field left out breaks every rule it has (a string, not blank, not too
 * long…), and the list would hide the one thing to fix: optional fields skip their rules when
 * absent, so a rule failing on nothing means the field is required. A field whose presence rule
 * (`@IsDefined`) says why it must be there (one of two fields, say) keeps that message.
 */
function ownMessagesOf(error: ValidationError): string[] {
  const messages = Object.values(error.constraints ?? {});
  if (messages.length === 0 || error.value !== undefined) return messages;
  return [error.constraints?.isDefined ?? `${error.property} is required`];
}
