/**
 * Tool calls that wait for the user's approval, through `RunsService` and `ApprovalsService`:
 * the run pauses holding nothing, each decision is recorded, the last one resumes it.
 */
import { AuditLogRepository } from '../../src/audit/audit-log.repository';
import { AuditTrail } from '../../src/audit/audit-trail';
import { ApprovalsService } from '../../src/runtime/approvals/approvals.service';
import { type RunEvent } from '../../src/runtime/events/run-event.types';
import { RunsService } from '../../src/runtime/runs/runs.service';
import { ApprovalResolvedError, PendingApprovalError } from '../../src/runtime/runtime.errors';
import { useServiceModule } from '../support/service-module';
import { type ServiceRuntime, serviceRuntime } from '../support/service-runtime';
import { type ToolServer, startHttpToolServer } from '../support/tool-servers';

const DIAGRAM = '@startuml\nA -> B\n@enduml';
const typesOf = (events: readonly RunEvent[]) => events.map((event) => event.type);
const persisted = (events: readonly RunEvent[]) =>
  events.filter((event) => event.persistenceState === 'persisted');
const resultOf = (events: readonly RunEvent[], toolUseId: string) =>
  events.find((event) => event.type === 'tool_result' && event.toolUseId === toolUseId);
const approvalIdOf = (event: RunEvent) => (event as RunEvent<'approval_requested'>).approvalId;

/** A call the user must approve, then an answer whatever they decided. */
const gatedCall = (name: string, args: Record<string, unknown>) => [
  { text: 'I will do it.', tool_calls: [{ id: 'toolu_gated', name, args }] },
  { text: 'Done, as you decided.' },
];

