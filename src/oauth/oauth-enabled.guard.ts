import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RouteNotFoundError } from '../core/errors';
import { nodeRequestOf } from '../core/http/node-http';
import { OAuthConfig } from './oauth.config';

const SERVED_IN_EXTERNAL_MODE = 'oauth:served-in-external-mode';

/** An OAuth route of the protected resource, not of the authorization server: kept in `external`. */
export const ServedInExternalMode = () => SetMetadata(SERVED_IN_EXTERNAL_MODE, true);

/**
 * OAuth's endpoints are there only where their mode has them: every one in `builtin`; in
 * `external`, whose authorization server is another's, only those `@ServedInExternalMode()`;
 * none in `off`. Otherwise 404, as for any unknown route.
 */
@Injectable()
export class OAuthEnabled implements CanActivate {
  constructor(
    private readonly config: OAuthConfig,
    private readonly reflector: Reflector,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.served(context)) return true;
    const { method, url } = nodeRequestOf(context.switchToHttp().getRequest());
    throw new RouteNotFoundError(method ?? 'GET', (url ?? '/').split('?')[0]);
  }

  private served(context: ExecutionContext): boolean {
    switch (this.config.OAUTH_MODE) {
      case 'builtin':
        return true;
      case 'external':
        return this.reflector.get<boolean>(SERVED_IN_EXTERNAL_MODE, context.getHandler()) === true;
      case 'off':
        return false;
    }
  }
}
