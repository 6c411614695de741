import { isDeepStrictEqual } from 'node:util';
import { Inject, Injectable } from '@nestjs/common';
import { eq, inArray } from 'drizzle-orm';
import { DATABASE, type Database } from '../../database/database';
import { tools } from '../../database/schema';
import { BuiltinToolRegistry } from '../../tools/builtin-tool-registry.service';

/**
 * Stores every tool of the code as a `builtin` registered tool, so agents can reference it and
 * operators can deactivate it. Its description and schema follow the code on each start; its
 * `is_active`, `requires_approval` and `public` are the operator's and are kept.
 */
@Injectable()
export class BuiltinToolRegistration {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly builtins: BuiltinToolRegistry,
  ) {}

  async register(): Promise<void> {
    const definitions = this.builtins.list().map((tool) => tool.definition);
    if (definitions.length === 0) return;
    // Insert-or-ignore first: instances starting together against one server must not collide.
    await this.db
      .insert(tools)
      .values(
        definitions.map((definition) => ({
          name: definition.name,
          description: definition.description,
          parameters: definition.inputSchema,
          implementation: { type: 'builtin' as const },
          // A tool that only reads runs without asking; the operator may change this.
          requires_approval: definition.annotations?.readOnlyHint !== true,
          // Seed 001: the builtin tools answer callers without a key; the operator may change it.
          public: true,
        })),
      )
      .onConflictDoNothing({ target: tools.name });
    const stored = await this.db
      .select()
      .from(tools)
      .where(
        inArray(
          tools.name,
          definitions.map((definition) => definition.name),
        ),
      );
    for (const definition of definitions) {
      const row = stored.find((candidate) => candidate.name === definition.name);
      if (row?.implementation?.type !== 'builtin') {
        throw new Error(
          `The registered tool '${definition.name}' has the name of a builtin tool; ` +
            'rename it through the API with an older version, then start this one',
        );
      }
      // jsonb reorders keys, so compare structurally rather than as JSON text.
      const schemaChanged = !isDeepStrictEqual(row.parameters, definition.inputSchema);
      if (schemaChanged || row.description !== definition.description) {
        await this.db
          .update(tools)
          .set({
            description: definition.description,
            parameters: definition.inputSchema,
            updated_at: new Date(),
          })
          .where(eq(tools.id, row.id));
      }
    }
  }
}
