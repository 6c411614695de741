import { escapeHtml, page } from './html';

export interface ConsentView {
  action: string;
  clientName: string;
  logoUri?: string;
  redirectHost: string;
  resource: string;
  scopes: readonly string[];
  /** Why the last submission was not accepted (a wrong key). */
  problem?: string;
  /** Whom the browser's console session stands for, when it has one. */
  signedInAs?: { user: string; role: string };
}

/**
 * The page where a person lets a client act as them: who asks, where the answer goes, for what
 * and with which scopes; they approve as the browser's console session, or sign in with one of
 * their API keys, or deny.
 */
export function renderConsentPage(view: ConsentView): string {
  const logo = view.logoUri ? `<img src="${escapeHtml(view.logoUri)}" alt="">` : '';
  const scopes = view.scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`).join('');
  return page(
    'Connect an application',
    `${logo}<h1>${escapeHtml(view.clientName)} wants to use toolhub as you</h1>
<dl><dt>Answer sent to</dt><dd>${escapeHtml(view.redirectHost)}</dd>
<dt>Resource</dt><dd>${escapeHtml(view.resource)}</dd>
<dt>Scopes</dt><dd><ul>${scopes || '<li>none</li>'}</ul></dd></dl>
${view.problem ? `<p class="error">${escapeHtml(view.problem)}</p>` : ''}
${view.signedInAs ? signedInNote(view.signedInAs) : ''}
<form method="post" action="${escapeHtml(view.action)}">
${view.signedInAs ? `<details><summary>Use a different API key</summary>${KEY_FIELD}</details>` : KEY_FIELD}
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
  );
}

/** Left empty, the browser's console session answers; filled in, the key does. */
const KEY_FIELD =
  '<label>Your API key <input type="password" name="api_key" autocomplete="off"></label>';

function signedInNote({ user, role }: { user: string; role: string }): string {
  return `<p>Signed in as <strong>${escapeHtml(user)}</strong> (${escapeHtml(role)}).</p>`;
}
