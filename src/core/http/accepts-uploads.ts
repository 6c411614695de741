import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { UnsupportedMediaTypeError } from '../errors';
import { isMultipartContentType } from './json-body';

const ACCEPTS_UPLOADS = Symbol('acceptsUploads');

/** The handler streams a `multipart/form-data` body itself (the adapters leave it unread). */
export const AcceptsUploads = (): MethodDecorator => SetMetadata(ACCEPTS_UPLOADS, true);

/**
 * Multipart bodies are left unread for the handlers that stream uploads; anywhere else such a
 * body would reach the handler as no body at all, so it is refused as JSON-only routes refuse
 * any other media type: 415, before validation could report fields as missing.
 */
@Injectable()
export class UploadsOnlyWhereAccepted implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const { headers } = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>();
    const contentType = headers['content-type'];
    if (typeof contentType !== 'string' || !isMultipartContentType(contentType)) return true;
    if (this.reflector.get<boolean>(ACCEPTS_UPLOADS, context.getHandler())) return true;
    throw new UnsupportedMediaTypeError(contentType);
  }
}
