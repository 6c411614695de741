import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '../database/database';
import { entryOf, hashOf } from './audit-entry';
import { AuditLogRepository } from './audit-log.repository';

/** What a verification found: `first_bad_seq` is where the chain first breaks, if it does. */
export interface AuditVerification {
  ok: boolean;
  /** Entries checked, up to the first bad one. */
  checked: number;
  first_bad_seq?: number;
}

/** Entries read at a time. */
const CHUNK = 1000;

/**
 * Checks the audit chain from the oldest kept entry to the head: `seq` without gaps from the
 * retention mark, each `prev_hash` the hash before it, each `hash` the hash of its entry, and
 * the last entry the one the head names (so neither a changed, a removed nor a trailing entry
 * removed goes unnoticed). It reads one snapshot, so appends meanwhile neither break nor
 * extend what it checks.
 */
@Injectable()
export class AuditVerifier {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly log: AuditLogRepository,
  ) {}

  verify(): Promise<AuditVerification> {
    return this.db.transaction((snapshot) => this.check(snapshot), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  }

  private async check(db: Database): Promise<AuditVerification> {
    const head = await this.log.head(db);
    let expectedSeq = head.pruned_through_seq + 1;
    let prevHash = head.pruned_through_hash;
    let checked = 0;
    const broken = (seq: number) => ({ ok: false, checked, first_bad_seq: seq });
    for (;;) {
      const rows = await this.log.page({}, expectedSeq - 1, CHUNK, db);
      for (const row of rows) {
        const { hash, ...unhashed } = entryOf(row);
        if (row.seq !== expectedSeq) return broken(expectedSeq);
        if (row.prev_hash !== prevHash || hashOf(unhashed) !== hash) return broken(row.seq);
        prevHash = hash;
        expectedSeq++;
        checked++;
      }
      if (rows.length < CHUNK) break;
    }
    const lastSeq = expectedSeq - 1;
    if (lastSeq !== head.last_seq) return broken(Math.min(expectedSeq, head.last_seq + 1));
    if (prevHash !== head.last_hash) return broken(lastSeq);
    return { ok: true, checked };
  }
}
