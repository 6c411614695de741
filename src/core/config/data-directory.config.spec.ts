import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { DataDirectoryConfig } from './data-directory.config';
import { validateEnvironment } from './validate-environment';

const load = (env: Record<string, string>) =>
  validateEnvironment(DataDirectoryConfig, (name) => env[name]);

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
