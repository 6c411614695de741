import { type INestApplication } from '@nestjs/common';
import { ApiKeysService } from '../../src/api-keys/api-keys.service';
import { type ApiKeyRole } from '../../src/database/schema';

/**
 * A real API key of a booted app (of `user`, default: the name; an admin's unless `role` says
 * otherwise), as an `Authorization` value.
 */
export async function bearerFor(
  app: INestApplication,
  name = 'test',
  user?: string,
  role: ApiKeyRole = 'admin',
): Promise<string> {
  const { key } = await app.get(ApiKeysService).create({ name, user, role });
  return `Bearer ${key}`;
}
