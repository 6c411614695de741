import { isForeignKeyViolation, isUniqueViolation } from '../../database/postgres-errors';
import { type InvalidReferencesError, NameTakenError, type ResourceKind } from './registry.errors';

/**
 * Runs the create or update of a named resource and lets the database have the last word, so
 * concurrent requests cannot slip past the checks: its unique constraint decides name clashes
 * (409), and its foreign keys catch a referenced row deleted between our check and our insert,
 * reported as the check would have (400) by running the check again.
 */
export async function writeNamed<T>(
  kind: ResourceKind,
  name: string,
  write: () => Promise<T>,
  recheckReferences?: () => Promise<InvalidReferencesError | undefined>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new NameTakenError(kind, name);
    const refused = isForeignKeyViolation(error) ? await recheckReferences?.() : undefined;
    throw refused ?? error;
  }
}
