import { Module } from '@nestjs/common';
import { DatabaseConfig } from '../database/database.config';
import { DataDirectoryConfig, provideFeatureConfig } from '../core/config';
import { createSecretBox } from './create-secret-box';
import { SecretBox } from './secret-box';
import { SecretsConfig } from './secrets.config';

/** The `SecretBox` that seals secrets before they are stored and opens them when they are used. */
@Module({
  providers: [
    provideFeatureConfig(SecretsConfig),
    {
      provide: SecretBox,
      inject: [SecretsConfig, DatabaseConfig, DataDirectoryConfig],
      useFactory: createSecretBox,
    },
  ],
  exports: [SecretBox],
})
export class SecretsModule {}
