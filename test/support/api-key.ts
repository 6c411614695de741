import { type INestApplication } from '@nestjs/common';
import { ApiKeysService } from '../../src/api-keys/api-keys.service';

/** A real API key of a booted app, as an `Authorization` header value. */
export async function bearerFor(app: INestApplication, name = 'test'): Promise<string> {
  const { key } = await app.get(ApiKeysService).create(name);
  return `Bearer ${key}`;
}
