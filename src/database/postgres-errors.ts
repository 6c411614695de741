/** SQLSTATE codes toolhub reacts to. */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
const DEADLOCK_DETECTED = '40P01';

/** The SQLSTATE of a database error, wherever Drizzle wrapped it (`cause` chain). */
function sqlStateOf(error: unknown): string | undefined {
  for (let current = error; current instanceof Object; current = (current as Error).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A UNIQUE constraint refused the write, e.g. a second tool with the same name. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === UNIQUE_VIOLATION;
}

/** A FOREIGN KEY refused the write, e.g. deleting a tool an agent still references. */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlStateOf(error) === FOREIGN_KEY_VIOLATION;
}

/** PostgreSQL broke a lock cycle by aborting this statement's transaction; trying again may pass. */
export function isDeadlock(error: unknown): boolean {
  return sqlStateOf(error) === DEADLOCK_DETECTED;
}

/** The name of the constraint (or unique index) a write broke, wherever Drizzle wrapped it. */
export function violatedConstraintOf(error: unknown): string | undefined {
  for (let current = error; current instanceof Object; current = (current as Error).cause) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}