describe('Approvals', () => {
  const module = useServiceModule();
  let alice: ServiceRuntime;
  let runs: RunsService;
  let approvals: ApprovalsService;
  let crm: ToolServer;
  let createCustomer: { id: string; name: string };

  beforeAll(async () => {
    alice = serviceRuntime(module());
    runs = module().get(RunsService);
    approvals = module().get(ApprovalsService);
    crm = await startHttpToolServer();
    createCustomer = await alice.httpTool(crm.url, true);
  });

  afterAll(async () => {
    await crm.close();
  });

  async function pausedRun() {
    const sessionId = await alice.session(gatedCall(createCustomer.name, { name: 'Test Corp' }), [
      createCustomer.id,
    ]);
    const started = await alice.start(sessionId, { content: 'Create Test Corp' });
    const requested = await started.follower.waitFor((e) => e.type === 'approval_requested');
    return { sessionId, ...started, approvalId: approvalIdOf(requested) };
  }

  test('approve: the run pauses without running the tool, then runs it and completes', async () => {
    const before = crm.requests.length;
    const { sessionId, run, follower, approvalId } = await pausedRun();
    expect((await runs.find(alice.principal, run.id)).status).toBe('awaiting_approval');
    expect(crm.requests).toHaveLength(before);
    const refused = alice.start(sessionId, { content: 'and?' });
    await expect(refused).rejects.toThrow(PendingApprovalError);
    await expect(refused).rejects.toMatchObject({ details: { approval_ids: [approvalId] } });

    const decided = await approvals.decide(alice.principal, approvalId, { decision: 'approve' });
    expect(decided).toMatchObject({ status: 'approved', tool_use_id: 'toolu_gated' });
    const events = await follower.ended;

    expect(typesOf(persisted(events))).toEqual([
      'user_message_sent',
      'message',
      'tool_use',
      'approval_requested',
      'approval_resolved',
      'tool_result',
      'message',
    ]);
    expect(events.map((event) => event.eventIndex)).toEqual(events.map((_, index) => index));
    expect(resultOf(events, 'toolu_gated')).toMatchObject({
      success: true,
      result: { received: { name: 'Test Corp' } },
    });
    expect(crm.requests).toHaveLength(before + 1);
    expect((await runs.find(alice.principal, run.id)).status).toBe('completed');
    // Resumed from the database, the run still acts for the key that started it.
    await module().get(AuditTrail).written();
    const calls = await module()
      .get(AuditLogRepository)
      .page({ type: 'tool.called', tool: createCustomer.name }, 0, 10);
    expect(calls.map((call) => [call.key_id, call.details.run_id])).toEqual([
      [alice.principal.keyId, run.id],
    ]);
    const stored = await alice.storedEvents(sessionId);
    expect(stored.map((event) => event.sequenceNumber)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    await expect(
      approvals.decide(alice.principal, approvalId, { decision: 'reject' }),
    ).rejects.toThrow(ApprovalResolvedError);
  });

  test('reject: the tool never runs and the model is answered "User rejected"', async () => {
    const before = crm.requests.length;
    const { run, follower, approvalId } = await pausedRun();
    await approvals.decide(alice.principal, approvalId, {
      decision: 'reject',
      reason: 'Not this one',
    });
    const events = await follower.ended;

    expect(events.find((event) => event.type === 'approval_resolved')).toMatchObject({
      approved: false,
      reason: 'Not this one',
    });
    expect(resultOf(events, 'toolu_gated')).toMatchObject({
      success: false,
      error: 'User rejected',
      code: 'APPROVAL_REJECTED',
    });
    expect(typesOf(events).slice(-2)).toEqual(['message', 'complete']);
    expect(crm.requests).toHaveLength(before);
    expect((await runs.find(alice.principal, run.id)).status).toBe('completed');
  });

  test('parallel calls: free ones run at once; the run resumes on the last decision, mixed ones each answered', async () => {
    const before = crm.requests.length;
    const sessionId = await alice.session(
      [
        {
          tool_calls: [
            { id: 'toolu_a', name: createCustomer.name, args: { name: 'A' } },
            { id: 'toolu_free', name: 'encodePlantUML', args: { plantumlCode: DIAGRAM } },
            { id: 'toolu_b', name: createCustomer.name, args: { name: 'B' } },
          ],
        },
        { text: 'All answered.' },
      ],
      [createCustomer.id, await alice.toolId('encodePlantUML')],
    );
    const { run, follower } = await alice.start(sessionId, { content: 'Create A and B, and draw' });
    await follower.waitFor((e) => e.type === 'approval_requested' && e.toolUseId === 'toolu_b');
    const requested = follower.events.filter((event) => event.type === 'approval_requested');
    expect(requested.map((event) => event.toolUseId)).toEqual(['toolu_a', 'toolu_b']);
    expect(resultOf(follower.events, 'toolu_free')).toMatchObject({ success: true });

    // Decided in the other order than requested; the first decision resumes nothing.
    await approvals.decide(alice.principal, approvalIdOf(requested[1]), { decision: 'approve' });
    expect((await runs.find(alice.principal, run.id)).status).toBe('awaiting_approval');
    expect(crm.requests).toHaveLength(before);
    await approvals.decide(alice.principal, approvalIdOf(requested[0]), { decision: 'reject' });
    const events = await follower.ended;

    const results = events.filter((event) => event.type === 'tool_result');
    expect(results.map((event) => event.toolUseId).sort()).toEqual([
      'toolu_a',
      'toolu_b',
      'toolu_free',
    ]);
    expect(resultOf(events, 'toolu_a')).toMatchObject({
      success: false,
      code: 'APPROVAL_REJECTED',
    });
    expect(resultOf(events, 'toolu_b')).toMatchObject({
      success: true,
      result: { received: { name: 'B' } },
    });
    expect(crm.requests).toHaveLength(before + 1);
    expect(events[events.length - 1]).toMatchObject({ type: 'complete', reason: 'success' });
  });
});

describe('Approvals nobody decides', () => {
  // The shortest timeout there is: the test waits for the expiry itself, not for a clock.
  const module = useServiceModule({ APPROVAL_TIMEOUT_SECONDS: '1' });

  test('resolve as expired once APPROVAL_TIMEOUT_SECONDS pass, and the model is told so', async () => {
    const alice = serviceRuntime(module());
    const encode = await alice.toolId('encodePlantUML');
    const sessionId = await alice.session(gatedCall('encodePlantUML', { plantumlCode: DIAGRAM }), [
      { tool_id: encode, requires_approval: true },
    ]);
    const { follower } = await alice.start(sessionId, { content: 'Draw, later' });
    const requested = await follower.waitFor((event) => event.type === 'approval_requested');
    const events = await follower.ended;

    expect(events.find((event) => event.type === 'approval_resolved')).toMatchObject({
      approved: false,
      reason: 'Approval expired',
    });
    expect(resultOf(events, 'toolu_gated')).toMatchObject({
      success: false,
      error: 'Approval expired',
      code: 'APPROVAL_EXPIRED',
    });
    expect(events[events.length - 1]).toMatchObject({ type: 'complete', reason: 'success' });
    const approval = await module()
      .get(ApprovalsService)
      .get(alice.principal, approvalIdOf(requested));
    expect(approval.status).toBe('expired');
  });
});
