import { OAuthKeys } from '../oauth/oauth-keys';
import { OAuthKeysModule } from '../oauth/oauth-keys.module';
import { UsageError } from '../startup';
import { withCommandContext } from './command-context';
import { OAUTH_USAGE } from './oauth-usage';

/**
 * `toolhub oauth rotate-key`: stores a new signing key for the built-in authorization server in
 * the configured database; every instance signs with it from its next OAuth request on.
 */
export async function runOAuthCommand(args: string[]): Promise<void> {
  if (args.length !== 1 || args[0] !== 'rotate-key') throw new UsageError(`Usage:\n${OAUTH_USAGE}`);
  await withCommandContext(
    [OAuthKeysModule],
    'Stop it, rotate, and start it again (the key is read at the first OAuth request)',
    async (app) => {
      const kid = await app.get(OAuthKeys).rotateSigningKey();
      console.log(kid);
    },
  );
}
