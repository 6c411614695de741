import { isDeepStrictEqual } from 'node:util';
import { Injectable } from '@nestjs/common';
import { BuiltinToolRegistry } from '../../tools/builtin-tool-registry.service';
import { RegisteredToolsRepository } from './registered-tools.repository';

/**
 * Stores every tool of the code as a `builtin` registered tool, so agents can reference it and
 * operators can deactivate it. Its description and schema follow the code on each start; its
 * `is_active`, `requires_approval` and `public` are the operator's and are kept.
 */
@Injectable()
export class BuiltinToolRegistration {
  constructor(
    private readonly tools: RegisteredToolsRepository,
    private readonly builtins: BuiltinToolRegistry,
  ) {}

  async register(): Promise<void> {
    const definitions = this.builtins.list().map((tool) => tool.definition);
    if (definitions.length === 0) return;
    // Insert-or-ignore first: instances starting together against one server must not collide.
    await this.tools.insertMissing(
      definitions.map((definition) => ({
        name: definition.name,
        description: definition.description,
        parameters: definition.inputSchema,
        implementation: { type: 'builtin' as const },
        // A tool that only reads runs without asking; the operator may change this.
        requires_approval: definition.annotations?.readOnlyHint !== true,
        // The builtin tools answer callers without a key; the operator may change it.
        public: true,
      })),
    );
    const stored = await this.tools.findByNames(definitions.map((definition) => definition.name));
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
        await this.tools.update(row.id, {
          description: definition.description,
          parameters: definition.inputSchema,
        });
      }
    }
  }
}
