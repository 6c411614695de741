import { eventually } from './eventually';
import { type RuntimeUser } from './runtime-client';

/** Approves, over REST, `user`'s pending approval of a call of `toolName`, once there is one. */
export async function approvePending(user: RuntimeUser, toolName: string): Promise<void> {
  const approval = await eventually(`the approval of ${toolName}`, async () => {
    const pending = await user.get('/api/v1/approvals?status=pending&limit=100');
    return (pending.body.items as { id: string; tool_name: string }[]).find(
      ({ tool_name }) => tool_name === toolName,
    );
  });
  const decided = await user.post(`/api/v1/approvals/${approval.id}`, { decision: 'approve' });
  expect(decided.status).toBe(200);
}
