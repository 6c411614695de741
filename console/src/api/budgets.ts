import { getJson, query } from './client';
import { type Budget, type Page } from './types';

/** The most budgets one page of `/api/v1/budgets` holds. */
const PAGE_SIZE = 100;

/** Every budget, oldest first, each with its use in the current window (admins only). */
export async function listBudgets(signal?: AbortSignal): Promise<Budget[]> {
  const budgets: Budget[] = [];
  for (;;) {
    const page = await getJson<Page<Budget>>(
      `/api/v1/budgets${query({ limit: PAGE_SIZE, offset: budgets.length })}`,
      signal,
    );
    budgets.push(...page.items);
    if (page.items.length === 0 || budgets.length >= page.total) return budgets;
  }
}
