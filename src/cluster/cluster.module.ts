import { Module } from '@nestjs/common';

/** What several instances on one PostgreSQL share: change notices and live run events. */
@Module({})
export class ClusterModule {}
