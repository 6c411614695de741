import { Injectable } from '@nestjs/common';
import { type Page } from '../core/api/page.dto';
import { type FieldIssue, ValidationFailedError } from '../core/errors';
import { isUuid } from '../database/uuid';
import { BudgetNotFoundError } from './budget.errors';
import { type BudgetWithUse, BudgetsRepository } from './budgets.repository';
import { KnownBudgets } from './known-budgets';
import { type BudgetDto, type CreateBudgetDto } from './dto/budget.dto';

/** `/api/v1/budgets`: budgets as admins set them, each with its current window's use. */
@Injectable()
export class BudgetsService {
  constructor(
    private readonly budgets: BudgetsRepository,
    private readonly known: KnownBudgets,
  ) {}

  async create(dto: CreateBudgetDto): Promise<BudgetDto> {
    const issues = issuesOf(dto);
    if (issues.length > 0) throw new ValidationFailedError(issues);
    const { scope, limits } = dto;
    const created = await this.budgets.create({
      scope_user: scope.user ?? null,
      scope_key_id: scope.key_id ?? null,
      scope_agent_id: scope.agent_id ?? null,
      period: dto.period,
      limit_tool_calls: limits.tool_calls ?? null,
      limit_runs: limits.runs ?? null,
      limit_tokens: limits.tokens ?? null,
    });
    await this.known.changed();
    return viewOf(created);
  }

  async list(limit: number, offset: number): Promise<Page<BudgetDto>> {
    const { rows, total } = await this.budgets.list(limit, offset);
    return { items: rows.map(viewOf), total, limit, offset };
  }

  async find(id: string): Promise<BudgetDto> {
    const found = isUuid(id) ? await this.budgets.find(id) : undefined;
    if (!found) throw new BudgetNotFoundError(id);
    return viewOf(found);
  }

  async delete(id: string): Promise<void> {
    if (!isUuid(id) || !(await this.budgets.delete(id))) throw new BudgetNotFoundError(id);
    await this.known.changed();
  }
}

/** The rules across fields that the DTO's own validators cannot state. */
function issuesOf({ scope, limits }: CreateBudgetDto): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const scopes = [scope.user, scope.key_id, scope.agent_id].filter((set) => set !== undefined);
  if (scopes.length !== 1) {
    issues.push({
      field: 'scope',
      messages: ['scope must name exactly one of user, key_id, agent_id'],
    });
  }
  const set = [limits.tool_calls, limits.runs, limits.tokens].filter(
    (limit) => limit !== undefined,
  );
  if (set.length === 0) {
    issues.push({
      field: 'limits',
      messages: ['limits must set at least one of tool_calls, runs, tokens'],
    });
  }
  return issues;
}

function viewOf(row: BudgetWithUse): BudgetDto {
  const scope = {
    ...(row.scope_user !== null && { user: row.scope_user }),
    ...(row.scope_key_id !== null && { key_id: row.scope_key_id }),
    ...(row.scope_agent_id !== null && { agent_id: row.scope_agent_id }),
  };
  const limits = {
    ...(row.limit_tool_calls !== null && { tool_calls: row.limit_tool_calls }),
    ...(row.limit_runs !== null && { runs: row.limit_runs }),
    ...(row.limit_tokens !== null && { tokens: row.limit_tokens }),
  };
  const used = {
    ...(row.limit_tool_calls !== null && { tool_calls: row.used_tool_calls }),
    ...(row.limit_runs !== null && { runs: row.used_runs }),
    ...(row.limit_tokens !== null && { tokens: row.used_tokens }),
  };
  return {
    id: row.id,
    scope,
    period: row.period,
    limits,
    used,
    window_start: row.window_start,
    resets_at: row.resets_at,
    created_at: row.created_at,
  };
}
