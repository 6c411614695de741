import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes the SQL migration for a schema change; commit it with the change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/database/schema/index.ts',
  out: './migrations',
});
