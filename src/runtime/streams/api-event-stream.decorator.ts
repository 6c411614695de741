import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiNoContentResponse, ApiOkResponse } from '@nestjs/swagger';

/**
 * The OpenAPI of an endpoint that follows a stream of events (a run's, a workflow run's): the
 * SSE answer, its resumption after `Last-Event-ID`, and the 204 once nothing is left.
 */
export function ApiEventStream(subject: string, example: string, more = ''): MethodDecorator {
  return applyDecorators(
    ApiHeader({
      name: 'Last-Event-ID',
      required: false,
      description: 'Resume after this eventIndex (sent by EventSource on reconnect)',
    }),
    ApiOkResponse(sseResponse(subject, example, more)),
    ApiNoContentResponse({
      description: `The ${subject} has ended and there is nothing after the given id`,
    }),
  );
}

/** The SSE answer of an endpoint that streams a run's or a workflow run's events. */
export function sseResponse(subject: string, example: string, more = '') {
  return {
    description:
      `The ${subject}’s events as Server-Sent Events: \`id\` is the \`eventIndex\`, \`event\` the ` +
      `type, \`data\` the event${more}; a \`: ping\` comment every 15 s`,
    content: { 'text/event-stream': { schema: { type: 'string' }, example } },
  };
}
