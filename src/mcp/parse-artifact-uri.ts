/** What an artifact URI names: an artifact, and one of its versions or (absent) the newest. */
export interface ArtifactUriTarget {
  id: string;
  version?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VERSION = /^(0|[1-9][0-9]{0,8})$/;

/**
 * The artifact `toolhub://artifacts/{id}` or `toolhub://artifacts/{id}?version=N` names;
 * undefined for anything else (another scheme or host, a path below the id, other query
 * parameters, a fragment), which can then be refused like an unknown artifact.
 */
export function parseArtifactUri(uri: string): ArtifactUriTarget | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  const id = url.pathname.slice(1);
  if (url.protocol !== 'toolhub:' || url.host !== 'artifacts' || !UUID.test(id) || url.hash) {
    return undefined;
  }
  const params = [...url.searchParams];
  if (params.length === 0) return { id: id.toLowerCase() };
  const [[name, value], ...others] = params;
  if (others.length > 0 || name !== 'version' || !VERSION.test(value)) return undefined;
  return { id: id.toLowerCase(), version: Number(value) };
}
