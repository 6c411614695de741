import { Inject, Injectable, type OnModuleInit, Optional } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { HealthChecks } from '../core/health/health-checks';
import { DATABASE, type Database } from './database';

/**
 * Adds the database to the server's readiness (`/health/ready`): a trivial query. Contexts
 * without health (the key CLI) have no `HealthChecks`, and nothing to register.
 */
@Injectable()
export class DatabaseReadiness implements OnModuleInit {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Optional() private readonly health?: HealthChecks,
  ) {}

  onModuleInit(): void {
    this.health?.register('database', () => this.db.execute(sql`select 1`));
  }
}
