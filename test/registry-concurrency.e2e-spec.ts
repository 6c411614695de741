/**
 * Concurrent writes to `/api/v1/tools`: the database decides name clashes, so racing requests
 * get exactly one winner and nothing half-written; the served catalog follows. Both adapters.
 */
import { bearerFor } from './support/api-key';
import { describeOnAdapter } from './support/test-app';

const TOOLS = '/api/v1/tools';
const PARAMETERS = { type: 'object', properties: { q: { type: 'string' } } };

interface ToolBody {
  id: string;
  name: string;
  description: string;
}

describeOnAdapter('Registry API: concurrent writes', (testApp) => {
  let auth: string;
  const http = () => testApp().http;
  const create = (body: Record<string, unknown>) =>
    http().post(TOOLS).set('Authorization', auth).send(body);
  const listNamed = async (name: string): Promise<ToolBody[]> => {
    const response = await http()
      .get(`${TOOLS}?search=${name}&limit=100`)
      .set('Authorization', auth);
    expect(response.status).toBe(200);
    return (response.body.items as ToolBody[]).filter((tool) => tool.name === name);
  };
  // Registered tools are private: served to key holders.
  const served = async () =>
    (await http().get('/api/tools').set('Authorization', auth)).body.tools as ToolBody[];
  const servedNames = async () => (await served()).map((tool) => tool.name);

  beforeAll(async () => {
    auth = await bearerFor(testApp().app);
  });

  test('20 parallel creates of one name: exactly one 201, 19 × 409, one row afterwards', async () => {
    const name = 'price_fetcher';
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        create({
          name,
          description: `attempt ${i}`,
          parameters: PARAMETERS,
          implementation: { type: 'http', url: `http://127.0.0.1:9/attempt/${i}` },
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(response.body).toEqual({
        success: false,
        error: {
          code: 'TOOL_ALREADY_EXISTS',
          message: "Tool with name 'price_fetcher' already exists",
        },
      });
    }

    // The one row is the winner's, whole: its description and implementation belong together.
    const winner = responses.find((r) => r.status === 201)!.body as ToolBody & {
      implementation: { url: string };
    };
    const rows = await listNamed(name);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(winner);
    const attempt = /^attempt (\d+)$/.exec(winner.description)![1];
    expect(winner.implementation.url).toBe(`http://127.0.0.1:9/attempt/${attempt}`);

    // Served once, with the winner's description.
    const servedOnce = (await served()).filter((tool) => tool.name === name);
    expect(servedOnce).toEqual([expect.objectContaining({ description: winner.description })]);
  });

  test('20 parallel creates of different names all succeed and are all served', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `parallel_${i}`);
    const responses = await Promise.all(
      names.map((name) =>
        create({
          name,
          parameters: PARAMETERS,
          implementation: { type: 'http', url: 'http://127.0.0.1:9/x' },
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(names.map(() => 201));
    const ids = new Set(responses.map((response) => (response.body as ToolBody).id));
    expect(ids.size).toBe(20);
    const listed = await http()
      .get(`${TOOLS}?search=parallel_&limit=100`)
      .set('Authorization', auth);
    expect(listed.body.total).toBe(20);
    const served = await servedNames();
    for (const name of names) expect(served).toContain(name);
  });

  test('parallel renames to one name: exactly one wins, the others keep their names', async () => {
    const sources = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        create({ name: `rename_source_${i}`, parameters: PARAMETERS }),
      ),
    );
    const ids = sources.map((response) => (response.body as ToolBody).id);
    const responses = await Promise.all(
      ids.map((id) =>
        http().put(`${TOOLS}/${id}`).set('Authorization', auth).send({ name: 'rename_target' }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    expect(await listNamed('rename_target')).toHaveLength(1);
    const listed = await http()
      .get(`${TOOLS}?search=rename_source_&limit=100`)
      .set('Authorization', auth);
    expect(listed.body.total).toBe(9);
  });

  test('parallel activate/deactivate toggles leave the catalog equal to the stored state', async () => {
    const created = await create({
      name: 'toggled',
      parameters: PARAMETERS,
      implementation: { type: 'http', url: 'http://127.0.0.1:9/x' },
    });
    const id = (created.body as ToolBody).id;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        http()
          .put(`${TOOLS}/${id}`)
          .set('Authorization', auth)
          .send({ is_active: i % 2 === 0 }),
      ),
    );
    const stored = await http().get(`${TOOLS}/${id}`).set('Authorization', auth);
    const isServed = (await servedNames()).includes('toggled');
    expect(isServed).toBe(stored.body.is_active as boolean);
  });
});
