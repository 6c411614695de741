import { type ElicitRequestFormParams, inputRequired } from '@modelcontextprotocol/server';

type FormFields = ElicitRequestFormParams['requestedSchema']['properties'];

/** An `elicitation/create` input request for a form of `properties`, all of `required` set. */
export const askForm = (message: string, properties: FormFields, required: string[]) =>
  inputRequired.elicit({ message, requestedSchema: { type: 'object', properties, required } });

/** An `elicitation/create` input request for one string field, `field`. */
export const askText = (message: string, field: string) =>
  askForm(message, { [field]: { type: 'string' } }, [field]);
