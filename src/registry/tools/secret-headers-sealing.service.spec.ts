import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { openMigratedDatabase } from '../../../test/support/embedded-database';
import { SecretBox } from '../../secrets/secret-box';
import { DATABASE } from '../../database/database';
import { Transactions } from '../../database/transactions';
import * as schema from '../../database/schema';
import { type ToolKind, type ToolKindBuild } from '../../tools/tool-kind.contract';
import { ToolKindProvider } from '../../tools/tool-kind-provider.decorator';
import { ToolKindRegistry } from '../../tools/tool-kind-registry.service';
import { RegisteredToolsRepository } from './registered-tools.repository';
import { SecretHeadersSealing } from './secret-headers-sealing.service';

@ToolKindProvider()
@Injectable()
class PlainToolKind implements ToolKind {
  readonly type = 'plain';
  readonly errors = [];
  build(): ToolKindBuild {
    return { unavailable: 'a test kind' };
  }
  view() {
    return { type: this.type };
  }
}

describe('SecretHeadersSealing at start', () => {
  let database: Awaited<ReturnType<typeof openMigratedDatabase>>;
  let db: typeof database.db;

  beforeAll(async () => {
    database = await openMigratedDatabase();
    db = database.db;
  });

  afterAll(async () => {
    await database.close();
  });

  beforeEach(async () => {
    await db.delete(schema.tools);
  });

  function start() {
    return Test.createTestingModule({
      imports: [DiscoveryModule],
      providers: [
        ToolKindRegistry,
        PlainToolKind,
        SecretHeadersSealing,
        RegisteredToolsRepository,
        Transactions,
        { provide: DATABASE, useValue: db },
        { provide: SecretBox, useValue: new SecretBox({ current: randomBytes(32) }, 'SECRET_KEY') },
      ],
    })
      .compile()
      .then((moduleRef) => moduleRef.init());
  }

  it('starts when every stored tool has a known kind', async () => {
    await db.insert(schema.tools).values({
      name: 'plain_tool',
      parameters: { type: 'object' },
      implementation: { type: 'plain' },
    });
    const moduleRef = await start();
    await moduleRef.close();
  });

  it('stops the start, naming the tool and its type, when no kind handles a stored type', async () => {
    await db.insert(schema.tools).values([
      { name: 'plain_tool', parameters: { type: 'object' }, implementation: { type: 'plain' } },
      { name: 'old_tool', parameters: { type: 'object' }, implementation: { type: 'ftp' } },
    ]);
    await expect(start()).rejects.toThrow(
      "The registered tool 'old_tool' has implementation type 'ftp', which no tool kind of " +
        'this version handles (known: plain)',
    );
  });
});
