import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type BusHandler, type MessageBus } from './message-bus';

/** This process among the instances: the id stored with the runs it executes. */
export class ClusterInstance {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/**
 * Notices that must reach every instance for the service to be correct (catalog changes):
 * PostgreSQL `LISTEN/NOTIFY`, or nothing with the embedded database (one process).
 */
export abstract class ClusterBus implements MessageBus {
  abstract readonly maxMessageBytes: number;
  abstract publish(channel: string, message: string): void;
  abstract subscribe(channel: string, handler: BusHandler): Promise<() => void>;
}

/**
 * The high-volume live traffic (run events for SSE clients on other instances): Redis when
 * `REDIS_URL` is set, else the `ClusterBus` itself.
 */
export abstract class LiveEventBus implements MessageBus {
  abstract readonly maxMessageBytes: number;
  abstract publish(channel: string, message: string): void;
  abstract subscribe(channel: string, handler: BusHandler): Promise<() => void>;
}
