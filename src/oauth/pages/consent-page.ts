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
}

/**
 * The console's script that signs the page in with the tab's console sign-in, if it has one
 * (served with the console; without it the page asks for a key as ever).
 */
export const CONSENT_SCRIPT_PATH = '/console/oauth-consent.js';

/**
 * The page where a person lets a client act as them: who asks, where the answer goes, for what
 * and with which scopes; they sign in with one of their API keys (or the console's sign-in of
 * the tab) to approve, or deny.
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
<p id="console-sign-in" hidden></p>
<form method="post" action="${escapeHtml(view.action)}" data-consent>
<label>Your API key <input type="password" name="api_key" autocomplete="off"></label>
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
<script type="module" src="${CONSENT_SCRIPT_PATH}"></script>`,
  );
}
