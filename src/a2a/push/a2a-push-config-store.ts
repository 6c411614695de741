import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { TaskPushNotificationConfig } from '@a2a-js/sdk';
import type {
  PushNotificationStore,
  ServerCallContext,
  StoredPushNotificationConfig,
} from '@a2a-js/sdk/server';
import { DomainError } from '../../core/errors';
import { SecretBox } from '../../secrets/secret-box';
import { WebhookTargets } from '../../webhooks/webhook-targets';
import { scopeOf } from '../a2a-caller';
import { CURRENT_VERSION } from '../bindings/spoken-version';
import { a2aErrors } from '../loaded-on-first-use';
import { type A2aPushConfigRow, A2aPushConfigsRepository } from './a2a-push-configs.repository';

/** An HTTP authentication scheme's name (RFC 9110's token). */
const SCHEME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/;
/** What a header value may hold: visible characters and spaces, no line breaks. */
const HEADER_VALUE = /^[\x20-\x7e\x80-\xff]{0,4096}$/;

/**
 * The request handler's push notification configs, in the database: any instance delivers a
 * task's updates to them, each caller sees only their own tasks' configs. A config's URL must be
 * one webhooks may reach (INVALID_PARAMS otherwise); its token and credentials are kept sealed.
 */
@Injectable()
export class A2aPushConfigStore implements PushNotificationStore {
  constructor(
    private readonly configs: A2aPushConfigsRepository,
    private readonly targets: WebhookTargets,
    private readonly box: SecretBox,
  ) {}

  async save(
    taskId: string,
    context: ServerCallContext,
    config: TaskPushNotificationConfig,
  ): Promise<void> {
    this.check(config);
    // The protocol's store names a config given without an id, in place.
    config.id ||= randomUUID();
    const auth = config.authentication;
    await this.configs.save(scopeOf(context), {
      task_id: taskId,
      id: config.id,
      url: config.url,
      sealed_token: config.token ? this.box.seal(config.token) : null,
      auth_scheme: auth?.scheme || null,
      sealed_credentials: auth?.scheme ? this.box.seal(auth.credentials) : null,
      wire_version: context.requestedVersion || CURRENT_VERSION,
    });
  }

  async load(taskId: string, context: ServerCallContext): Promise<TaskPushNotificationConfig[]> {
    return (await this.loadWithMetadata(taskId, context)).map(({ config }) => config);
  }

  async loadWithMetadata(
    taskId: string,
    context: ServerCallContext,
  ): Promise<StoredPushNotificationConfig[]> {
    const rows = await this.configs.ofTask(scopeOf(context), taskId);
    return rows.map((row) => ({ config: this.configOf(row), wireVersion: row.wire_version }));
  }

  async delete(taskId: string, context: ServerCallContext, configId?: string): Promise<void> {
    await this.configs.delete(scopeOf(context), taskId, configId);
  }

  private check(config: TaskPushNotificationConfig): void {
    const malformed = (message: string) => new (a2aErrors().RequestMalformedError)(message);
    try {
      this.targets.check(config.url);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      throw malformed(error.message.replace(/^webhook_url/, 'The push notification url'));
    }
    if (!HEADER_VALUE.test(config.token)) {
      throw malformed('The push notification token must be one line of at most 4096 characters');
    }
    const auth = config.authentication;
    if (auth?.scheme && (!SCHEME.test(auth.scheme) || !HEADER_VALUE.test(auth.credentials))) {
      throw malformed(
        'The push notification authentication needs an HTTP scheme name (e.g. Bearer) and credentials on one line',
      );
    }
  }

  private configOf(row: A2aPushConfigRow): TaskPushNotificationConfig {
    return {
      tenant: '',
      id: row.id,
      taskId: row.task_id,
      url: row.url,
      token: row.sealed_token ? this.box.open(row.sealed_token) : '',
      authentication:
        row.auth_scheme && row.sealed_credentials
          ? { scheme: row.auth_scheme, credentials: this.box.open(row.sealed_credentials) }
          : undefined,
    };
  }
}
