/** What a source's process is started with: its settings, secret values opened. */
export interface StdioLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
  secret_env: Record<string, string>;
}

/**
 * The process's environment: the source's variables and the server's `PATH`, nothing else of
 * the server's (its keys, its database URL). The SDK's transport adds a few variables of ours
 * to whatever it is given (`inherited`: `HOME`, `USER` …); each is given as `undefined`, which
 * Node leaves out of the child's environment, unless the source sets it.
 */
export function environmentOf(
  launch: StdioLaunch,
  inherited: readonly string[],
): Record<string, string> {
  const environment: Record<string, string | undefined> = {
    ...Object.fromEntries(inherited.map((name) => [name, undefined] as const)),
    ...(process.env.PATH !== undefined && { PATH: process.env.PATH }),
    ...launch.env,
    ...launch.secret_env,
  };
  // As the SDK's parameter is typed; the variables left `undefined` are what it must not pass.
  return environment as Record<string, string>;
}
