import { useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { getJson, query, sendJson } from '../api/client';
import { type Agent, type Page, type Session } from '../api/types';
import { Status } from '../components/status';
import { hrefOf, navigate } from '../router';
import { useAsync } from '../use-async';

/** The agents the user may run, and their sessions, newest first. */
export function Home() {
  const [agents] = useAsync(
    (signal) => getJson<Page<Agent>>(`/api/v1/agents${query({ limit: 100 })}`, signal),
    [],
  );
  const [sessions] = useAsync(
    (signal) => getJson<Page<Session>>(`/api/v1/sessions${query({ limit: 50 })}`, signal),
    [],
  );
  const [problem, setProblem] = useState<string>();

  const start = async (agent: Agent) => {
    try {
      const session = await sendJson<Session>('POST', '/api/v1/sessions', {
        agent_id: agent.id,
        title: `${agent.name} · ${new Date().toLocaleString()}`,
      });
      navigate({ view: 'session', id: session.id });
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  const agentNames = new Map(
    agents.state === 'ready' ? agents.value.items.map((agent) => [agent.id, agent.name]) : [],
  );

  return (
    <>
      <section aria-labelledby="agents-heading">
        <h2 id="agents-heading">Agents</h2>
        {problem && (
          <p class="error" role="alert">
            {problem}
          </p>
        )}
        <Status loaded={agents}>
          {(page) =>
            page.items.length === 0 ? (
              <p class="muted">No agents yet: an admin registers them under Registry.</p>
            ) : (
              <ul class="cards">
                {page.items.map((agent) => (
                  <li key={agent.id} class="card">
                    <h3>{agent.name}</h3>
                    <p>{agent.description ?? ''}</p>
                    <p class="muted">
                      {agent.model_config.provider} · {agent.model_config.model}
                    </p>
                    <button type="button" onClick={() => void start(agent)}>
                      New session with {agent.name}
                    </button>
                  </li>
                ))}
              </ul>
            )
          }
        </Status>
      </section>
      <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">My sessions</h2>
        <Status loaded={sessions}>
          {(page) =>
            page.items.length === 0 ? (
              <p class="muted">No sessions yet.</p>
            ) : (
              <ul class="list">
                {page.items.map((session) => (
                  <li key={session.id}>
                    <a href={hrefOf({ view: 'session', id: session.id })}>
                      {session.title ?? session.id}
                    </a>{' '}
                    <span class="muted">
                      {agentNames.get(session.agent_id) ?? ''} ·{' '}
                      {new Date(session.updated_at).toLocaleString()}
                    </span>
                  </li>
                ))}
              </ul>
            )
          }
        </Status>
      </section>
    </>
  );
}
