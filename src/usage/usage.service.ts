import { Injectable } from '@nestjs/common';
import { type Principal } from '../api-keys/principal';
import { ValidationFailedError } from '../core/errors';
import { AuditTrail } from '../audit/audit-trail';
import { type ModelPrices, costOf } from './model-prices';
import { UsageConfig } from './usage.config';
import { type UsageRow, UsageRepository } from './usage.repository';
import { type UsageQueryDto } from './dto/usage-query.dto';
import { type UsageItemDto, type UsageReportDto } from './dto/usage-report.dto';

/**
 * The usage report of a caller: admins everyone's, members their own user's. Each item sums one
 * group's use in one period; with `MODEL_PRICES`, its cost is what its tokens cost at each
 * model's price (tokens of a model without a price add nothing).
 */
@Injectable()
export class UsageService {
  private readonly prices: ModelPrices | undefined;

  constructor(
    private readonly usage: UsageRepository,
    private readonly trail: AuditTrail,
    config: UsageConfig,
  ) {
    this.prices = config.prices();
  }

  async report(caller: Principal, query: UsageQueryDto): Promise<UsageReportDto> {
    const from = query.from === undefined ? undefined : new Date(query.from);
    const to = query.to === undefined ? undefined : new Date(query.to);
    if (from && to && from > to) {
      throw new ValidationFailedError([{ field: 'from', messages: ['from must not be after to'] }]);
    }
    // Tool calls this instance made are counted once their entries are written.
    await this.trail.written();
    const rows = await this.usage.report({
      groupBy: query.group_by,
      period: query.period,
      ...(caller.role !== 'admin' && { user: caller.user }),
      ...(from && { from }),
      ...(to && { to }),
    });
    return { items: this.itemsOf(rows) };
  }

  /** Rows (one per group, period and model) folded into one item per group and period. */
  private itemsOf(rows: UsageRow[]): UsageItemDto[] {
    const items = new Map<string, UsageItemDto>();
    for (const row of rows) {
      const periodStart = new Date(row.period_start).toISOString();
      const key = JSON.stringify([row.group, periodStart]);
      const item = items.get(key) ?? {
        group: row.group,
        period_start: periodStart,
        runs: 0,
        tool_calls: 0,
        input_tokens: 0,
        output_tokens: 0,
        ...(this.prices && { cost: 0 }),
      };
      item.runs += Number(row.runs);
      item.tool_calls += Number(row.tool_calls);
      item.input_tokens += Number(row.input_tokens);
      item.output_tokens += Number(row.output_tokens);
      if (this.prices && item.cost !== undefined) {
        const tokens = { input: Number(row.input_tokens), output: Number(row.output_tokens) };
        item.cost += costOf(this.prices, row.model, tokens) ?? 0;
      }
      items.set(key, item);
    }
    return [...items.values()];
  }
}
