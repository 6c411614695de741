import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { UnsupportedMediaTypeError } from '../errors';
import { isFormContentType, isMultipartContentType } from './json-body';

const ACCEPTS_UPLOADS = Symbol('acceptsUploads');
const ACCEPTS_FORMS = Symbol('acceptsForms');

/** The handler streams a `multipart/form-data` body itself (the adapters leave it unread). */
export const AcceptsUploads = (): MethodDecorator => SetMetadata(ACCEPTS_UPLOADS, true);

/**
 * The handler hands the Node request, its `application/x-www-form-urlencoded` body unread, to
 * a library that reads it.
 */
export const AcceptsForms = (): MethodDecorator => SetMetadata(ACCEPTS_FORMS, true);

/**
 * Multipart and form bodies are left unread for the handlers that read them; anywhere else such
 * a body would reach the handler as no body at all, so it is refused as JSON-only routes refuse
 * any other media type: 415, before validation could report fields as missing.
 */
@Injectable()
export class UploadsOnlyWhereAccepted implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const { headers } = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>();
    const contentType = headers['content-type'];
    if (typeof contentType !== 'string') return true;
    const marker = isMultipartContentType(contentType)
      ? ACCEPTS_UPLOADS
      : isFormContentType(contentType)
        ? ACCEPTS_FORMS
        : undefined;
    if (!marker || this.reflector.get<boolean>(marker, context.getHandler())) return true;
    throw new UnsupportedMediaTypeError(contentType);
  }
}
