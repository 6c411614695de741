/** The usage of `toolhub audit`, apart from the command, so help loads nothing else. */
export const AUDIT_USAGE = `  toolhub audit verify                check the audit log's hash chain; prints { ok, checked,
                                      first_bad_seq? } and exits 1 when it is broken`;
