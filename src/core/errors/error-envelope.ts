import { type DomainError } from './domain-error';

export interface ErrorBody {
  code: string;
  message: string;
  details?: unknown;
}

export interface ErrorEnvelope {
  success: false;
  error: ErrorBody;
}

export function toErrorEnvelope(error: DomainError): ErrorEnvelope {
  const body: ErrorBody = { code: error.code, message: error.message };
  if (error.details !== undefined) body.details = error.details;
  return { success: false, error: body };
}
