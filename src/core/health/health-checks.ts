import { Injectable } from '@nestjs/common';
import { DomainError } from '../errors';

/** One dependency the server needs to serve requests; rejects (or throws) when it cannot. */
export type HealthCheck = () => Promise<unknown>;

/** The outcome of each check by name: `ok`, or why it failed. */
export type CheckResults = Record<string, string>;

/** Longest one check may take before it counts as failed: readiness must answer quickly. */
const CHECK_TIMEOUT_MS = 3_000;

export class NotReadyError extends DomainError {
  readonly code = 'NOT_READY';
  readonly status = 503;
  constructor(checks: CheckResults) {
    const failed = Object.keys(checks).filter((name) => checks[name] !== 'ok');
    super(`Not ready: ${failed.join(', ')} failed`, { checks });
  }
}

/**
 * The readiness checks of the server. Features register theirs when their module starts (the
 * database its connection, …), so this module knows no feature.
 */
@Injectable()
export class HealthChecks {
  private readonly checks = new Map<string, HealthCheck>();

  register(name: string, check: HealthCheck): void {
    this.checks.set(name, check);
  }

  /** Every check's result, run together; throws `NotReadyError` with them if one failed. */
  async assertReady(): Promise<CheckResults> {
    const names = [...this.checks.keys()];
    const outcomes = await Promise.all([...this.checks.values()].map(runWithTimeout));
    const results = Object.fromEntries(names.map((name, i) => [name, outcomes[i]]));
    if (outcomes.some((outcome) => outcome !== 'ok')) throw new NotReadyError(results);
    return results;
  }
}

async function runWithTimeout(check: HealthCheck): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (error) {
    return `failed: ${(error as Error).message || String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}
