import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type ServerNotifier, createRequestStateCodec } from '@modelcontextprotocol/server';
import { type ConformanceFixtures } from '../conformance-fixtures';
import { FixtureSessions } from './fixture-sessions';
import { ConformanceFixtureServer } from './fixture-server';
import { type FixtureRoundState } from './input-required-fixtures';

/**
 * Fixture mode, as `loadConformanceFixtures` loads it: fixture servers for stateless requests,
 * and the fixture sessions of 2025-era clients. The `requestState` key is this process's own,
 * which holds as the conformance server is one instance.
 */
class FixtureMode implements ConformanceFixtures {
  private readonly states = createRequestStateCodec<FixtureRoundState>({ key: randomBytes(32) });
  private readonly sessions = new FixtureSessions(() => this.createServer());

  constructor(private readonly notify: ServerNotifier) {}

  createServer(): ConformanceFixtureServer {
    return new ConformanceFixtureServer(this.notify, this.states);
  }

  serveSession(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<boolean> {
    return this.sessions.serve(req, res, body);
  }

  endSession(id: string): Promise<boolean> {
    return this.sessions.end(id);
  }

  closeSessions(): Promise<void> {
    return this.sessions.closeAll();
  }
}

export const startConformanceFixtures = (notify: ServerNotifier): ConformanceFixtures =>
  new FixtureMode(notify);
