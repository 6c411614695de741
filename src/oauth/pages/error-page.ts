import { escapeHtml, page } from './html';

/**
 * What a person sees when an authorization request cannot be sent back to its client (an
 * unknown client, a redirect URI it never registered): the error, and no redirect.
 */
export function renderErrorPage(error: string, description?: string): string {
  return page(
    'Sign-in failed',
    `<h1>This sign-in cannot continue</h1><p class="error"><code>${escapeHtml(error)}</code></p>` +
      (description ? `<p>${escapeHtml(description)}</p>` : '') +
      '<p>Go back to the application you came from and try again.</p>',
  );
}
