import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { provideFeatureConfig } from '../core/config';
import { CorsPolicy } from '../core/http/cors';
import { ArtifactsModule } from '../artifacts/artifacts.module';
import { ClusterModule } from '../cluster/cluster.module';
import { FilesModule } from '../files/files.module';
import { ProvidersModule } from '../providers/providers.module';
import { RegistryModule } from '../registry/registry.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { JobsModule } from '../jobs/jobs.module';
import { SecretsModule } from '../secrets/secrets.module';
import { RunStarts } from './runs/run-starts.repository';
import { AgentToolCalls } from './agent-tools/agent-tool-calls.service';
import { AgentToolKind } from './agent-tools/agent-tool.kind';
import { AgentToolWork } from './agent-tools/agent-tool-work';
import { AgentTestController } from './agent-test/agent-test.controller';
import { AgentTestService } from './agent-test/agent-test.service';
import { ApprovalExpiry } from './approvals/approval-expiry';
import { ApprovalGate } from './approvals/approval-gate';
import { ApprovalsController } from './approvals/approvals.controller';
import { ApprovalsRepository } from './approvals/approvals.repository';
import { ApprovalsService } from './approvals/approvals.service';
import { CallApprovals } from './approvals/call-approvals';
import { RunCanceller } from './approvals/run-canceller';
import { EventStore } from './events/event-store.repository';
import { ActiveRuns } from './runs/active-runs';
import { LiveRunSinks } from './runs/live-run-sinks';
import { RunFollower } from './runs/run-follower';
import { RunTelemetry } from './runs/run-telemetry';
import { InterruptedRuns } from './runs/interrupted-runs';
import { RunOrchestrator } from './runs/run-orchestrator';
import { RunToolCalls } from './runs/run-tool-calls';
import { RunPlanner } from './runs/run-planner';
import { RunsController } from './runs/runs.controller';
import { RunsRepository } from './runs/runs.repository';
import { RunsService } from './runs/runs.service';
import { RuntimeConfig } from './runtime.config';
import { RuntimeMetrics } from './runtime.metrics';
import { SessionsController } from './sessions/sessions.controller';
import { SessionsRepository } from './sessions/sessions.repository';
import { SessionsService } from './sessions/sessions.service';
import { RunEventStreamer } from './streams/run-event-streamer';
import { RunStreams } from './streams/run-streams.service';
import { AgentSteps } from './workflow-runs/agent-steps';
import { WORKFLOW_STEP_TYPES } from './workflow-runs/step-types/workflow-step-types.providers';
import { WorkflowStepExecutors } from './workflow-runs/step-types/workflow-step-executors';
import { WorkflowRunEventStore } from './workflow-runs/workflow-run-events.repository';
import { WorkflowRunExecutions } from './workflow-runs/workflow-run-executions';
import { WorkflowRunEventStreamer, WorkflowRunStreams } from './workflow-runs/workflow-run-streams';
import { WorkflowRunner } from './workflow-runs/workflow-runner';
import { WorkflowRunsController } from './workflow-runs/workflow-runs.controller';
import { WorkflowRunsRepository } from './workflow-runs/workflow-runs.repository';
import { WorkflowRunsService } from './workflow-runs/workflow-runs.service';
import { WorkflowToolCalls } from './workflow-runs/workflow-tool-calls';
import { WorkflowToolKind } from './workflow-runs/workflow-tool.kind';
import { WorkflowToolWork } from './workflow-runs/workflow-tool-work';
import { HooksController } from './workflow-triggers/hooks.controller';
import { WorkflowTriggersController } from './workflow-triggers/workflow-triggers.controller';
import { WorkflowTriggersRepository } from './workflow-triggers/workflow-triggers.repository';
import { WorkflowTriggersService } from './workflow-triggers/workflow-triggers.service';
import { TriggerFires } from './workflow-triggers/trigger-fires';
import { WorkflowTriggerSchedule } from './workflow-triggers/workflow-trigger-schedule';

/**
 * The agent runtime: sessions of a user with an agent, runs that stream the model's answer and the
 * agent's tool calls as events, a durable event log, and SSE replay.
 */
@Module({
  imports: [
    DiscoveryModule,
    ProvidersModule,
    RegistryModule,
    FilesModule,
    ArtifactsModule,
    ClusterModule,
    WebhooksModule,
    JobsModule,
    SecretsModule,
  ],
  controllers: [
    SessionsController,
    RunsController,
    ApprovalsController,
    AgentTestController,
    WorkflowRunsController,
    WorkflowTriggersController,
    HooksController,
  ],
  providers: [
    provideFeatureConfig(RuntimeConfig),
    RuntimeMetrics,
    EventStore,
    SessionsRepository,
    RunsRepository,
    RunStarts,
    AgentToolWork,
    RunStreams,
    RunEventStreamer,
    RunPlanner,
    RunOrchestrator,
    RunToolCalls,
    ActiveRuns,
    RunsService,
    SessionsService,
    AgentTestService,
    InterruptedRuns,
    ApprovalsRepository,
    ApprovalExpiry,
    ApprovalGate,
    ApprovalsService,
    CallApprovals,
    RunCanceller,
    LiveRunSinks,
    RunFollower,
    RunTelemetry,
    AgentToolCalls,
    AgentToolKind,
    WorkflowRunsRepository,
    WorkflowRunEventStore,
    WorkflowRunStreams,
    WorkflowRunEventStreamer,
    WorkflowRunExecutions,
    WorkflowRunner,
    AgentSteps,
    WorkflowStepExecutors,
    ...WORKFLOW_STEP_TYPES,
    WorkflowRunsService,
    WorkflowToolCalls,
    WorkflowToolKind,
    WorkflowToolWork,
    WorkflowTriggersRepository,
    WorkflowTriggersService,
    TriggerFires,
    WorkflowTriggerSchedule,
  ],
  // MCP clients that take elicitations decide approvals through it; A2A tasks are runs.
  exports: [ApprovalsService, RunsService, SessionsService, RunFollower, RunCanceller],
})
export class RuntimeModule {
  constructor(cors: CorsPolicy) {
    // Browser clients send keys and resume streams; they read where a new run lives.
    cors.allow('/api/v1/', {
      requestHeaders: ['Authorization', 'Last-Event-ID', 'Idempotency-Key'],
      exposedHeaders: ['Location', 'Content-Location'],
    });
  }
}
