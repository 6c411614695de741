import { type INestApplication } from '@nestjs/common';
import { ApiKeysService } from '../../src/api-keys/api-keys.service';

/** A real API key of a booted app (of `user`, default: the name), as an `Authorization` value. */
export async function bearerFor(
  app: INestApplication,
  name = 'test',
  user?: string,
): Promise<string> {
  const { key } = await app.get(ApiKeysService).create(name, user);
  return `Bearer ${key}`;
}
