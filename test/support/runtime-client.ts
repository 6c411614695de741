import { type AddressInfo } from 'node:net';
import { type Server } from 'node:http';
import { bearerFor } from './api-key';
import { openEventStream } from './sse-client';
import { type TestApp } from './test-app';

/** The base URL of a booted test app, listening on a loopback port of its own. */
export async function listeningUrl(testApp: TestApp): Promise<string> {
  const server = testApp.app.getHttpServer() as Server;
  if (!server.listening) await testApp.app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export interface RuntimeUser {
  auth: string;
  get(path: string): ReturnType<TestApp['http']['get']>;
  post(path: string, body?: object): ReturnType<TestApp['http']['post']>;
  put(path: string, body?: object): ReturnType<TestApp['http']['put']>;
  del(path: string): ReturnType<TestApp['http']['delete']>;
  /** Creates an agent (scripted by default) and a session with it; returns their ids. */
  session(modelConfig?: Record<string, unknown>, toolIds?: string[]): Promise<SessionIds>;
  /** Starts a run with `Accept: text/event-stream` over a real socket. */
  stream(
    sessionId: string,
    body: object,
    headers?: Record<string, string>,
  ): ReturnType<typeof openEventStream>;
  /** Follows a run's events (SSE), e.g. to reconnect with `Last-Event-ID`. */
  follow(
    runId: string,
    headers?: Record<string, string>,
    query?: string,
  ): ReturnType<typeof openEventStream>;
}

export interface SessionIds {
  agentId: string;
  sessionId: string;
}

let agentCounter = 0;

/** A user of a booted app with an API key of their own, calling the runtime API. */
export async function runtimeUser(testApp: TestApp, user: string): Promise<RuntimeUser> {
  const auth = await bearerFor(testApp.app, `${user}-key`, user);
  return runtimeUserOver(testApp.http, await listeningUrl(testApp), auth, user);
}

/**
 * `user` with the existing key `auth`, calling the runtime API through `http` and streaming
 * from `base`: e.g. an instance that runs in another process (`supertest(url)`).
 */
export function runtimeUserOver(
  http: TestApp['http'],
  base: string,
  auth: string,
  user: string,
): RuntimeUser {
  const self: RuntimeUser = {
    auth,
    get: (path) => http.get(path).set('Authorization', auth),
    post: (path, body = {}) => http.post(path).set('Authorization', auth).send(body),
    put: (path, body = {}) => http.put(path).set('Authorization', auth).send(body),
    del: (path) => http.delete(path).set('Authorization', auth),
    session: async (modelConfig = { provider: 'scripted', model: 'scripted' }, toolIds = []) => {
      const agent = await self.post('/api/v1/agents', {
        name: `agent_${user}_${++agentCounter}_${process.pid}`,
        system_prompt: 'You are a test agent.',
        model_config: modelConfig,
        tool_ids: toolIds,
      });
      if (agent.status !== 201) throw new Error(`agent: ${JSON.stringify(agent.body)}`);
      const agentId = (agent.body as { id: string }).id;
      const session = await self.post('/api/v1/sessions', { agent_id: agentId });
      if (session.status !== 201) throw new Error(`session: ${JSON.stringify(session.body)}`);
      return { agentId, sessionId: (session.body as { id: string }).id };
    },
    stream: (sessionId, body, headers = {}) =>
      openEventStream(`${base}/api/v1/sessions/${sessionId}/runs`, {
        method: 'POST',
        body,
        headers: { Authorization: auth, ...headers },
      }),
    follow: (runId, headers = {}, query = '') =>
      openEventStream(`${base}/api/v1/runs/${runId}/events${query}`, {
        headers: { Authorization: auth, ...headers },
      }),
  };
  return self;
}
