import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
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

describe('DATA_DIR', () => {
  const xdgDataHome = process.env.XDG_DATA_HOME;
  afterEach(() => {
    if (xdgDataHome === undefined) delete process.env.XDG_DATA_HOME;
    else process.env.XDG_DATA_HOME = xdgDataHome;
  });

  test('defaults to the user data directory, whatever the working directory', () => {
    delete process.env.XDG_DATA_HOME;
    expect(load({}).DATA_DIR).toBe(join(homedir(), '.local', 'share', 'toolhub'));
  });

  test('defaults to $XDG_DATA_HOME/toolhub when that is set (and absolute)', () => {
    process.env.XDG_DATA_HOME = '/srv/data';
    expect(load({}).DATA_DIR).toBe('/srv/data/toolhub');
    process.env.XDG_DATA_HOME = 'relative/data';
    expect(load({}).DATA_DIR).toBe(join(homedir(), '.local', 'share', 'toolhub'));
  });

  test('is made absolute when given relative', () => {
    expect(load({ DATA_DIR: './data' }).DATA_DIR).toBe(resolve('data'));
    expect(load({ DATA_DIR: '/var/lib/toolhub' }).DATA_DIR).toBe('/var/lib/toolhub');
  });
});
