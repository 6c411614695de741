/**
 * Schedule triggers on one instance: a schedule every second starts a run per fire time,
 * recorded with that time; `overlap: skip` starts none while the previous run is still going
 * and records the fire as skipped, `allow` starts them side by side; a disabled schedule stops;
 * a cron or time zone that cannot be read is refused.
 */
import { eventually } from './support/eventually';
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { describeOnAdapter } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

interface FireView {
  fired_at: string;
  outcome: string;
  workflow_run_id: string | null;
}

let counter = 0;
const unique = (base: string) => `${base}_${++counter}`;
const EVERY_SECOND = '* * * * * *';

describeOnAdapter(
  'schedule triggers',
  (app) => {
    let admin: RuntimeUser;
    let echo: ToolServer;
    let hanging: ToolServer;

    beforeAll(async () => {
      admin = await runtimeUser(app(), 'alice');
      echo = await startHttpToolServer();
      hanging = await startHttpToolServer(() => 'hang');
    });

    afterAll(async () => {
      await echo.close();
      await hanging.close();
    });

    async function workflowCalling(server: ToolServer): Promise<string> {
      const tool = await admin.post('/api/v1/tools', {
        name: unique('tool'),
        parameters: { type: 'object' },
        implementation: { type: 'http', url: server.url },
      });
      expect(tool.status).toBe(201);
      const workflow = await admin.post('/api/v1/workflows', {
        name: unique('scheduled'),
        steps: [{ type: 'tool', id: tool.body.id as string }],
      });
      expect(workflow.status).toBe(201);
      return workflow.body.id as string;
    }

    async function schedule(workflowId: string, body: object) {
      const created = await admin.post(`/api/v1/workflows/${workflowId}/triggers`, {
        type: 'schedule',
        cron: EVERY_SECOND,
        ...body,
      });
      expect(created.status).toBe(201);
      return created.body as { id: string; next_fire_at: string; url: null; cron: string };
    }

    const disable = (id: string) =>
      app().http.patch(`/api/v1/triggers/${id}`).set('Authorization', admin.auth).send({
        enabled: false,
      });

    const firesOf = async (id: string): Promise<FireView[]> =>
      (await admin.get(`/api/v1/triggers/${id}/fires?limit=100`)).body.items as FireView[];

    const untilFires = (id: string, holds: (fires: FireView[]) => boolean, what: string) =>
      eventually(`trigger ${id}: ${what}`, async () => {
        const fires = await firesOf(id);
        return holds(fires) ? fires : undefined;
      });

    it('starts one run per fire time, with its input, each at a whole second', async () => {
      const workflowId = await workflowCalling(echo);
      const trigger = await schedule(workflowId, { input: { report: 'daily' }, overlap: 'allow' });
      expect(trigger).toMatchObject({ cron: EVERY_SECOND, url: null, timezone: 'UTC' });
      expect(new Date(trigger.next_fire_at).getMilliseconds()).toBe(0);

      const fires = await untilFires(trigger.id, (all) => all.length >= 3, 'three fires');
      expect((await disable(trigger.id)).body.next_fire_at).toBeNull();
      const times = fires.map((fire) => fire.fired_at);
      expect(new Set(times).size).toBe(times.length);
      expect(times.every((time) => new Date(time).getMilliseconds() === 0)).toBe(true);
      expect(fires.every((fire) => fire.outcome === 'started')).toBe(true);
      const runIds = fires.map((fire) => fire.workflow_run_id as string);
      expect(new Set(runIds).size).toBe(runIds.length);
      const run = await admin.get(`/api/v1/workflow-runs/${runIds[0]}`);
      expect(run.body.input).toEqual({ report: 'daily' });
    });

    it('with overlap skip, starts no run while the previous one is still going', async () => {
      const workflowId = await workflowCalling(hanging);
      const trigger = await schedule(workflowId, { overlap: 'skip' });
      const fires = await untilFires(
        trigger.id,
        (all) => all.filter((fire) => fire.outcome === 'skipped').length >= 2,
        'two skipped fires',
      );
      await disable(trigger.id);
      const started = fires.filter((fire) => fire.outcome === 'started');
      expect(started).toHaveLength(1);
      // Oldest first: the first fire started the run, every later one was skipped.
      expect(fires.at(-1)?.outcome).toBe('started');
      expect(fires.filter((fire) => fire.outcome === 'skipped')).toEqual(
        fires.slice(0, -1).map((fire) => ({ ...fire, outcome: 'skipped', workflow_run_id: null })),
      );
      await admin.post(`/api/v1/workflow-runs/${started[0].workflow_run_id}/cancel`);
    });

    it('with overlap allow, starts runs while earlier ones are still going', async () => {
      const workflowId = await workflowCalling(hanging);
      const trigger = await schedule(workflowId, { overlap: 'allow' });
      const fires = await untilFires(trigger.id, (all) => all.length >= 2, 'two fires');
      await disable(trigger.id);
      expect(fires.every((fire) => fire.outcome === 'started')).toBe(true);
      const running = await Promise.all(
        fires.map(async (fire) => {
          const run = await admin.get(`/api/v1/workflow-runs/${fire.workflow_run_id}`);
          return run.body.status as string;
        }),
      );
      expect(running).toEqual(fires.map(() => 'running'));
      for (const fire of fires) {
        await admin.post(`/api/v1/workflow-runs/${fire.workflow_run_id}/cancel`);
      }
    });

    it('refuses a cron or a time zone it cannot read, and a schedule without cron', async () => {
      const workflowId = await workflowCalling(echo);
      const refused = await Promise.all(
        [
          { cron: 'every day' },
          { cron: '0 9 * * *', timezone: 'Mars/Olympus_Mons' },
          { cron: '61 * * * *' },
          { cron: undefined },
        ].map((body) =>
          admin.post(`/api/v1/workflows/${workflowId}/triggers`, { type: 'schedule', ...body }),
        ),
      );
      expect(refused.map((response) => response.status)).toEqual([422, 422, 422, 422]);
      expect(refused.map((response) => response.body.error.code as string)).toEqual(
        Array(4).fill('INVALID_SCHEDULE'),
      );
    });

    it('plans a daily schedule in its time zone, and no fire once disabled', async () => {
      const workflowId = await workflowCalling(echo);
      const trigger = await schedule(workflowId, {
        cron: '0 9 * * *',
        timezone: 'Asia/Tokyo',
      });
      const next = new Date(trigger.next_fire_at);
      expect(next.getUTCHours()).toBe(0);
      expect(next.getTime()).toBeGreaterThan(Date.now());
      expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
      const disabled = await disable(trigger.id);
      expect(disabled.body).toMatchObject({ enabled: false, next_fire_at: null });
    });
  },
  { env: { JOB_POLL_INTERVAL_MS: '500' } },
);
