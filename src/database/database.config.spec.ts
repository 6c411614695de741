import { validateEnvironment } from '../core/config';
import { DatabaseConfig } from './database.config';

const load = (env: Record<string, string>) =>
  validateEnvironment(DatabaseConfig, (name) => env[name]);

test('an invalid DATABASE_URL is named in the config error without its password', () => {
  const start = () => load({ DATABASE_URL: 'mysql://toolhub:hunter2@db.internal:3306/toolhub' });
  expect(start).toThrow(
    'DATABASE_URL must be a postgres:// URL (postgres://user:password@host:5432/db) (got "mysql://toolhub:***@db.internal:3306/toolhub")',
  );
  expect(start).not.toThrow(/hunter2/);
});
