import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SecretBox } from '../../secrets/secret-box';
import { staleSecretHolders } from '../common/stale-secrets';
import { ToolSourceTypes } from './tool-source-types.service';
import { type ToolSourceRow, ToolSourcesRepository } from './tool-sources.repository';

/**
 * Leaves no secret of a tool source in clear or under an old key: at every start, before any
 * source is synced or called, it re-seals with the current key the values sealed with
 * `SECRET_KEY_PREVIOUS` (a key rotation), as `SecretHeadersSealing` does for tools. Running it
 * again changes nothing.
 */
@Injectable()
export class ToolSourceSecretsSealing implements OnModuleInit {
  constructor(
    private readonly sources: ToolSourcesRepository,
    private readonly box: SecretBox,
    private readonly types: ToolSourceTypes,
  ) {}

  async onModuleInit(): Promise<void> {
    const known = new Set(this.types.names());
    const holding = (await this.sources.all()).filter(
      (row) => known.has(row.type) && this.types.typeOf(row.type).mapSecrets !== undefined,
    );
    const stale = staleSecretHolders(
      holding,
      this.box,
      (row, each) => this.mapSecrets(row, each),
      'the secrets of the tool sources',
    );
    for (const row of stale) {
      const resealed = this.mapSecrets(row, (value) => this.box.seal(this.box.open(value)));
      // Only if the source is unchanged: a write through the API meanwhile is newer, and sealed.
      await this.sources.replaceSettingsIfUnchanged(row.id, row.settings, resealed);
    }
  }

  private mapSecrets(row: ToolSourceRow, transform: (value: string) => string) {
    const sourceType = this.types.typeOf(row.type);
    return sourceType.mapSecrets?.(row.settings, transform) ?? row.settings;
  }
}
