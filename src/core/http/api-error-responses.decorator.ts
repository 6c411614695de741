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
      ApiResponse({ status, type: ErrorEnvelopeDto, ...errorResponseDocs(group) }),
    ),
  );
}

/** The description (its codes) and named examples of one status's error response. */
export function errorResponseDocs(errors: readonly DomainError[]): {
  description: string;
  examples: Record<string, { summary: string; value: unknown }>;
} {
  return {
    description: [...new Set(errors.map((e) => e.code))].join(' | '),
    examples: errorExamples(errors),
  };
}

/** Named examples, one per error; a code that occurs twice is told apart by its message. */
function errorExamples(
  errors: readonly DomainError[],
): Record<string, { summary: string; value: unknown }> {
  const examples: Record<string, { summary: string; value: unknown }> = {};
  for (const error of errors) {
    const name = error.code in examples ? `${error.code}: ${error.message}` : error.code;
    examples[name] = { summary: error.message, value: toErrorEnvelope(error) };
  }
  return examples;
}

export function groupByStatus(errors: readonly DomainError[]): [number, DomainError[]][] {
  const groups = new Map<number, DomainError[]>();
  for (const error of errors)
    groups.set(error.status, [...(groups.get(error.status) ?? []), error]);
  return [...groups.entries()].sort(([a], [b]) => a - b);
}
