import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { RouteNotFoundError } from '../core/errors';
import { nodeRequestOf } from '../core/http/node-http';
import { OAuthConfig } from './oauth.config';

/** With `OAUTH_MODE=off`, OAuth's endpoints are not there: 404, as for any unknown route. */
@Injectable()
export class OAuthEnabled implements CanActivate {
  constructor(private readonly config: OAuthConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.config.OAUTH_MODE !== 'off') return true;
    const { method, url } = nodeRequestOf(context.switchToHttp().getRequest());
    throw new RouteNotFoundError(method ?? 'GET', (url ?? '/').split('?')[0]);
  }
}
