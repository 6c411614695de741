import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { DataDirectoryConfig } from '../core/config';
import { ApiKeysConfig } from './api-keys.config';
import { ApiKeysService } from './api-keys.service';

/** The file, in DATA_DIR, that holds a generated first admin key. */
const INITIAL_ADMIN_KEY_FILE = 'initial-admin-key';

/**
 * First start: a server whose database has no key makes one admin key, so a newcomer can use
 * the API at once. A generated key is shown once, in a log line and in a file only its owner
 * can read; a key chosen with INITIAL_ADMIN_KEY is not shown at all.
 */
@Injectable()
export class InitialAdminKey implements OnApplicationBootstrap {
  private readonly logger = new Logger('ApiKeys');

  constructor(
    private readonly keys: ApiKeysService,
    private readonly config: ApiKeysConfig,
    private readonly data: DataDirectoryConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Only a process that serves HTTP hands out a key; the stdio MCP server has no use for one.
    if (!this.adapterHost.httpAdapter) return;
    const chosen = this.config.INITIAL_ADMIN_KEY;
    const created = await this.keys.createFirstAdmin(chosen || undefined);
    if (!created) return;
    if (chosen) {
      this.logger.warn(`No API key existed: INITIAL_ADMIN_KEY is now the admin key ${created.id}`);
      return;
    }
    const file = join(this.data.DATA_DIR, INITIAL_ADMIN_KEY_FILE);
    const saved = await writeOwnerOnly(file, `${created.key}\n`).then(
      () => ` (also in ${file}, readable by its owner only: delete it once the key is kept)`,
      (error: unknown) => {
        this.logger.warn(`The first admin key could not be saved to ${file}: ${String(error)}`);
        return '';
      },
    );
    this.logger.warn(
      `No API key existed: created the admin key ${created.key}${saved}. It is not shown again.`,
    );
  }
}

async function writeOwnerOnly(file: string, content: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  // Created afresh: a file left by an earlier database would keep its own mode.
  await rm(file, { force: true });
  await writeFile(file, content, { mode: 0o600, flag: 'wx' });
}
