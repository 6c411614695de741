import { errorOf } from './api-error';
import { storedKey } from './key-store';

/** Called when the server refuses the key (revoked, or signed out in another tab). */
let onUnauthorized: () => void = () => {};

export function whenUnauthorized(listener: () => void): void {
  onUnauthorized = listener;
}

/** A request to this server with the signed-in key; failures throw `ApiError`. */
export async function request(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const key = storedKey();
  if (key) headers.set('Authorization', `Bearer ${key}`);
  const response = await fetch(path, { ...init, headers, cache: 'no-store' });
  if (response.ok) return response;
  if (response.status === 401) onUnauthorized();
  throw await errorOf(response);
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await (await request(path, { signal })).json()) as T;
}

export async function sendJson<T>(method: string, path: string, body: unknown): Promise<T> {
  const response = await request(path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

export async function uploadFile(file: File): Promise<{ id: string; name: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await (await request('/api/v1/files', { method: 'POST', body: form })).json()) as {
    id: string;
    name: string;
  };
}

export async function getBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  return (await request(path, { signal })).blob();
}

/** A query string of the defined values. */
export function query(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
