import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ConfigValidationError } from '../../core/config';
import { SecretBox, SecretKeyMismatchError } from '../../secrets/secret-box';
import { type ToolImplementation } from '../../database/schema';
import { type ToolKind } from '../../tools/tool-kind.contract';
import { ToolKindRegistry } from '../../tools/tool-kind-registry.service';
import { RegisteredToolsRepository } from './registered-tools.repository';

/** A stored tool whose kind keeps secrets in its implementation. */
interface SecretHoldingTool {
  id: string;
  name: string;
  implementation: ToolImplementation;
  mapSecrets: NonNullable<ToolKind['mapSecrets']>;
}

/**
 * Leaves no secret (a header value) in clear in the database. At every start, before any tool is served,
 * it encrypts the values stored before secrets were encrypted (an upgrade) and re-encrypts with
 * the current key those encrypted with `SECRET_KEY_PREVIOUS` (a key rotation). Running it again
 * changes nothing.
 */
@Injectable()
export class SecretHeadersSealing implements OnModuleInit {
  constructor(
    private readonly tools: RegisteredToolsRepository,
    private readonly box: SecretBox,
    private readonly kinds: ToolKindRegistry,
  ) {}

  async onModuleInit(): Promise<void> {
    const rows = await this.tools.implementations();
    // Every stored type is resolved here, before anything is served: one no kind handles
    // stops the start.
    const holding = rows.flatMap(({ id, name, implementation }) => {
      const kind = implementation && this.kinds.kindOf(name, implementation.type);
      const mapSecrets = kind?.mapSecrets?.bind(kind);
      return implementation && mapSecrets ? [{ id, name, implementation, mapSecrets }] : [];
    });
    const stale = this.staleOf(holding);
    for (const row of stale) await this.reseal(row);
  }

  /**
   * The tools whose secrets must be sealed again. Any secret that no key opens stops the start
   * before anything is written: sealing the clear ones with a wrong key would lose them too.
   */
  private staleOf(rows: SecretHoldingTool[]): SecretHoldingTool[] {
    const stale: SecretHoldingTool[] = [];
    const unreadable: string[] = [];
    for (const row of rows) {
      try {
        // Every value is checked (no `some`): a stale one must not hide an unreadable one.
        const values: string[] = [];
        row.mapSecrets(row.implementation, (value) => {
          values.push(value);
          return value;
        });
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

  private async reseal({ id, implementation, mapSecrets }: SecretHoldingTool): Promise<void> {
    const resealed = mapSecrets(implementation, (value) => this.box.seal(this.box.open(value)));
    // Only if the tool is unchanged: a write through the API meanwhile is newer, and sealed.
    await this.tools.replaceImplementationIfUnchanged(id, implementation, resealed);
  }
}
