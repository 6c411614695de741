import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { UnauthorizedError } from './api-key.errors';
import { ApiKeysService } from './api-keys.service';

interface RequestWithHeaders {
  headers: Record<string, string | string[] | undefined>;
}

/** Lets a request through only with `Authorization: Bearer <valid API key>`. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly keys: ApiKeysService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { headers } = context.switchToHttp().getRequest<RequestWithHeaders>();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(String(headers.authorization ?? ''));
    if (!match) throw UnauthorizedError.missing();
    if (!(await this.keys.isValid(match[1]))) throw UnauthorizedError.invalid();
    return true;
  }
}
