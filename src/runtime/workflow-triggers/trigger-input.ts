import { type IncomingHttpHeaders } from 'node:http';
import { renderTemplate, templateProblems } from '../../registry/workflows/step-templates';

/** What a webhook trigger's input template reads, as `input`. */
export interface Delivery {
  body: unknown;
  headers: IncomingHttpHeaders;
}

const NO_STEPS = { outputs: [], keys: new Map<string, number>() };

/**
 * What is wrong with an input template: it is a workflow step's template that reads only
 * `input` (the delivery), as if for the first step of a workflow of one.
 */
export function triggerInputProblems(template: unknown): string[] {
  if (template === undefined || template === null) return [];
  return templateProblems([{ input: template }]).map((problem) =>
    problem.replace(/^steps\.0\.input/, 'input'),
  );
}

/** The run's input for a delivery: the template rendered over it, or its body. */
export function triggerInputOf(template: unknown, delivery: Delivery): unknown {
  if (template === undefined || template === null) return delivery.body ?? null;
  return renderTemplate(template, { input: delivery, ...NO_STEPS }, 0);
}
