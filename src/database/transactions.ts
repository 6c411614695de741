import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from './database';

/**
 * Units of work shared by several repositories. A repository reads and writes through `db`,
 * which is the transaction of the unit of work it runs in (if any) or the database itself, so
 * `run(() => { events.append(…); runs.finish(…) })` commits both or neither without passing a
 * transaction handle around.
 */
@Injectable()
export class Transactions {
  private readonly current = new AsyncLocalStorage<Database>();
  /** Units of work under way, nested ones left out. */
  private running = 0;

  constructor(@Inject(DATABASE) private readonly root: Database) {}

  /** The database handle for the current unit of work. */
  get db(): Database {
    return this.current.getStore() ?? this.root;
  }

  /** Runs `work` in one transaction; called inside another unit of work, it joins that one. */
  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.current.getStore()) return work();
    this.running++;
    return this.root
      .transaction((tx) => this.current.run(tx as unknown as Database, work))
      .finally(() => {
        // While the store is enabled, Node runs its hooks on every promise of the process, every
        // request's included. Between units of work nothing reads it: it is enabled again by
        // the next `run`, and whatever starts meanwhile sees the root database, as it should.
        if (--this.running === 0) this.current.disable();
      });
  }
}
