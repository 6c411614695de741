import { Module } from '@nestjs/common';

/** Files users upload and attach to runs (seed 002 flow 6). */
@Module({})
export class FilesModule {}
