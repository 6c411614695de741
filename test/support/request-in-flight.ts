import { request } from 'node:http';

export interface RequestInFlight {
  /** Drops the connection before the answer, as a closed client or a lost network would. */
  hangUp(): void;
}

/**
 * Sends a JSON POST the test can walk away from while the server still works on it. On a
 * connection of its own (no agent, no pool), so hanging up closes exactly that connection and
 * leaves nothing open behind for the app's shutdown to wait on.
 */
export function postInFlight(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): RequestInFlight {
  const outgoing = request(url, {
    method: 'POST',
    agent: false,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
  // Hanging up makes the socket report an error: the one this client asked for.
  outgoing.on('error', () => undefined);
  outgoing.end(JSON.stringify(body));
  return { hangUp: () => outgoing.destroy() };
}
