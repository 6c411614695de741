import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps';

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** What a delivery is about: an agent run, a workflow run, or an A2A task (push notifications). */
export type WebhookSubjectKind = 'run' | 'workflow_run' | 'a2a_task';

/**
 * The outbox of webhook deliveries: one row per notice, written in the transaction of the state
 * change it tells about, then attempted by queue jobs until delivered or given up.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** Also the `webhook-id` every attempt sends, so a receiver can tell repeats. */
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    type: text('type').notNull(),
    subject_kind: text('subject_kind').$type<WebhookSubjectKind>().notNull(),
    subject_id: uuid('subject_id').notNull(),
    /** The JSON body, fixed when recorded: every attempt sends (and signs) the same bytes. */
    body: text('body').notNull(),
    content_type: text('content_type').notNull().default('application/json'),
    /**
     * Headers the receiver asked for besides the signature's (an A2A client's token and
     * credentials), as JSON sealed with the stored secrets' key; null for none.
     */
    sealed_headers: text('sealed_headers'),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    ...timestamps,
  },
  (table) => [
    index('webhook_deliveries_subject_idx').on(
      table.subject_kind,
      table.subject_id,
      table.created_at,
    ),
  ],
);

/**
 * The generated signing secret, sealed with the stored secrets' key, when instances share a
 * PostgreSQL server without `WEBHOOK_SECRET`: the first instance to start writes it, every
 * instance signs with it. One row at most.
 */
export const webhookSigningSecret = pgTable('webhook_signing_secret', {
  id: integer('id').primaryKey().default(1),
  sealed: text('sealed').notNull(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
