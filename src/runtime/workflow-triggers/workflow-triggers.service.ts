import { randomUUID } from 'node:crypto';
import { type IncomingHttpHeaders } from 'node:http';
import { Injectable } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { type Principal } from '../../api-keys/principal';
import { type Page } from '../../core/api/page.dto';
import { PublicUrl } from '../../core/http/public-url';
import { ResourceNotFoundError } from '../../registry/common/registry.errors';
import { WorkflowsRepository } from '../../registry/workflows/workflows.repository';
import { SecretBox } from '../../secrets/secret-box';
import { generateWebhookSecret } from '../../webhooks/webhook-secret-text';
import { type CronSchedule, scheduleProblem } from './cron-schedule';
import { TriggerFires } from './trigger-fires';
import { WorkflowTriggerSchedule } from './workflow-trigger-schedule';
import {
  type CreateWorkflowTriggerDto,
  type CreatedWorkflowTriggerDto,
  DEFAULT_DELIVERIES_PER_MINUTE,
  type UpdateWorkflowTriggerDto,
  type WorkflowTriggerDto,
  type WorkflowTriggerFireDto,
} from './dto/workflow-trigger.dto';
import { triggerInputOf, triggerInputProblems } from './trigger-input';
import {
  InvalidScheduleError,
  InvalidTriggerInputError,
  TriggerRateLimitedError,
  WebhookSignatureError,
  WorkflowTriggerNotFoundError,
} from './workflow-trigger.errors';
import {
  hookPath,
  toCreatedWorkflowTriggerDto,
  toWorkflowTriggerDto,
  toWorkflowTriggerFireDto,
} from './workflow-trigger-views';
import {
  type WorkflowTriggerRow,
  WorkflowTriggersRepository,
} from './workflow-triggers.repository';

/** A delivery to a trigger's URL: its headers, its body's bytes and the body parsed. */
export interface HookDelivery {
  headers: IncomingHttpHeaders;
  rawBody: Uint8Array;
  body: unknown;
}

/**
 * Triggers of workflows: webhooks, whose deliveries start runs (once per `webhook-id`), and
 * schedules, which `WorkflowTriggerSchedule` fires.
 */
@Injectable()
export class WorkflowTriggersService {
  constructor(
    private readonly repository: WorkflowTriggersRepository,
    private readonly workflows: WorkflowsRepository,
    private readonly firing: TriggerFires,
    private readonly schedule: WorkflowTriggerSchedule,
    private readonly box: SecretBox,
    private readonly publicUrl: PublicUrl,
  ) {}

  async create(
    principal: Principal,
    workflowId: string,
    dto: CreateWorkflowTriggerDto,
  ): Promise<CreatedWorkflowTriggerDto> {
    const workflow = await this.workflows.find(workflowId);
    if (!workflow) throw new ResourceNotFoundError('Workflow', workflowId);
    if (dto.type === 'schedule') return this.createSchedule(principal, workflow.id, dto);
    assertValidInput(dto.input);
    const verification = dto.verification ?? 'standard_webhooks';
    const secret = verification === 'standard_webhooks' ? generateWebhookSecret() : undefined;
    const row = await this.repository.insert({
      workflow_id: workflow.id,
      owner: principal.user,
      type: dto.type,
      enabled: dto.enabled ?? true,
      verification,
      input: dto.input ?? null,
      secret: secret === undefined ? null : this.box.seal(secret),
      deliveries_per_minute: dto.deliveries_per_minute ?? DEFAULT_DELIVERIES_PER_MINUTE,
    });
    return toCreatedWorkflowTriggerDto(row, this.urlOf(row), secret);
  }

  private async createSchedule(
    principal: Principal,
    workflowId: string,
    dto: CreateWorkflowTriggerDto,
  ): Promise<CreatedWorkflowTriggerDto> {
    if (dto.cron === undefined) throw new InvalidScheduleError('a schedule needs `cron`');
    const schedule = { cron: dto.cron, timezone: dto.timezone ?? 'UTC' };
    assertValidSchedule(schedule);
    const row = await this.repository.insert({
      workflow_id: workflowId,
      owner: principal.user,
      type: 'schedule',
      enabled: dto.enabled ?? true,
      input: dto.input ?? null,
      ...schedule,
      overlap: dto.overlap ?? 'skip',
    });
    await this.schedule.plan(row, new Date());
    return this.get(row.id);
  }

  async list(workflowId: string): Promise<WorkflowTriggerDto[]> {
    const workflow = await this.workflows.find(workflowId);
    if (!workflow) throw new ResourceNotFoundError('Workflow', workflowId);
    const rows = await this.repository.listOf(workflow.id);
    return rows.map((row) => toWorkflowTriggerDto(row, this.urlOf(row)));
  }

  async get(id: string): Promise<WorkflowTriggerDto> {
    const row = await this.found(id);
    return toWorkflowTriggerDto(row, this.urlOf(row));
  }

