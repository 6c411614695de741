import { storedKey } from './api/key-store';
import { type CurrentKey } from './api/types';

/**
 * On toolhub's OAuth consent page (not part of the console's app): when this tab is signed in to
 * the console, the page says as whom and approves or denies with that sign-in, so the person
 * does not paste a key again. The key stays in this origin: it is read from the tab's storage
 * and sent only in the page's own form, to this server, which checks the form came from its own
 * page. A tab without a console sign-in keeps the key field.
 */
async function offerConsoleSignIn(): Promise<void> {
  const key = storedKey();
  const form = document.querySelector<HTMLFormElement>('form[data-consent]');
  const field = form?.querySelector<HTMLInputElement>('input[name="api_key"]');
  const note = document.getElementById('console-sign-in');
  if (!key || !field || !note) return;
  const response = await fetch('/api/v1/me', {
    headers: { Authorization: `Bearer ${key}` },
    cache: 'no-store',
  });
  if (!response.ok) return;
  const me = (await response.json()) as CurrentKey;
  field.value = key;
  field.type = 'hidden';
  field.closest('label')?.replaceWith(field);
  note.textContent = `Signed in to the console as ${me.user} (${me.role}).`;
  note.hidden = false;
}

// Without it the page still works: the person signs in with a key.
offerConsoleSignIn().catch(() => undefined);
