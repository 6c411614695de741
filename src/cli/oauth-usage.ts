/** The usage of `toolhub oauth`, apart from the command, so help loads nothing else. */
export const OAUTH_USAGE = `  toolhub oauth rotate-key            make a new key sign OAuth access tokens; the previous one
                                      stays in the JWKS, verifying, until the tokens it signed
                                      have expired (OAUTH_ACCESS_TOKEN_TTL_SECONDS)

  With the embedded database, stop the server first.`;