  /**
   * Changes a trigger. Turning `standard_webhooks` on for a trigger that had no secret makes
   * one, shown in this answer only.
   */
  async update(id: string, dto: UpdateWorkflowTriggerDto): Promise<CreatedWorkflowTriggerDto> {
    const current = await this.found(id);
    if (current.type === 'schedule') return this.updateSchedule(current, dto);
    assertValidInput(dto.input);
    const needsSecret = dto.verification === 'standard_webhooks' && current.secret === null;
    const secret = needsSecret ? generateWebhookSecret() : undefined;
    const row = await this.repository.update(id, {
      ...(dto.enabled !== undefined && { enabled: dto.enabled }),
      ...(dto.verification !== undefined && { verification: dto.verification }),
      ...(dto.input !== undefined && { input: dto.input }),
      ...(dto.deliveries_per_minute !== undefined && {
        deliveries_per_minute: dto.deliveries_per_minute,
      }),
      ...(secret !== undefined && { secret: this.box.seal(secret) }),
    });
    if (!row) throw new WorkflowTriggerNotFoundError(id);
    return toCreatedWorkflowTriggerDto(row, this.urlOf(row), secret);
  }

  /** Changes a schedule and plans its next fire anew from now. */
  private async updateSchedule(
    current: WorkflowTriggerRow,
    dto: UpdateWorkflowTriggerDto,
  ): Promise<WorkflowTriggerDto> {
    const schedule = {
      cron: dto.cron ?? current.cron ?? '',
      timezone: dto.timezone ?? current.timezone ?? 'UTC',
    };
    assertValidSchedule(schedule);
    const row = await this.repository.update(current.id, {
      ...schedule,
      ...(dto.enabled !== undefined && { enabled: dto.enabled }),
      ...(dto.overlap !== undefined && { overlap: dto.overlap }),
      ...(dto.input !== undefined && { input: dto.input }),
    });
    if (!row) throw new WorkflowTriggerNotFoundError(current.id);
    await this.schedule.plan(row, new Date());
    return this.get(row.id);
  }

  async delete(id: string): Promise<{ deleted: true; id: string }> {
    if (!(await this.repository.delete(id))) throw new WorkflowTriggerNotFoundError(id);
    return { deleted: true, id };
  }

  async fires(
    id: string,
    page: { limit: number; offset: number },
  ): Promise<Page<WorkflowTriggerFireDto>> {
    const trigger = await this.found(id);
    const fires = await this.repository.fires(trigger.id, page);
    return { ...fires, items: fires.items.map(toWorkflowTriggerFireDto) };
  }

  /**
   * Starts the trigger's workflow for a delivery, once per `webhook-id`; the run's id. An
   * unknown or disabled trigger is not found; a signature that does not hold starts nothing,
   * nor does a new delivery past the trigger's deliveries per minute.
   */
  async deliver(triggerId: string, delivery: HookDelivery): Promise<string> {
    const trigger = await this.repository.find(triggerId);
    if (trigger?.type !== 'webhook' || !trigger.enabled)
      throw new WorkflowTriggerNotFoundError(triggerId);
    if (trigger.verification === 'standard_webhooks') this.verify(trigger, delivery);
    const deliveryId = headerOf(delivery.headers, 'webhook-id') ?? randomUUID();
    // A delivery sent again is answered with its run, whatever the minute's count.
    const fired = await this.repository.firedRun(trigger.id, deliveryId);
    if (fired !== undefined) return fired;
    const slot = await this.repository.takeDeliverySlot(trigger.id);
    if (!slot.taken) {
      throw new TriggerRateLimitedError(trigger.deliveries_per_minute ?? 0, slot.retryAfterSeconds);
    }
    const input = triggerInputOf(trigger.input, {
      body: delivery.body,
      headers: delivery.headers,
    });
    return this.firing.start(trigger, deliveryId, input);
  }

  private verify(trigger: WorkflowTriggerRow, delivery: HookDelivery): void {
    if (trigger.secret === null) throw new WebhookSignatureError('the trigger has no secret');
    const headers = Object.fromEntries(
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
        name,
        headerOf(delivery.headers, name) ?? '',
      ]),
    );
    try {
      new Webhook(this.box.open(trigger.secret)).verify(Buffer.from(delivery.rawBody), headers);
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
  }

  private async found(id: string): Promise<WorkflowTriggerRow> {
    const row = await this.repository.find(id);
    if (!row) throw new WorkflowTriggerNotFoundError(id);
    return row;
  }

  private urlOf(row: WorkflowTriggerRow): string | null {
    return row.type === 'webhook' ? this.publicUrl.of(hookPath(row.id)) : null;
  }
}

function assertValidInput(template: unknown): void {
  const problems = triggerInputProblems(template);
  if (problems.length > 0) throw new InvalidTriggerInputError(problems);
}

function assertValidSchedule(schedule: CronSchedule): void {
  const problem = scheduleProblem(schedule);
  if (problem !== undefined) throw new InvalidScheduleError(problem);
}

function headerOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
