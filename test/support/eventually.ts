/**
 * Polls `probe` until it finds something (anything but undefined) and resolves with it: for
 * states only a GET shows, such as a run's status. The bound only makes a state that never comes
 * fail the test, naming `what`, before the test's own timeout would.
 */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
