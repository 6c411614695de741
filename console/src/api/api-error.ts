/** A failed API call, as the server's envelope tells it: `{success:false,error:{code,message}}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function errorOf(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as {
      error?: { code?: unknown; message?: unknown; details?: unknown };
    };
    const code = typeof body.error?.code === 'string' ? body.error.code : 'HTTP_ERROR';
    const message =
      typeof body.error?.message === 'string' ? body.error.message : response.statusText;
    const issues = issuesOf(body.error?.details);
    return new ApiError(response.status, code, issues ? `${message} (${issues})` : message);
  } catch {
    return new ApiError(response.status, 'HTTP_ERROR', `HTTP ${response.status}`);
  }
}

export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** What a 422's details say about each field, which its message only names. */
function issuesOf(details: unknown): string | undefined {
  if (!Array.isArray(details)) return undefined;
  const messages = details.flatMap((issue: { messages?: unknown }) =>
    Array.isArray(issue?.messages) ? issue.messages.filter((m) => typeof m === 'string') : [],
  );
  return messages.length > 0 ? messages.join('; ') : undefined;
}
