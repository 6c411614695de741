import { useEffect, useState } from 'preact/hooks';

/**
 * Every view has its own address, in the URL's fragment (`/console/#/runs/<id>`): a reload or a
 * shared link opens the same view, and the server only ever serves the one page.
 */
export type Route =
  | { view: 'home' }
  | { view: 'session'; id: string }
  | { view: 'run'; id: string }
  | { view: 'approvals' }
  | { view: 'artifact'; id: string; version?: number }
  | { view: 'tools'; name?: string }
  | { view: 'workflows'; id?: string }
  | { view: 'workflow-run'; id: string }
  | { view: 'registry'; kind: RegistryKind }
  | { view: 'sources'; id?: string }
  | { view: 'audit' }
  | { view: 'usage' }
  | { view: 'connections' }
  | { view: 'not-found'; path: string };

export type RegistryKind = 'agents' | 'tools' | 'workflows';

export function parseRoute(hash: string): Route {
  const [path, search = ''] = hash.replace(/^#/, '').split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const params = new URLSearchParams(search);
  const [first, second] = parts;
  if (parts.length === 0) return { view: 'home' };
  if (first === 'sessions' && second) return { view: 'session', id: second };
  if (first === 'runs' && second) return { view: 'run', id: second };
  if (first === 'approvals' && !second) return { view: 'approvals' };
  if (first === 'artifacts' && second) {
    const version = params.get('version');
    return { view: 'artifact', id: second, version: version ? Number(version) : undefined };
  }
  if (first === 'tools') return { view: 'tools', name: second };
  if (first === 'workflows') return { view: 'workflows', id: second };
  if (first === 'workflow-runs' && second) return { view: 'workflow-run', id: second };
  if (first === 'sources') return { view: 'sources', id: second };
  if (first === 'audit' && !second) return { view: 'audit' };
  if (first === 'usage' && !second) return { view: 'usage' };
  if (first === 'connections' && !second) return { view: 'connections' };
  if (first === 'registry' && (second === 'agents' || second === 'tools' || second === 'workflows'))
    return { view: 'registry', kind: second };
  return { view: 'not-found', path };
}

export function hrefOf(route: Route): string {
  const id = (value: string) => encodeURIComponent(value);
  switch (route.view) {
    case 'home':
      return '#/';
    case 'session':
      return `#/sessions/${id(route.id)}`;
    case 'run':
      return `#/runs/${id(route.id)}`;
    case 'approvals':
      return '#/approvals';
    case 'artifact':
      return `#/artifacts/${id(route.id)}${route.version === undefined ? '' : `?version=${route.version}`}`;
    case 'tools':
      return route.name ? `#/tools/${id(route.name)}` : '#/tools';
    case 'workflows':
      return route.id ? `#/workflows/${id(route.id)}` : '#/workflows';
    case 'workflow-run':
      return `#/workflow-runs/${id(route.id)}`;
    case 'registry':
      return `#/registry/${route.kind}`;
    case 'sources':
      return route.id ? `#/sources/${id(route.id)}` : '#/sources';
    case 'audit':
      return '#/audit';
    case 'usage':
      return '#/usage';
    case 'connections':
      return '#/connections';
    case 'not-found':
      return `#/${route.path}`;
  }
}

export function navigate(route: Route): void {
  location.hash = hrefOf(route);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return route;
}
