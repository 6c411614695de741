import { type ListToolsQueryDto } from './dto/list-tools-query.dto';
import { type ToolRow } from './registered-tool-factory';

/** A page of stored tools as the database answered it. */
export interface ToolRowPage {
  rows: ToolRow[];
  total: number;
}

/** Pages kept at most: each holds up to 100 tools with their schemas. */
const CAPACITY = 100;
/** How long a change made outside toolhub (a row edited by hand) may go unseen. */
const TTL_MS = 30_000;

/**
 * The pages of the tool list answered lately, by query, so a list asked again costs no
 * database round trip. Every change to a tool, made here or announced by another instance,
 * drops them all (`ToolCatalogSync` calls `forgetAll`), so no page is older than the latest
 * notice. A page read while a change landed is not kept: it may predate that change.
 */
export class ToolPageCache {
  private readonly pages = new Map<string, { page: ToolRowPage; expiresAt: number }>();
  private forgetCount = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** The cached page of `query`, or the one `read` answers (kept unless a change raced it). */
  async page(query: ListToolsQueryDto, read: () => Promise<ToolRowPage>): Promise<ToolRowPage> {
    const key = keyOf(query);
    const cached = this.pages.get(key);
    if (cached && cached.expiresAt > this.now()) return cached.page;
    const epoch = this.forgetCount;
    const page = await read();
    if (epoch === this.forgetCount) this.remember(key, page);
    return page;
  }

  forgetAll(): void {
    this.forgetCount++;
    this.pages.clear();
  }

  private remember(key: string, page: ToolRowPage): void {
    this.pages.delete(key);
    if (this.pages.size >= CAPACITY) this.pages.delete(this.pages.keys().next().value as string);
    this.pages.set(key, { page, expiresAt: this.now() + TTL_MS });
  }
}

function keyOf({ is_active, source_id, search, limit, offset }: ListToolsQueryDto): string {
  return JSON.stringify([is_active, source_id, search, limit, offset]);
}
