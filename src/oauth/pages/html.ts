/** Text made safe to place in HTML, between tags or in a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The headers of toolhub's own OAuth pages, stricter than the console's: no script at all, the
 * page's own styles, no framing; forms post only to this server, and from there to `formTarget`
 * (the client the answer is redirected to), when given.
 */
export function pageHeaders(formTarget?: string): Record<string, string> {
  const formAction = ["'self'", formTarget].filter(Boolean).join(' ');
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      'img-src https:',
      `form-action ${formAction}`,
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    // Not `no-referrer`: with it, browsers send the consent form's post with `Origin: null`,
    // and the check that the form came from this server's own page would refuse every one.
    'Referrer-Policy': 'same-origin',
  };
}

/** A whole page around `body`, in the console's plain look. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)} · toolhub</title>
<style>body{font:16px system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#222}
dt{font-weight:600;margin-top:.6rem}input{width:100%;padding:.4rem;font:inherit}
button{font:inherit;padding:.4rem 1.2rem;margin:1rem .5rem 0 0}img{max-height:48px}.error{color:#a00}</style>
</head><body><main>${body}</main></body></html>`;
}
