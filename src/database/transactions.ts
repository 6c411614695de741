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
  private readonly current = new AsyncLocalStorage<UnitOfWork>();
  /** Units of work under way, nested ones left out. */
  private running = 0;

  constructor(@Inject(DATABASE) private readonly root: Database) {}

  /** The database handle for the current unit of work. */
  get db(): Database {
    return this.current.getStore()?.db ?? this.root;
  }

  /** Whether a unit of work is under way here, so writes made now commit with it. */
  get inUnitOfWork(): boolean {
    return this.current.getStore() !== undefined;
  }

  /**
   * Calls `effect` once the current unit of work has committed (never if it rolls back), or at
   * once outside one: for what must not happen before others can see the writes, such as waking
   * a worker for a job the unit of work queued. The effect must not throw: the work is done.
   */
  afterCommit(effect: () => void): void {
    const unit = this.current.getStore();
    if (unit) unit.committed.push(effect);
    else effect();
  }

  /** Runs `work` in one transaction; called inside another unit of work, it joins that one. */
  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.current.getStore()) return work();
    this.running++;
    const committed: (() => void)[] = [];
    return this.root
      .transaction((tx) => this.current.run({ db: tx, committed }, work))
      .then((result) => {
        for (const effect of committed) effect();
        return result;
      })
      .finally(() => {
        // While the store is enabled, Node runs its hooks on every promise of the process, every
        // request's included. Between units of work nothing reads it: it is enabled again by
        // the next `run`, and whatever starts meanwhile sees the root database, as it should.
        if (--this.running === 0) this.current.disable();
      });
  }
}

interface UnitOfWork {
  db: Database;
  /** Effects waiting for the commit. */
  committed: (() => void)[];
}
