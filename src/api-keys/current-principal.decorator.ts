import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import { type Principal } from './principal';

/** Where the API key guard leaves the caller on the request (either adapter's request object). */
export const PRINCIPAL = Symbol('toolhub:principal');

export interface RequestWithPrincipal {
  [PRINCIPAL]?: Principal;
}

/** The caller of a route behind `RequireApiKey()`, as a handler parameter. */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal => {
    const principal = context.switchToHttp().getRequest<RequestWithPrincipal>()[PRINCIPAL];
    // Only reachable by using the decorator on a route without the guard: a programming error.
    if (!principal) throw new Error('CurrentPrincipal used on a route without RequireApiKey()');
    return principal;
  },
);
