import { isDeepStrictEqual } from 'node:util';
import { Injectable } from '@nestjs/common';
import { type ToolSourceChangeKind, type UpstreamToolState } from '../../database/schema';
import { type ToolRow } from '../tools/registered-tool-factory';
import { RegisteredToolsRepository } from '../tools/registered-tools.repository';
import { approvedStateOf, importedToolFields } from './imported-tool-fields';
import {
  type ToolSourceChangeRow,
  ToolSourceChangesRepository,
} from './tool-source-changes.repository';
import { type ToolSourceRow } from './tool-sources.repository';

/**
 * What a sync does with one stored tool its upstream still lists, or no longer does: records
 * the change and, when the source takes changes `atOnce`, applies it; otherwise the change waits
 * (one pending change per tool, showing the upstream's latest state) and the tool keeps serving
 * what was approved. A rejected change stays rejected until the upstream changes again.
 */
/** A stored tool its upstream still lists, as a sync found it. */
export interface ListedTool {
  source: ToolSourceRow;
  row: ToolRow;
  /** What the upstream lists now. */
  state: UpstreamToolState;
  /** Whether changes take effect at once (the first import, or an `apply` source). */
  atOnce: boolean;
  /** The tool's latest change still pending or rejected, if it has one. */
  open: ToolSourceChangeRow | undefined;
}

@Injectable()
export class UpstreamChanges {
  constructor(
    private readonly tools: RegisteredToolsRepository,
    private readonly changes: ToolSourceChangesRepository,
  ) {}

  async compare(listed: ListedTool): Promise<void> {
    const { source, row, state, atOnce, open } = listed;
    if (row.source_state === 'listed') return this.compareListed(listed);
    if (row.source_state === 'removed') return this.readd(source, row, state, atOnce);
    // Held for review, or rejected: the upstream's latest state is what a decision takes.
    if (open?.status === 'pending') {
      if (!sameState(state, open.after)) await this.changes.replaceAfter(open.id, state);
      return;
    }
    if (open?.status === 'rejected' && sameState(state, open.after)) return;
    await this.readd(source, row, state, atOnce);
  }

  /** A tool its upstream no longer lists stops at once; the removal is recorded as applied. */
  async remove(
    source: ToolSourceRow,
    row: ToolRow,
    open: ToolSourceChangeRow | undefined,
  ): Promise<void> {
    const before = approvedStateOf(row);
    await this.tools.update(row.id, importedToolFields(source, before, 'removed', row));
    if (open?.status === 'pending') await this.changes.delete(open.id);
    await this.record(source, row, 'removed', true, before, null);
  }

  private async compareListed({ source, row, state, atOnce, open }: ListedTool): Promise<void> {
    // The upstream answered: a reason left by a failed sync no longer holds.
    if (row.unavailable_reason !== null) {
      await this.tools.update(row.id, { unavailable_reason: null });
    }
    const before = approvedStateOf(row);
    const pending = open?.status === 'pending' ? open : undefined;
    if (sameState(state, before)) {
      // Back to what was approved: nothing is left to decide.
      if (pending) await this.changes.delete(pending.id);
      return;
    }
    if (atOnce) {
      await this.tools.update(row.id, importedToolFields(source, state, 'listed', row));
      if (pending) await this.changes.delete(pending.id);
      await this.record(source, row, 'changed', true, before, state);
      return;
    }
    if (pending) {
      if (!sameState(state, pending.after)) await this.changes.replaceAfter(pending.id, state);
      return;
    }
    if (open?.status === 'rejected' && sameState(state, open.after)) return;
    await this.record(source, row, 'changed', false, before, state);
  }

  /** A tool back upstream (or changed since its addition was rejected) is added anew. */
  private async readd(
    source: ToolSourceRow,
    row: ToolRow,
    state: UpstreamToolState,
    atOnce: boolean,
  ): Promise<void> {
    const standing = atOnce ? 'listed' : 'awaiting_review';
    await this.tools.update(row.id, importedToolFields(source, state, standing, row));
    await this.record(source, row, 'added', atOnce, null, state);
  }

  private record(
    source: ToolSourceRow,
    row: ToolRow,
    change: ToolSourceChangeKind,
    applied: boolean,
    before: UpstreamToolState | null,
    after: UpstreamToolState | null,
  ): Promise<void> {
    return this.changes.insert({
      source_id: source.id,
      tool_id: row.id,
      upstream_name: row.upstream_name ?? '',
      change,
      status: applied ? 'approved' : 'pending',
      before,
      after,
      ...(applied && { decided_at: new Date() }),
    });
  }
}

/** Whether two states of an upstream tool are the same, as stored JSON compares them. */
export function sameState(a: UpstreamToolState, b: UpstreamToolState | null): boolean {
  return b !== null && isDeepStrictEqual(asStored(a), asStored(b));
}

function asStored(state: UpstreamToolState): unknown {
  return JSON.parse(JSON.stringify(state));
}
