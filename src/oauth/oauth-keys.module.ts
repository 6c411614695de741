import { Module } from '@nestjs/common';
import { provideFeatureConfig } from '../core/config';
import { SecretsModule } from '../secrets/secrets.module';
import { OAuthConfig } from './oauth.config';
import { OAuthKeys } from './oauth-keys';

/** The authorization server's keys, for the server and for `toolhub oauth rotate-key`. */
@Module({
  imports: [SecretsModule],
  providers: [provideFeatureConfig(OAuthConfig), OAuthKeys],
  exports: [OAuthConfig, OAuthKeys],
})
export class OAuthKeysModule {}
