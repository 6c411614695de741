import { Injectable } from '@nestjs/common';
import { type Principal } from '../../api-keys/principal';
import { ArtifactsService } from '../../artifacts/artifacts.service';
import { type ArtifactListDto } from '../../artifacts/dto/artifact.dto';
import { Transactions } from '../../database/transactions';
import { AgentsRepository } from '../../registry/agents/agents.repository';
import { type Page } from '../../core/api/page.dto';
import { type PageQueryDto } from '../../core/api/page.dto';
import { ResourceNotFoundError } from '../../registry/common/registry.errors';
import { EventStore } from '../events/event-store.repository';
import { RunsRepository } from '../runs/runs.repository';
import { SessionBusyError, SessionNotFoundError } from '../runtime.errors';
import { type SessionEventsDto, type SessionEventsQueryDto } from './dto/session-events.dto';
import { type CreateSessionDto, type SessionDto } from './dto/session.dto';
import { toSessionDto } from './session-views';
import { type SessionRow, SessionsRepository } from './sessions.repository';

/** A user's sessions with agents, and their durable event log. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly agents: AgentsRepository,
    private readonly runs: RunsRepository,
    private readonly eventStore: EventStore,
    private readonly artifacts: ArtifactsService,
    private readonly transactions: Transactions,
  ) {}

  async create(principal: Principal, dto: CreateSessionDto): Promise<SessionDto> {
    const agent = await this.agents.find(dto.agent_id);
    if (!agent) throw new ResourceNotFoundError('Agent', dto.agent_id);
    return toSessionDto(await this.sessions.create(principal.user, agent.id, dto.title ?? ''));
  }

  async list(principal: Principal, page: PageQueryDto): Promise<Page<SessionDto>> {
    const { rows, total } = await this.sessions.listOwned(principal.user, page);
    return { items: rows.map(toSessionDto), total, limit: page.limit, offset: page.offset };
  }

  async get(principal: Principal, id: string): Promise<SessionDto> {
    return toSessionDto(await this.find(principal, id));
  }

  async delete(principal: Principal, id: string): Promise<{ deleted: true; id: string }> {
    const session = await this.find(principal, id);
    const blobKeys = await this.transactions.run(async () => {
      // With the row locked, a run starting meanwhile has either committed (and is seen below)
      // or waits for this delete to commit, and then finds no session.
      if (!(await this.sessions.lockForDelete(session.id))) throw new SessionNotFoundError(id);
      const running = await this.runs.findActive(session.id);
      if (running) throw new SessionBusyError(running.id, 'delete the session');
      const keys = await this.artifacts.blobKeysOfSession(session.id);
      await this.sessions.delete(session.id);
      return keys;
    });
    await this.artifacts.deleteBlobs(session.id, blobKeys);
    return { deleted: true, id: session.id };
  }

  async listEvents(
    principal: Principal,
    id: string,
    query: SessionEventsQueryDto,
  ): Promise<SessionEventsDto> {
    const session = await this.find(principal, id);
    // One more than asked tells whether another page follows.
    const events = await this.eventStore.listBySession(
      session.id,
      query.after_sequence,
      query.limit + 1,
    );
    const items = events.slice(0, query.limit);
    const last = items[items.length - 1];
    return {
      items,
      next_after_sequence: events.length > query.limit ? (last.sequenceNumber ?? null) : null,
    };
  }

  async listArtifacts(principal: Principal, id: string): Promise<ArtifactListDto> {
    const session = await this.find(principal, id);
    return { items: await this.artifacts.listForSession(session.id) };
  }

  async find(principal: Principal, id: string): Promise<SessionRow> {
    const session = await this.sessions.findOwned(id, principal.user);
    if (!session) throw new SessionNotFoundError(id);
    return session;
  }
}
