import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { nodeRequestOf } from '../core/http/node-http';
import { AdminRequiredError } from './api-key.errors';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { ADMIN_ONLY } from './admin-only.decorator';

/**
 * Lets a request through only with a valid API key (usually identified before its body was
 * read; checked here all the same, whatever path reached the route), and only with an `admin`
 * key on `@AdminOnly()` routes.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly authenticator: ApiKeyAuthenticator,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const principal = await this.authenticator.require(
      nodeRequestOf(context.switchToHttp().getRequest()),
    );
    const adminOnly = this.reflector.getAllAndOverride<boolean | undefined>(ADMIN_ONLY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (adminOnly && principal.role !== 'admin') throw new AdminRequiredError();
    return true;
  }
}
