import {
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ToolSourceSchedule } from './tool-source-schedule.service';
import { ToolSourceTypes } from './tool-source-types.service';
import { type ToolSourceRow, ToolSourcesRepository } from './tool-sources.repository';

/**
 * Listens, on each instance, for the notices upstreams send when their tools change (where the
 * source's type can hear them), and queues a sync of the source for each: the queue runs one
 * sync of a source at a time, so notices heard by several instances cost a few quick syncs.
 */
@Injectable()
export class ToolSourceWatches implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly stops = new Map<string, () => void>();

  constructor(
    private readonly sources: ToolSourcesRepository,
    private readonly types: ToolSourceTypes,
    private readonly schedule: ToolSourceSchedule,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const source of await this.sources.all()) this.watch(source);
  }

  onApplicationShutdown(): void {
    for (const id of [...this.stops.keys()]) this.unwatch(id);
  }

  /** Starts listening to the source's upstream (again, with its current settings). */
  watch(source: ToolSourceRow): void {
    this.unwatch(source.id);
    const sourceType = this.types.typeOf(source.type);
    if (!sourceType.watch) return;
    const stop = sourceType.watch(
      { id: source.id, name: source.name, settings: source.settings },
      () => void this.schedule.syncSoon(source.id).catch(() => undefined),
    );
    this.stops.set(source.id, stop);
  }

  unwatch(sourceId: string): void {
    this.stops.get(sourceId)?.();
    this.stops.delete(sourceId);
  }
}
