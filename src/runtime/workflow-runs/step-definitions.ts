import { type WorkflowRunStep } from '../../database/schema';

/**
 * The pinned definition of the step run at `path` (see `step-paths.ts`): a top-level step, or
 * one nested in the list its parent keeps for the path's group (a case's or the default's
 * steps, a parallel branch's, a map's or a loop's steps). Undefined when there is none.
 */
export function definitionAt(
  steps: readonly WorkflowRunStep[],
  path: string,
): WorkflowRunStep | undefined {
  const segments = path.split('/');
  let list: readonly unknown[] | undefined = steps;
  let step = list[Number(segments[0])];
  for (let at = 1; at < segments.length && step !== undefined;) {
    const group = segments[at];
    const member = group === 'default' ? undefined : segments[at + 1];
    at += group === 'default' ? 1 : 2;
    list = nestedList(step, group, member);
    step = list?.[Number(segments[at++])];
  }
  return step as WorkflowRunStep | undefined;
}

/** The steps a step keeps for a group of its runs (and the group's member). */
function nestedList(step: unknown, group: string, member: string | undefined) {
  const fields = step as Record<string, unknown>;
  switch (group) {
    case 'cases': {
      const cases = fields.cases as { steps?: unknown[] }[] | undefined;
      return cases?.[Number(member)]?.steps;
    }
    case 'default':
      return fields.default as unknown[] | undefined;
    case 'branches': {
      const branches = fields.branches as Record<string, unknown[]> | undefined;
      return member !== undefined && branches && Object.hasOwn(branches, member)
        ? branches[member]
        : undefined;
    }
    case 'items':
    case 'iterations':
      return fields.steps as unknown[] | undefined;
    default:
      return undefined;
  }
}
