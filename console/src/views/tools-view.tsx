import { useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { getJson, sendJson } from '../api/client';
import { type ToolDescriptor } from '../api/types';
import { SchemaForm } from '../components/schema-form';
import { Status, pretty } from '../components/status';
import { hrefOf } from '../router';
import { useAsync } from '../use-async';

/** The tools this key may call, each with its input schema and a form to try it. */
export function ToolsView({ name }: { name?: string }) {
  const [tools] = useAsync(
    (signal) => getJson<{ tools: ToolDescriptor[] }>('/api/tools', signal),
    [],
  );
  return (
    <Status loaded={tools}>
      {({ tools: list }) => {
        const tool = name ? list.find((candidate) => candidate.name === name) : undefined;
        return (
          <div class="split">
            <nav aria-label="Tools" class="side">
              <h2>Tools</h2>
              <ul class="list">
                {list.map((candidate) => (
                  <li key={candidate.name}>
                    <a
                      href={hrefOf({ view: 'tools', name: candidate.name })}
                      aria-current={candidate.name === name ? 'page' : undefined}
                    >
                      {candidate.name}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div class="main-pane">
              {tool ? (
                <ToolDetail key={tool.name} tool={tool} />
              ) : (
                <p class="muted">{name ? `No tool named ${name}.` : 'Pick a tool.'}</p>
              )}
            </div>
          </div>
        );
      }}
    </Status>
  );
}

function ToolDetail({ tool }: { tool: ToolDescriptor }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();

  const run = async (input: Record<string, unknown>) => {
    setBusy(true);
    try {
      const answer = await sendJson<{ result: unknown }>(
        'POST',
        `/api/tools/${encodeURIComponent(tool.name)}`,
        input,
      );
      setOutcome({ ok: true, text: pretty(answer.result) });
    } catch (error) {
      setOutcome({ ok: false, text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="tool-heading">
      <h2 id="tool-heading">{tool.name}</h2>
      <p>{tool.description}</p>
      <details>
        <summary>Input schema</summary>
        <pre class="json">{pretty(tool.inputSchema)}</pre>
      </details>
      <h3>Try it</h3>
      <SchemaForm
        schema={tool.inputSchema}
        idPrefix={`tool-${tool.name}`}
        busy={busy}
        onSubmit={(input) => void run(input)}
      />
      {outcome && (
        <div class={outcome.ok ? 'tool-result' : 'tool-result failed'} role="status">
          <h3>{outcome.ok ? 'Result' : 'Failed'}</h3>
          <pre class="json" aria-label="Tool result">
            {outcome.text}
          </pre>
        </div>
      )}
    </section>
  );
}
