import { type INestApplication } from '@nestjs/common';
import { type ToolImplementation } from '../../src/database/schema';
import { RegisteredToolsRepository } from '../../src/registry/tools/registered-tools.repository';

/** A tool row written straight to the database, and how to delete it again. */
export interface StoredTool {
  reference: { id: string; name: string };
  remove(): Promise<void>;
}

/**
 * Writes a tool row with this implementation through the app's repository, past the API: for
 * an implementation whose kind the app does not have, which the API would refuse.
 */
export async function storeTool(
  app: INestApplication,
  name: string,
  implementation: ToolImplementation,
): Promise<StoredTool> {
  const tools = app.get(RegisteredToolsRepository);
  const row = await tools.insert({ name, parameters: { type: 'object' }, implementation });
  return { reference: { id: row.id, name: row.name }, remove: () => tools.delete(row.id) };
}
