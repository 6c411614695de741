import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Pool } from 'pg';
import pino from 'pino';
import { DataDirectoryConfig } from '../../core/config';
import { type DatabaseConnection } from '../database';
import { DatabaseConfig } from '../database.config';
import { openDatabase } from '../open-database';

describe('the embedded database thread', () => {
  let directory: string;
  const data = () => Object.assign(new DataDirectoryConfig(), { DATA_DIR: directory });
  const open = () => openDatabase(new DatabaseConfig(), data(), pino({ level: 'silent' }));
  const poolOf = (connection: DatabaseConnection) =>
    (connection.db as unknown as { $client: Pool }).$client;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'toolhub-pglite-thread-'));
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('creates the database on a first start and finds what it stored on the next', async () => {
    const first = await open();
    try {
      await poolOf(first).query('CREATE TABLE kept (note text)');
      await poolOf(first).query("INSERT INTO kept VALUES ('still here')");
    } finally {
      await first.close();
    }

    const second = await open();
    try {
      const { rows } = await poolOf(second).query('SELECT note FROM kept');
      expect(rows).toEqual([{ note: 'still here' }]);
    } finally {
      await second.close();
    }
  });

  it('starts PostgreSQL with small shared buffers', async () => {
    const connection = await open();
    try {
      const { rows } = await poolOf(connection).query('SHOW shared_buffers');
      expect(rows).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await connection.close();
    }
  });
});
