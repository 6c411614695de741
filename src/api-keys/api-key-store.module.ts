import { Module } from '@nestjs/common';
import { ClusterModule } from '../cluster/cluster.module';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';
import { KeyRevocationNotices } from './key-revocation-notices';

/** The stored keys, for the server and the CLI alike (a revocation reaches every instance). */
@Module({
  imports: [ClusterModule],
  providers: [ApiKeysRepository, ApiKeysService, KeyRevocationNotices],
  exports: [ApiKeysService, KeyRevocationNotices],
})
export class ApiKeyStoreModule {}
