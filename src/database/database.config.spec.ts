import { validateEnvironment } from '../core/config';
import { DatabaseConfig } from './database.config';

test('an invalid DATABASE_URL is named in the config error without its password', () => {
  const read = (name: string) =>
    ({ DATABASE_URL: 'mysql://toolhub:hunter2@db.internal:3306/toolhub' })[name];
  const start = () => validateEnvironment(DatabaseConfig, read);
  expect(start).toThrow(
    'DATABASE_URL must be a postgres:// URL (got "mysql://toolhub:***@db.internal:3306/toolhub")',
  );
  expect(start).not.toThrow(/hunter2/);
});
