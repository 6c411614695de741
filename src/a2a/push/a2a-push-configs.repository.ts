import { Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import { a2aPushConfigs } from '../../database/schema';
import { Transactions } from '../../database/transactions';
import { type TaskScope } from '../tasks/a2a-tasks.repository';

export type A2aPushConfigRow = typeof a2aPushConfigs.$inferSelect;

export type NewA2aPushConfig = Omit<A2aPushConfigRow, 'owner' | 'agent_id' | 'created_at'>;

/** The push notification configs of tasks, each read and written within its owner's scope. */
@Injectable()
export class A2aPushConfigsRepository {
  constructor(private readonly transactions: Transactions) {}

  /** Stores the config; one of the same id for the same task is replaced, as the protocol has it. */
  async save(scope: TaskScope, config: NewA2aPushConfig): Promise<void> {
    const values = { ...config, owner: scope.owner, agent_id: scope.agentId };
    await this.transactions.db
      .insert(a2aPushConfigs)
      .values(values)
      .onConflictDoUpdate({
        target: [a2aPushConfigs.task_id, a2aPushConfigs.id],
        set: {
          url: config.url,
          sealed_token: config.sealed_token,
          auth_scheme: config.auth_scheme,
          sealed_credentials: config.sealed_credentials,
          wire_version: config.wire_version,
        },
        // Another user's config of the same ids is never overwritten.
        setWhere: and(
          eq(a2aPushConfigs.owner, scope.owner),
          eq(a2aPushConfigs.agent_id, scope.agentId),
        ),
      });
  }

  /** The task's configs, oldest first. */
  async ofTask(scope: TaskScope, taskId: string): Promise<A2aPushConfigRow[]> {
    return this.transactions.db
      .select()
      .from(a2aPushConfigs)
      .where(and(eq(a2aPushConfigs.task_id, taskId), ...inScope(scope)))
      .orderBy(asc(a2aPushConfigs.created_at), asc(a2aPushConfigs.id));
  }

  /** Deletes one of the task's configs, or all of them without an id. */
  async delete(scope: TaskScope, taskId: string, id?: string): Promise<void> {
    await this.transactions.db
      .delete(a2aPushConfigs)
      .where(
        and(
          eq(a2aPushConfigs.task_id, taskId),
          id === undefined ? undefined : eq(a2aPushConfigs.id, id),
          ...inScope(scope),
        ),
      );
  }
}

function inScope(scope: TaskScope) {
  return [eq(a2aPushConfigs.owner, scope.owner), eq(a2aPushConfigs.agent_id, scope.agentId)];
}
