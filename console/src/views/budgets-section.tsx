import { listBudgets } from '../api/budgets';
import { type Budget, type BudgetDimension } from '../api/types';
import { Status } from '../components/status';
import { useAsync } from '../use-async';

const whole = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

const UNITS: Record<BudgetDimension, string> = {
  tool_calls: 'tool calls',
  runs: 'runs',
  tokens: 'tokens',
};

const scopeOf = ({ scope }: Budget) =>
  scope.user !== undefined
    ? `User ${scope.user}`
    : scope.key_id !== undefined
      ? `API key ${scope.key_id}`
      : `Agent ${scope.agent_id ?? ''}`;

/** Each budget with what its current window has used of each limit, and when the window resets. */
export function BudgetsSection() {
  const [budgets] = useAsync((signal) => listBudgets(signal), []);
  return (
    <section aria-labelledby="budgets-heading">
      <h3 id="budgets-heading">Budgets</h3>
      <Status loaded={budgets}>
        {(loaded) =>
          loaded.length === 0 ? (
            <p class="muted">No budgets.</p>
          ) : (
            <ul class="cards">
              {loaded.map((budget) => (
                <BudgetItem key={budget.id} budget={budget} />
              ))}
            </ul>
          )
        }
      </Status>
    </section>
  );
}

function BudgetItem({ budget }: { budget: Budget }) {
  const scopeId = `budget-${budget.id}`;
  const limits = (Object.keys(UNITS) as BudgetDimension[]).filter(
    (dimension) => budget.limits[dimension] !== undefined,
  );
  return (
    <li class="card" data-budget={budget.id}>
      <p>
        <strong id={scopeId}>{scopeOf(budget)}</strong>, per {budget.period}
      </p>
      {limits.map((dimension) => {
        const limit = budget.limits[dimension] ?? 0;
        const used = budget.used[dimension] ?? 0;
        const labelId = `${scopeId}-${dimension}`;
        return (
          <div key={dimension} class="budget-limit">
            <span id={labelId}>
              {whole.format(used)} / {whole.format(limit)} {UNITS[dimension]}
            </span>
            {/* A limit of 0 allows none: an empty meter, not one without a range. */}
            <meter
              aria-labelledby={`${scopeId} ${labelId}`}
              min={0}
              max={Math.max(limit, 1)}
              value={used}
              optimum={0}
            />
          </div>
        );
      })}
      <p class="muted">Resets {new Date(budget.resets_at).toLocaleString()}</p>
    </li>
  );
}
