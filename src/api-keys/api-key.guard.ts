import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { UnauthorizedError } from './api-key.errors';
import { ApiKeysService } from './api-keys.service';
import { PRINCIPAL, type RequestWithPrincipal } from './current-principal.decorator';

interface RequestWithHeaders extends RequestWithPrincipal {
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Lets a request through only with `Authorization: Bearer <valid API key>`, and leaves the
 * key's principal on the request for `@CurrentPrincipal()`.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly keys: ApiKeysService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithHeaders>();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(String(request.headers.authorization ?? ''));
    if (!match) throw UnauthorizedError.missing();
    const principal = await this.keys.verify(match[1]);
    if (!principal) throw UnauthorizedError.invalid();
    request[PRINCIPAL] = principal;
    return true;
  }
}
