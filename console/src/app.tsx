import { useEffect, useState } from 'preact/hooks';
import { getJson, whenUnauthorized } from './api/client';
import { endConsoleSession } from './api/console-session';
import { forgetEverything, storedKey } from './api/key-store';
import { type CurrentKey } from './api/types';
import { type Route, hrefOf, useRoute } from './router';
import { useAsync } from './use-async';
import { ApprovalsView, INBOX_REFRESH_MS, pendingApprovals } from './views/approvals-view';
import { ArtifactView } from './views/artifact-view';
import { AuditView } from './views/audit-view';
import { ConnectionsView } from './views/connections-view';
import { Home } from './views/home';
import { RegistryView } from './views/registry-view';
import { RunView } from './views/run-view';
import { SessionView } from './views/session-view';
import { SignIn } from './views/sign-in';
import { SourcesView } from './views/sources-view';
import { ToolsView } from './views/tools-view';
import { UsageView } from './views/usage-view';
import { WorkflowRunView } from './views/workflow-run-view';
import { WorkflowsView } from './views/workflows-view';

export function App() {
  const [me, setMe] = useState<CurrentKey | 'checking' | undefined>(() =>
    storedKey() ? 'checking' : undefined,
  );

  const signOut = () => {
    forgetEverything();
    setMe(undefined);
    void endConsoleSession();
  };

  useEffect(() => {
    whenUnauthorized(signOut);
    if (me === 'checking') getJson<CurrentKey>('/api/v1/me').then(setMe, () => setMe(undefined));
  }, []);

  if (me === 'checking') return <p class="muted">Signing in…</p>;
  if (!me) return <SignIn onSignedIn={setMe} />;
  return <Shell me={me} onSignOut={signOut} />;
}

function Shell({ me, onSignOut }: { me: CurrentKey; onSignOut: () => void }) {
  const route = useRoute();
  const [pending] = useAsync(pendingApprovals, [], INBOX_REFRESH_MS);
  const waiting = pending.state === 'ready' ? pending.value.total : 0;
  const link = (target: Route, label: string, current: boolean) => (
    <a href={hrefOf(target)} aria-current={current ? 'page' : undefined}>
      {label}
    </a>
  );

  return (
    <>
      <header class="top">
        <h1>
          <a href={hrefOf({ view: 'home' })}>toolhub</a>
        </h1>
        <nav aria-label="Main">
          {link({ view: 'home' }, 'Sessions', route.view === 'home' || route.view === 'session')}
          {link(
            { view: 'approvals' },
            waiting ? `Approvals (${waiting})` : 'Approvals',
            route.view === 'approvals',
          )}
          {link(
            { view: 'workflows' },
            'Workflows',
            route.view === 'workflows' || route.view === 'workflow-run',
          )}
          {link({ view: 'tools' }, 'Tools', route.view === 'tools')}
          {me.role === 'admin' &&
            link({ view: 'registry', kind: 'agents' }, 'Registry', route.view === 'registry')}
          {me.role === 'admin' && link({ view: 'sources' }, 'Sources', route.view === 'sources')}
          {link({ view: 'usage' }, 'Usage', route.view === 'usage')}
          {me.role === 'admin' && link({ view: 'audit' }, 'Audit', route.view === 'audit')}
          {link({ view: 'connections' }, 'Connected clients', route.view === 'connections')}
        </nav>
        <div class="me">
          <span>
            {me.user} <span class="muted">({me.role})</span>
          </span>
          <button type="button" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <View route={route} me={me} />
      </main>
    </>
  );
}

function View({ route, me }: { route: Route; me: CurrentKey }) {
  switch (route.view) {
    case 'home':
      return <Home />;
    case 'session':
      return <SessionView id={route.id} />;
    case 'run':
      return <RunView key={route.id} id={route.id} />;
    case 'approvals':
      return <ApprovalsView />;
    case 'artifact':
      return <ArtifactView id={route.id} version={route.version} />;
    case 'tools':
      return <ToolsView name={route.name} />;
    case 'workflows':
      return <WorkflowsView key={route.id} id={route.id} />;
    case 'workflow-run':
      return <WorkflowRunView key={route.id} id={route.id} />;
    case 'registry':
      return me.role === 'admin' ? (
        <RegistryView kind={route.kind} />
      ) : (
        <p class="error">The registry is for admins.</p>
      );
    case 'sources':
      return me.role === 'admin' ? (
        <SourcesView id={route.id} />
      ) : (
        <p class="error">Tool sources are for admins.</p>
      );
    case 'usage':
      return <UsageView me={me} />;
    case 'audit':
      return me.role === 'admin' ? (
        <AuditView />
      ) : (
        <p class="error">The audit log is for admins.</p>
      );
    case 'connections':
      return <ConnectionsView me={me} />;
    case 'not-found':
      return <p class="error">Nothing at {route.path}.</p>;
  }
}
