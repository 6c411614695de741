import { useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { getJson } from '../api/client';
import { startConsoleSession } from '../api/console-session';
import { forgetEverything, storeKey } from '../api/key-store';
import { type CurrentKey } from '../api/types';

/**
 * The key is checked against the server before it is kept for this tab; then the browser gets a
 * console session for OAuth's consent page.
 */
export function SignIn({ onSignedIn }: { onSignedIn: (me: CurrentKey) => void }) {
  const [key, setKey] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    storeKey(key.trim());
    try {
      const me = await getJson<CurrentKey>('/api/v1/me');
      await startConsoleSession();
      onSignedIn(me);
    } catch (error) {
      forgetEverything();
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="sign-in">
      <h1>toolhub console</h1>
      <form onSubmit={(event) => void submit(event)}>
        <label for="api-key">API key</label>
        <input
          id="api-key"
          type="password"
          autoComplete="off"
          required
          value={key}
          onInput={(event) => setKey(event.currentTarget.value)}
        />
        <p class="hint">
          Kept in this tab only, until you sign out or close it. The first admin key is in the
          server's data directory (<code>initial-admin-key</code>).
        </p>
        <button type="submit" disabled={busy || !key.trim()}>
          Sign in
        </button>
        {problem && (
          <p class="error" role="alert">
            {problem}
          </p>
        )}
      </form>
    </main>
  );
}
