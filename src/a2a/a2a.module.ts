import { Module } from '@nestjs/common';
import { ApiKeyAuthenticator } from '../api-keys/api-key-authenticator';
import { CorsPolicy } from '../core/http/cors';
import { EarlyRequestChecks } from '../core/http/early-request-checks';
import { FilesModule } from '../files/files.module';
import { RegistryModule } from '../registry/registry.module';
import { RuntimeModule } from '../runtime/runtime.module';
import { SecretsModule } from '../secrets/secrets.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { A2aController } from './a2a.controller';
import { A2aEndpoints } from './a2a-endpoints';
import { A2aJsonRpcController } from './a2a-json-rpc.controller';
import { AgentCards } from './cards/agent-cards';
import { A2aPushConfigStore } from './push/a2a-push-config-store';
import { A2aPushConfigsRepository } from './push/a2a-push-configs.repository';
import { A2aPushSender } from './push/a2a-push-sender';
import { A2aTaskStore } from './tasks/a2a-task-store';
import { A2aTasksRepository } from './tasks/a2a-tasks.repository';
import { InlineFiles } from './tasks/inline-files';
import { RunTaskExecutor } from './tasks/run-task-executor';

/** toolhub's agents served to Agent2Agent clients at /a2a/agents/{id}: a task is a run. */
@Module({
  imports: [RegistryModule, RuntimeModule, WebhooksModule, SecretsModule, FilesModule],
  controllers: [A2aJsonRpcController, A2aController],
  providers: [
    AgentCards,
    A2aEndpoints,
    A2aTaskStore,
    A2aTasksRepository,
    RunTaskExecutor,
    A2aPushConfigsRepository,
    A2aPushConfigStore,
    A2aPushSender,
    InlineFiles,
  ],
})
export class A2aModule {
  constructor(cors: CorsPolicy, checks: EarlyRequestChecks, authenticator: ApiKeyAuthenticator) {
    authenticator.identifyBeforeBody(checks, '/a2a/', 'required');
    // Browser clients send keys and the protocol's version and extensions headers.
    cors.allow('/a2a/', {
      requestHeaders: ['Authorization', 'A2A-Version', 'A2A-Extensions'],
      exposedHeaders: ['A2A-Extensions'],
    });
  }
}
