// No imports, and nothing newer than Node 18 has: this check must run, and speak, on the very
// versions it refuses.

/** The oldest Node.js toolhub runs on (`engines` in package.json says the same). */
export const MINIMUM_NODE = '20.19.0';

/** Whether `version` (`20.19.0`, `v22.1.0`) is at least `MINIMUM_NODE`. */
export function isSupportedNode(version: string, minimum: string = MINIMUM_NODE): boolean {
  const parts = (text: string) => text.replace(/^v/, '').split('.').map(Number);
  const have = parts(version);
  const need = parts(minimum);
  for (let i = 0; i < need.length; i++) {
    const part = have[i] || 0;
    if (part !== need[i]) return part > need[i];
  }
  return true;
}

/**
 * Ends the process with one clear line on an older Node.js, which would otherwise start and
 * then fail request by request (`isWellFormed is not a function`, `crypto is not defined`).
 */
export function exitUnlessSupportedNode(): void {
  if (isSupportedNode(process.versions.node)) return;
  console.error(
    `toolhub needs Node.js ${MINIMUM_NODE} or newer; this is Node.js ${process.versions.node}. ` +
      'Install a current Node.js (https://nodejs.org) and start it again.',
  );
  process.exit(1);
}
