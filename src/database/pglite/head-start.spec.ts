import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { startEmbeddedDatabase, stopEmbeddedDatabase } from './embedded-database';
import {
  embeddedDatabaseFor,
  startEmbeddedDatabaseEarly,
  stopUnusedEarlyStart,
} from './head-start';

describe('the embedded database started ahead of the server', () => {
  let template: string;
  let scratch: string;
  const lockFileOf = (dataDir: string) => join(dataDir, 'toolhub.lock');
  /** A data directory with a database in it: opening one is quicker than creating one. */
  const existingDataDir = async (name: string) => {
    const dataDir = join(scratch, name);
    await cp(template, dataDir, { recursive: true });
    return dataDir;
  };

  beforeAll(async () => {
    template = await mkdtemp(join(tmpdir(), 'toolhub-head-start-template-'));
    await stopEmbeddedDatabase(await startEmbeddedDatabase(template));
  });

  afterAll(async () => {
    await rm(template, { recursive: true, force: true });
  });

  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'toolhub-head-start-'));
  });

  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('is not started for a PostgreSQL server or a blank DATA_DIR', () => {
    const dataDir = join(scratch, 'data');
    expect(
      startEmbeddedDatabaseEarly({ DATABASE_URL: 'postgres://db/toolhub', DATA_DIR: dataDir }),
    ).toBeUndefined();
    expect(startEmbeddedDatabaseEarly({ DATA_DIR: '  ' })).toBeUndefined();
    expect(existsSync(dataDir)).toBe(false);
  });

  it('locks the data directory at once, and is what opening that directory gets', async () => {
    const dataDir = await existingDataDir('data');
    // A relative DATA_DIR is read from the working directory, as the configuration reads it.
    const early = startEmbeddedDatabaseEarly({ DATA_DIR: relative(process.cwd(), dataDir) });
    expect(existsSync(lockFileOf(dataDir))).toBe(true);

    const opened = embeddedDatabaseFor(dataDir);
    await expect(opened).resolves.toBe(await early);
    await stopEmbeddedDatabase(await opened);
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('is stopped, its lock released, when another data directory is opened', async () => {
    const startedOn = await existingDataDir('started');
    const configured = await existingDataDir('configured');
    const early = startEmbeddedDatabaseEarly({ DATA_DIR: startedOn });

    const opened = await embeddedDatabaseFor(configured);
    try {
      expect(opened).not.toBe(await early);
      expect(existsSync(lockFileOf(startedOn))).toBe(false);
      expect(existsSync(lockFileOf(configured))).toBe(true);
    } finally {
      await stopEmbeddedDatabase(opened);
    }
  });

  it('is stopped, its lock released, when the start fails before opening it', async () => {
    const dataDir = await existingDataDir('data');
    const early = startEmbeddedDatabaseEarly({ DATA_DIR: dataDir });
    await stopUnusedEarlyStart();
    await expect(early).resolves.toBeDefined();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('reports a data directory it cannot use when the database is opened', async () => {
    const file = join(scratch, 'a-file');
    await writeFile(file, '');
    const dataDir = join(file, 'data');
    expect(startEmbeddedDatabaseEarly({ DATA_DIR: dataDir })).toBeDefined();
    await expect(embeddedDatabaseFor(dataDir)).rejects.toThrow(
      `${dataDir} (DATA_DIR) cannot be used`,
    );
  });
});
