import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/**
 * Where the data lives when DATA_DIR is unset: the user's data directory of the XDG base
 * directory spec (`$XDG_DATA_HOME/toolhub`, else `~/.local/share/toolhub`), the same whatever
 * the working directory, so the server, `toolhub keys` and a desktop client's `toolhub mcp` all
 * find one database. The container image sets DATA_DIR to its volume instead.
 */
export function defaultDataDirectory(): string {
  const xdgDataHome = process.env.XDG_DATA_HOME;
  // The spec ignores a relative XDG_DATA_HOME.
  const base =
    xdgDataHome && isAbsolute(xdgDataHome) ? xdgDataHome : join(homedir(), '.local', 'share');
  return join(base, 'toolhub');
}
