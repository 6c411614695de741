import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type INestApplication } from '@nestjs/common';
import { serveStaticFiles } from './core/http/http-adapters';

export const CONSOLE_PATH = '/console';

/** Where `npm run build` puts the console (one level above both `src/` and `dist/`). */
export const CONSOLE_DIRECTORY = join(__dirname, '..', 'dist', 'console');

/**
 * The console shows what tools returned, and tools are not trusted: the page may run only its own
 * scripts and styles (no inline code, no eval), load images and media only from itself or from the
 * blob URLs it makes, talk only to this server, and be framed by nobody.
 */
export const CONSOLE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

export const CONSOLE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONSOLE_CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Vite names every built asset by its content's hash, so a cached copy is never stale. */
const HASHED_ASSET = /-[\w-]{8,}\.(js|css|svg|png|woff2?)$/;

function consoleHeadersFor(filePath: string): Record<string, string> {
  const cacheControl = HASHED_ASSET.test(basename(filePath))
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
  return { ...CONSOLE_SECURITY_HEADERS, 'Cache-Control': cacheControl };
}

/**
 * The console's files at `/console/…`: the static files `npm run build` made (its page itself,
 * `/console`, is `ConsoleController`'s). A tree built without them (the server compiled alone)
 * serves the API as ever, and `/console` is a plain 404.
 */
export function serveConsole(app: INestApplication, directory = CONSOLE_DIRECTORY): void {
  if (!existsSync(join(directory, 'index.html'))) return;
  serveStaticFiles(app, { prefix: CONSOLE_PATH, directory, headersFor: consoleHeadersFor });
}
