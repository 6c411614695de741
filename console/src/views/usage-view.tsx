import { useMemo, useState } from 'preact/hooks';
import { getJson, query } from '../api/client';
import { type Agent, type CurrentKey, type Page, type UsageItem } from '../api/types';
import { Status } from '../components/status';
import { type ChartSeries, UsageChart } from '../components/usage-chart';
import { useAsync } from '../use-async';
import { BudgetsSection } from './budgets-section';

type GroupBy = 'agent' | 'user';
type Measure = 'tokens' | 'cost';

const DAY_MS = 86_400_000;
const RANGES = [7, 30, 90];

const whole = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const dollars = new Intl.NumberFormat(undefined, {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 4,
});
const formatTokens = (value: number) => whole.format(value);
const formatCost = (value: number) => dollars.format(value);

/** The first moment of each of the last `count` UTC days, today's last. */
function lastDays(count: number): number[] {
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  return Array.from({ length: count }, (_, index) => today - (count - 1 - index) * DAY_MS);
}

interface Report {
  items: UsageItem[];
  /** What to call each group: an agent's name for its id. */
  names: Map<string, string>;
}

/**
 * Use per day by agent or by user (admins see everyone's, members their own): tokens or cost as
 * a chart, and every figure in a table below it; for admins, each budget's use of its window.
 */
export function UsageView({ me }: { me: CurrentKey }) {
  const [groupBy, setGroupBy] = useState<GroupBy>('agent');
  const [measure, setMeasure] = useState<Measure>('tokens');
  const [range, setRange] = useState(30);
  const days = useMemo(() => lastDays(range), [range]);
  const [report] = useAsync(
    async (signal): Promise<Report> => {
      const from = new Date(days[0]).toISOString();
      const [usage, agents] = await Promise.all([
        getJson<{ items: UsageItem[] }>(
          `/api/v1/usage${query({ group_by: groupBy, period: 'day', from })}`,
          signal,
        ),
        groupBy === 'agent'
          ? getJson<Page<Agent>>(`/api/v1/agents${query({ limit: 100 })}`, signal)
          : undefined,
      ]);
      return {
        items: usage.items,
        names: new Map(agents?.items.map((agent) => [agent.id, agent.name])),
      };
    },
    [groupBy, days],
  );
  return (
    <section aria-labelledby="usage-heading">
      <h2 id="usage-heading">Usage</h2>
      <div class="filters">
        <Choice
          id="usage-group"
          label="Group by"
          value={groupBy}
          onChange={setGroupBy}
          options={{ agent: 'Agent', user: 'User' }}
        />
        <Choice
          id="usage-measure"
          label="Show"
          value={measure}
          onChange={setMeasure}
          options={{ tokens: 'Tokens', cost: 'Cost' }}
        />
        <Choice
          id="usage-range"
          label="Days"
          value={String(range)}
          onChange={(value) => setRange(Number(value))}
          options={Object.fromEntries(RANGES.map((days) => [String(days), `Last ${days}`]))}
        />
      </div>
      <Status loaded={report}>
        {(loaded) => (
          <UsageReport report={loaded} days={days} groupBy={groupBy} measure={measure} />
        )}
      </Status>
      {me.role === 'admin' && <BudgetsSection />}
    </section>
  );
}

function Choice<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <div>
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value as T)}>
        {(Object.entries(options) as [T, string][]).map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function UsageReport({
  report,
  days,
  groupBy,
  measure,
}: {
  report: Report;
  days: number[];
  groupBy: GroupBy;
  measure: Measure;
}) {
  const nameOf = (group: string | null) =>
    group === null
      ? groupBy === 'agent'
        ? 'no agent'
        : 'nobody'
      : (report.names.get(group) ?? group);
  const priced = report.items.some((item) => item.cost !== undefined);
  const seconds = useMemo(() => days.map((day) => day / 1000), [days]);
  const series = useMemo(
    () => seriesOf(report.items, days, measure, nameOf),
    [report, days, measure],
  );
  if (report.items.length === 0) return <p class="muted">No use in these days.</p>;
  return (
    <>
      {measure === 'cost' && !priced ? (
        <p class="muted" role="status">
          No cost without prices: an operator sets <code>MODEL_PRICES</code>.
        </p>
      ) : (
        <UsageChart
          days={seconds}
          series={series}
          label={`${measure === 'cost' ? 'Cost (USD)' : 'Tokens (input and output)'} per day by ${groupBy}`}
          format={measure === 'cost' ? formatCost : formatTokens}
        />
      )}
      <div class="table-scroll">
        <table aria-label={`Usage per day by ${groupBy}`}>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{groupBy === 'agent' ? 'Agent' : 'User'}</th>
              <th scope="col">Runs</th>
              <th scope="col">Tool calls</th>
              <th scope="col">Input tokens</th>
              <th scope="col">Output tokens</th>
              {priced && <th scope="col">Cost</th>}
            </tr>
          </thead>
          <tbody>
            {report.items.map((item) => (
              <tr key={`${item.period_start} ${item.group}`} data-group={item.group ?? ''}>
                <td>{item.period_start.slice(0, 10)}</td>
                <td>{nameOf(item.group)}</td>
                <td>{item.runs}</td>
                <td>{item.tool_calls}</td>
                <td>{formatTokens(item.input_tokens)}</td>
                <td>{formatTokens(item.output_tokens)}</td>
                {priced && <td>{item.cost === undefined ? '' : formatCost(item.cost)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** One series per group: its tokens or cost on each day, null on days it used nothing. */
function seriesOf(
  items: UsageItem[],
  days: number[],
  measure: Measure,
  nameOf: (group: string | null) => string,
): ChartSeries[] {
  const byGroup = new Map<string | null, (number | null)[]>();
  for (const item of items) {
    const day = days.indexOf(Date.parse(item.period_start));
    if (day < 0) continue;
    const values = byGroup.get(item.group) ?? days.map(() => null);
    values[day] = measure === 'cost' ? (item.cost ?? null) : item.input_tokens + item.output_tokens;
    byGroup.set(item.group, values);
  }
  return [...byGroup].map(([group, values]) => ({ label: nameOf(group), values }));
}
