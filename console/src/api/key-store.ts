/**
 * The API key lives in this tab's sessionStorage only: never in a URL (it would reach logs and
 * history) nor in a cookie (the browser would send it to the server unasked).
 */
const KEY = 'toolhub.apiKey';

export function storedKey(): string | null {
  return sessionStorage.getItem(KEY);
}

export function storeKey(key: string): void {
  sessionStorage.setItem(KEY, key);
}

/** Signing out forgets the key and everything kept for this tab. */
export function forgetEverything(): void {
  sessionStorage.clear();
}
