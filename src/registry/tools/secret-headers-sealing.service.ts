import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { ConfigValidationError } from '../../core/config';
import { SecretBox, SecretKeyMismatchError } from '../../core/secrets/secret-box';
import { DATABASE, type Database } from '../../database/database';
import { type ToolImplementation, tools } from '../../database/schema';
import { mapSecretHeaders } from './secret-headers';

/** A stored `http` or `mcp` tool: one that may hold secret headers. */
interface EndpointTool {
  id: string;
  name: string;
  implementation: Exclude<ToolImplementation, { type: 'builtin' }>;
}

/**
 * Leaves no secret header in clear in the database. At every start, before any tool is served,
 * it encrypts the values stored before secrets were encrypted (an upgrade) and re-encrypts with
 * the current key those encrypted with `SECRET_KEY_PREVIOUS` (a key rotation). Running it again
 * changes nothing.
 */
@Injectable()
export class SecretHeadersSealing implements OnModuleInit {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly box: SecretBox,
  ) {}

  async onModuleInit(): Promise<void> {
    const rows = await this.db
      .select({ id: tools.id, name: tools.name, implementation: tools.implementation })
      .from(tools);
    const endpointTools = rows.flatMap(({ id, name, implementation }) =>
      implementation && implementation.type !== 'builtin' ? [{ id, name, implementation }] : [],
    );
    const stale = this.staleOf(endpointTools);
    for (const row of stale) await this.reseal(row);
  }

  /**
   * The tools whose secrets must be sealed again. Any secret that no key opens stops the start
   * before anything is written: sealing the clear ones with a wrong key would lose them too.
   */
  private staleOf(rows: EndpointTool[]): EndpointTool[] {
    const stale: EndpointTool[] = [];
    const unreadable: string[] = [];
    for (const row of rows) {
      try {
        // Every value is checked (no `some`): a stale one must not hide an unreadable one.
        const values = Object.values(row.implementation.secret_headers);
        if (values.map((value) => this.box.needsSealing(value)).includes(true)) stale.push(row);
      } catch (error) {
        if (!(error instanceof SecretKeyMismatchError)) throw error;
        unreadable.push(`'${row.name}'`);
      }
    }
    if (unreadable.length > 0) {
      throw new ConfigValidationError([
        `the key of ${this.box.keySource} does not decrypt the secret headers of the tools ` +
          `${unreadable.join(', ')}: start with the key they were encrypted with; to change ` +
          'keys, give the old one as SECRET_KEY_PREVIOUS',
      ]);
    }
    return stale;
  }

  private async reseal({ id, implementation }: EndpointTool): Promise<void> {
    const secret_headers = mapSecretHeaders(implementation.secret_headers, (value) =>
      this.box.seal(this.box.open(value)),
    );
    // Only if the tool is unchanged: a write through the API meanwhile is newer, and sealed.
    await this.db
      .update(tools)
      .set({ implementation: { ...implementation, secret_headers } })
      .where(and(eq(tools.id, id), eq(tools.implementation, implementation)));
  }
}
