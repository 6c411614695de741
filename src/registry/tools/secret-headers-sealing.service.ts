import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SecretBox } from '../../secrets/secret-box';
import { staleSecretHolders } from '../common/stale-secrets';
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
    const stale = staleSecretHolders(
      holding,
      this.box,
      (row, each) => row.mapSecrets(row.implementation, each),
      'the secret headers of the tools',
    );
    for (const row of stale) await this.reseal(row);
  }

  private async reseal({ id, implementation, mapSecrets }: SecretHoldingTool): Promise<void> {
    const resealed = mapSecrets(implementation, (value) => this.box.seal(this.box.open(value)));
    // Only if the tool is unchanged: a write through the API meanwhile is newer, and sealed.
    await this.tools.replaceImplementationIfUnchanged(id, implementation, resealed);
  }
}
