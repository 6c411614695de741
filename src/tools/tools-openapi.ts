import { type OpenAPIObject } from '@nestjs/swagger';
import { type OperationObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { OPTIONAL_KEY_SECURITY } from '../api-keys/optional-api-key.decorator';
import { type DomainError } from '../core/errors';
import { errorResponseDocs, groupByStatus } from '../core/http/api-error-responses.decorator';
import { TRANSPORT_ERRORS } from './tool-transport-errors';
import { type CatalogTool } from './tool-catalog.service';
import {
  ExecutionTimeoutError,
  InvalidToolInputError,
  ToolResultTooDeepError,
} from './tool.errors';

const ERROR_ENVELOPE_REF = { $ref: '#/components/schemas/ErrorEnvelopeDto' };

/**
 * Gives each tool its own operation, `POST /api/tools/{name}`, whose request body is the tool's
 * real input schema, so Swagger UI shows and "Try it out" sends the right input. The document
 * is public: only public tools belong in it.
 */
export function addToolOperations(document: OpenAPIObject, tools: readonly CatalogTool[]): void {
  for (const tool of tools) {
    const { definition } = tool;
    const errors = errorsOf(tool);
    const operation: OperationObject = {
      operationId: `invoke_${definition.name}`,
      summary: definition.annotations?.title ?? `Invoke ${definition.name}`,
      description: definition.description,
      tags: ['tools'],
      security: OPTIONAL_KEY_SECURITY,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: definition.inputSchema,
            ...(definition.example && { example: definition.example.input }),
          },
        },
      },
      responses: {
        200: {
          description: 'The tool ran; `result` holds its output',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['success', 'result'],
                properties: {
                  success: { type: 'boolean', enum: [true] },
                  result: definition.outputSchema ?? { type: 'object' },
                },
              },
              ...(definition.example && {
                example: { success: true, result: definition.example.output },
              }),
            },
          },
        },
        ...Object.fromEntries(
          groupByStatus(errors).map(([status, group]) => {
            const { description, examples } = errorResponseDocs(group);
            return [
              status,
              {
                description,
                content: { 'application/json': { schema: ERROR_ENVELOPE_REF, examples } },
              },
            ];
          }),
        ),
      },
    };
    document.paths[`/api/tools/${definition.name}`] = { post: operation };
  }
}

/**
 * What a call of the tool can really answer: its input refused (the tool's own error, else
 * `INVALID_INPUT`), the errors it declares, a result too deep, its time limit passed, and the
 * transport's errors.
 */
function errorsOf({ definition, handler }: CatalogTool): DomainError[] {
  const refusal = handler.rejectInput
    ? []
    : [new InvalidToolInputError(definition.name, [{ path: '', message: 'must be object' }])];
  return [
    ...refusal,
    ...(definition.errors ?? []),
    new ToolResultTooDeepError(256),
    new ExecutionTimeoutError(30_000),
    ...TRANSPORT_ERRORS,
  ];
}
