import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { DataDirectoryConfig, provideFeatureConfig } from '../core/config';
import { DatabaseConfig } from '../database/database.config';
import { Transactions } from '../database/transactions';
import { BLOB_STORE, type BlobStore } from './blob-store';
import { FilesConfig } from './files.config';
import { FilesController } from './files.controller';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';
import { FilesystemBlobStore } from './filesystem-blob-store';
import { PostgresBlobStore } from './postgres-blob-store';

/**
 * Files users upload and attach to runs. Bytes go to the blob store: files
 * under `<DATA_DIR>/blobs` beside the embedded database, PostgreSQL when `DATABASE_URL` is set.
 */
@Module({
  controllers: [FilesController],
  providers: [
    provideFeatureConfig(FilesConfig),
    {
      provide: BLOB_STORE,
      inject: [DatabaseConfig, DataDirectoryConfig, Transactions],
      useFactory: (
        database: DatabaseConfig,
        data: DataDirectoryConfig,
        transactions: Transactions,
      ): BlobStore =>
        database.DATABASE_URL
          ? new PostgresBlobStore(transactions)
          : new FilesystemBlobStore(join(data.DATA_DIR, 'blobs')),
    },
    FilesRepository,
    FilesService,
  ],
  exports: [FilesService, BLOB_STORE],
})
export class FilesModule {}
