/**
 * A caller of `POST /api/tools/{name}` that hangs up before the answer stops the call: the
 * tool's own request to its endpoint is aborted at once, not when its time limit passes.
 */
import { type Server, request } from 'node:http';
import { type AddressInfo } from 'node:net';
import { bearerFor } from './support/api-key';
import { describeHttpContract } from './support/test-app';
import { type ReceivedRequest, type ToolServer, startHttpToolServer } from './support/tool-servers';

const TOOL = 'never_answers';

describeHttpContract(
  'A tool call whose caller hangs up (TOOL_TIMEOUT_SECONDS=300)',
  (testApp) => {
    let endpoint: ToolServer;
    let onArrival: (received: ReceivedRequest) => void = () => undefined;
    let port: number;
    let auth: string;

    beforeAll(async () => {
      endpoint = await startHttpToolServer((received) => {
        onArrival(received);
        return 'hang';
      });
      auth = await bearerFor(testApp().app);
      const registered = await testApp()
        .http.post('/api/v1/tools')
        .set('Authorization', auth)
        .send({
          name: TOOL,
          description: 'Never answers',
          parameters: { type: 'object' },
          implementation: { type: 'http', url: endpoint.url },
        });
      expect(registered.status).toBe(201);
      const server = testApp().app.getHttpServer() as Server;
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await endpoint?.close();
    });

    test("aborts the tool's request to its endpoint as soon as the caller is gone", async () => {
      const arrived = new Promise<ReceivedRequest>((resolve) => (onArrival = resolve));
      const call = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/tools/${TOOL}`,
        headers: { Authorization: auth, 'Content-Type': 'application/json' },
      });
      // The hang-up is the point; the client's own error about it is not.
      call.on('error', () => undefined);
      call.end('{}');

      const received = await arrived;
      const hungUpAt = performance.now();
      call.destroy();

      // The time limit is five minutes away: only the hang-up can end the request this soon.
      const abortedAt = await received.aborted;
      expect(abortedAt - hungUpAt).toBeLessThan(5_000);
    });
  },
  { env: { TOOL_TIMEOUT_SECONDS: '300' } },
);
