import { Injectable } from '@nestjs/common';
import { auditContextOf } from '../api-keys/audit-context';
import { type Principal } from '../api-keys/principal';
import { AuditTrail } from '../audit/audit-trail';
import { Transactions } from '../database/transactions';
import { type OAuthGrantDto, type OAuthGrantListDto } from './dto/oauth-grant.dto';
import { OAuthGrantNotFoundError } from './oauth.errors';
import { OAuthStateRepository, type StoredGrant } from './oauth-state.repository';

/**
 * The clients people have connected: a member sees and disconnects their own, an admin
 * everyone's. Disconnecting deletes the grant with its codes and refresh tokens; its access
 * tokens fail from the next request on, on every instance, as each request reads the grant.
 */
@Injectable()
export class OAuthGrantsService {
  constructor(
    private readonly state: OAuthStateRepository,
    private readonly transactions: Transactions,
    private readonly audit: AuditTrail,
  ) {}

  async list(caller: Principal): Promise<OAuthGrantListDto> {
    const grants = await this.state.listGrants(this.ownerFilter(caller));
    return { grants: await Promise.all(grants.map((grant) => this.toDto(grant))) };
  }

  async revoke(caller: Principal, id: string): Promise<OAuthGrantDto> {
    const grant = (await this.state.listGrants(this.ownerFilter(caller))).find(
      (candidate) => candidate.id === id,
    );
    if (!grant) throw new OAuthGrantNotFoundError(id);
    const dto = await this.toDto(grant);
    await this.transactions.run(async () => {
      await this.state.deleteGrant(id);
      await this.audit.record({
        ...auditContextOf(caller),
        type: 'oauth.grant_revoked',
        target: id,
        details: {
          grant_id: id,
          client_id: dto.client_id,
          user: dto.user,
          reason: 'disconnected',
        },
      });
    });
    return dto;
  }

  private ownerFilter(caller: Principal): string | undefined {
    return caller.role === 'admin' ? undefined : caller.user;
  }

  private async toDto({
    id,
    payload,
    created_at,
    expires_at,
    last_used_at,
  }: StoredGrant): Promise<OAuthGrantDto> {
    const clientId = String(payload.clientId);
    const client = await this.state.find('Client', clientId);
    return {
      id,
      client_id: clientId,
      client_name: typeof client?.client_name === 'string' ? client.client_name : null,
      user: String(payload.accountId),
      scopes: scopesOf(payload),
      created_at: created_at.toISOString(),
      last_used_at: last_used_at?.toISOString() ?? null,
      expires_at: expires_at?.toISOString() ?? null,
    };
  }
}

/** The scopes granted, for any resource (the server has one). */
function scopesOf(payload: Record<string, unknown>): string[] {
  const resources = (payload.resources ?? {}) as Record<string, string>;
  return [...new Set(Object.values(resources).flatMap((scope) => scope.split(' ')))].filter(
    Boolean,
  );
}
