import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { toolSources } from './tool-sources.tables';
import { timestamps } from './timestamps';

/**
 * What a registered tool runs: `type` names the tool kind that owns the rest of the fields (how
 * they are stored, shown and run); secret values in them are sealed.
 */
export interface ToolImplementation {
  type: string;
  [field: string]: unknown;
}

/**
 * An imported tool's standing: `listed` (served as last approved), `awaiting_review` (added
 * upstream, held until an admin approves it), `rejected` (an admin refused its addition), or
 * `removed` (its upstream no longer lists it, or the source's filters leave it out).
 */
export type ImportedToolState = 'listed' | 'awaiting_review' | 'rejected' | 'removed';

export interface ModelConfig {
  provider: string;
  model: string;
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
  /** The scripted provider's turns. */
  script?: unknown[];
}

export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    description: text('description').notNull().default(''),
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull(),
    /** Null for a tool that is only described so far: it is listed but not served. */
    implementation: jsonb('implementation').$type<ToolImplementation>(),
    is_active: boolean('is_active').notNull().default(true),
    /** A call by an agent waits for its user's approval (agents may override it per tool). */
    requires_approval: boolean('requires_approval').notNull().default(false),
    /** Served to callers without an API key too; otherwise only to key holders. */
    public: boolean('public').notNull().default(false),
    /** The source that imported the tool; null for a tool registered on its own. */
    source_id: uuid('source_id').references((): AnyPgColumn => toolSources.id, {
      onDelete: 'cascade',
    }),
    /** The upstream's own name of an imported tool. */
    upstream_name: text('upstream_name'),
    /** Where an imported tool stands with its source (see `ImportedToolState`). */
    source_state: text('source_state').$type<ImportedToolState>(),
    /** An imported tool's last approved description as the upstream wrote it. */
    upstream_description: text('upstream_description'),
    /** Hints about the tool's behaviour (MCP `ToolAnnotations`), served as such. */
    annotations: jsonb('annotations').$type<Record<string, unknown>>(),
    /** JSON Schema of the tool's structured answers, served as its `outputSchema`. */
    output_schema: jsonb('output_schema').$type<Record<string, unknown>>(),
    /** The fields of an imported tool an admin set, which its source's syncs leave alone. */
    overrides: jsonb('overrides').$type<string[]>().notNull().default([]),
    /** Why an imported tool is not served as it is (awaiting review, gone upstream, source down). */
    unavailable_reason: text('unavailable_reason'),
    ...timestamps,
  },
  (table) => [
    index('tools_created_at_id_idx').on(table.created_at, table.id),
    uniqueIndex('tools_source_id_upstream_name_idx').on(table.source_id, table.upstream_name),
  ],
);

export const agents = pgTable('agents', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  system_prompt: text('system_prompt').notNull(),
  model_config: jsonb('model_config').$type<ModelConfig>().notNull(),
  /** Served to Agent2Agent clients at `/a2a/agents/{id}`; off until the agent's owner opts in. */
  a2a_enabled: boolean('a2a_enabled').notNull().default(false),
  ...timestamps,
});

/** The tools of an agent, in the order the agent lists them. */
export const agentTools = pgTable(
  'agent_tools',
  {
    agent_id: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    // RESTRICT keeps a referenced tool even if a delete races the reference check.
    tool_id: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    /** This agent's own rule for the tool; null: the tool's `requires_approval`. */
    requires_approval: boolean('requires_approval'),
  },
  (table) => [
    primaryKey({ columns: [table.agent_id, table.tool_id] }),
    index('agent_tools_tool_id_idx').on(table.tool_id),
  ],
);

export const workflows = pgTable('workflows', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  /** JSON Schema of the input a call of the workflow (as a tool) takes. */
  input_schema: jsonb('input_schema')
    .$type<Record<string, unknown>>()
    .notNull()
    .default({ type: 'object' }),
  ...timestamps,
});

/** How a failed step is tried again: attempts in all, delays growing by `factor`, jittered. */
export interface StepRetry {
  max_attempts: number;
  initial_delay_ms?: number;
  factor?: number;
  max_delay_ms?: number;
}

/** What a step's failure does to its workflow run: fails it, or gives null and goes on. */
export type StepOnError = 'fail' | 'continue';

/**
 * One step of a workflow, at any depth: an agent or a tool step runs exactly one of them; a step
 * holding others (a branch, a map…) runs none, and the steps it holds are rows of their own,
 * so every agent and tool a workflow runs, however deep, is a foreign key.
 */
export const workflowSteps = pgTable(
  'workflow_steps',
  {
    workflow_id: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    /** Its place among all the workflow's steps, each before the steps it holds. */
    position: integer('position').notNull(),
    type: text('type').notNull(),
    /** The position of the step holding it; null at the top. */
    parent_position: integer('parent_position'),
    /** Where in its holder its list is (`cases/0/steps`); null at the top. */
    slot: text('slot'),
    /** The type's own fields, its step lists emptied (their steps are the rows below it). */
    settings: jsonb('settings').$type<Record<string, unknown>>(),
    agent_id: uuid('agent_id').references((): AnyPgColumn => agents.id, {
      onDelete: 'restrict',
    }),
    tool_id: uuid('tool_id').references((): AnyPgColumn => tools.id, { onDelete: 'restrict' }),
    /** The name other steps' templates read this step's output by; unique in its workflow. */
    key: text('key'),
    /** The template the step's input is rendered from; none: the engine's default input. */
    input: jsonb('input'),
    /** How often and how soon the step runs again after failing; none: it runs once. */
    retry: jsonb('retry').$type<StepRetry>(),
    /** Longest one attempt of the step may take; none: no limit of its own. */
    timeout_seconds: integer('timeout_seconds'),
    /** `continue`: a failure (once retries are spent) gives null and the run goes on. */
    on_error: text('on_error').$type<StepOnError>(),
  },
  (table) => [
    primaryKey({ columns: [table.workflow_id, table.position] }),
    uniqueIndex('workflow_steps_workflow_id_key_idx').on(table.workflow_id, table.key),
    check(
      'workflow_steps_at_most_one_target',
      sql`num_nonnulls(${table.agent_id}, ${table.tool_id}) <= 1`,
    ),
    index('workflow_steps_agent_id_idx').on(table.agent_id),
    index('workflow_steps_tool_id_idx').on(table.tool_id),
  ],
);
