/** The usage of `toolhub keys`, apart from the command, so help loads nothing else. */
export const KEYS_USAGE = `  toolhub keys create --name <name> [--user <user>] [--role admin|member]
                                      issue an API key for a user (default: the name), admin
                                      by default, and print it (shown once)
  toolhub keys list                   list keys: id, name, user, role, prefix, created, revoked
  toolhub keys revoke <id>            revoke a key; requests with it get 401 at once

  With the embedded database, stop the server first (or use its API: POST /api/v1/keys).`;
