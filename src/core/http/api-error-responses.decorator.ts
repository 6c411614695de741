import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { type DomainError, toErrorEnvelope } from '../errors';
import { ErrorEnvelopeDto } from './dto/error-envelope.dto';

/**
 * Documents the error envelopes an operation can answer with: one response per status, one
 * named example per error code, each example built from the real error class.
 */
export function ApiErrorResponses(...errors: DomainError[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...groupByStatus(errors).map(([status, group]) =>
      ApiResponse({
        status,
        type: ErrorEnvelopeDto,
        description: group.map((e) => e.code).join(' | '),
        examples: Object.fromEntries(
          group.map((e) => [e.code, { summary: e.message, value: toErrorEnvelope(e) }]),
        ),
      }),
    ),
  );
}

export function groupByStatus(errors: readonly DomainError[]): [number, DomainError[]][] {
  const groups = new Map<number, DomainError[]>();
  for (const error of errors)
    groups.set(error.status, [...(groups.get(error.status) ?? []), error]);
  return [...groups.entries()].sort(([a], [b]) => a - b);
}
