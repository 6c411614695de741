import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import { nodeRequestOf } from '../core/http/node-http';
import { type Principal } from './principal';

/** Where the API key check leaves the caller: on the Node request, under either adapter. */
export const PRINCIPAL = Symbol('toolhub:principal');

export interface RequestWithPrincipal {
  [PRINCIPAL]?: Principal;
}

function principalOf(context: ExecutionContext): Principal | undefined {
  const request = nodeRequestOf(context.switchToHttp().getRequest()) as RequestWithPrincipal;
  return request[PRINCIPAL];
}

/** The caller of a route behind `RequireApiKey()`, as a handler parameter. */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal => {
    const principal = principalOf(context);
    // Only reachable by using the decorator on a route without the guard: a programming error.
    if (!principal) throw new Error('CurrentPrincipal used on a route without RequireApiKey()');
    return principal;
  },
);

/**
 * The caller of a route that also serves callers without a key (identified before the body is
 * read, see `ApiKeyAuthenticator.identifyBeforeBody`): undefined for those.
 */
export const OptionalPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal | undefined => principalOf(context),
);
