import { DomainError } from '../../core/errors';

/** The kinds of resource in the registry, as they appear in codes and messages. */
export type ResourceKind = 'Tool' | 'Agent' | 'Workflow';

const codeOf = (kind: ResourceKind) => kind.toUpperCase();

/** An id that names no resource, including ids that are not UUIDs at all. */
export class ResourceNotFoundError extends DomainError {
  readonly code: string;
  readonly status = 404;
  constructor(kind: ResourceKind, id: string) {
    super(`${kind} with id '${id}' not found`);
    this.code = `${codeOf(kind)}_NOT_FOUND`;
  }
}

/** Names are unique per kind, on create and on rename. */
export class NameTakenError extends DomainError {
  readonly code: string;
  readonly status = 409;
  constructor(kind: ResourceKind, name: string) {
    super(`${kind} with name '${name}' already exists`);
    this.code = `${codeOf(kind)}_ALREADY_EXISTS`;
  }
}

export interface ResourceReference {
  id: string;
  name: string;
}

/** What may use a resource, by the field of a usage that lists them. */
const USER_KINDS = {
  used_by_agents: 'agent',
  used_in_workflows: 'workflow',
  served_as_tools: 'tool',
  active_runs: 'workflow run',
} as const;

/** What still refers to a resource that was asked to be deleted, which keeps it. */
export type ResourceUsage = { [field in keyof typeof USER_KINDS]?: ResourceReference[] };

/** Each user a usage lists, named with its kind (`agent 'triage'`), agents first. */
export function usersOf(usage: ResourceUsage): string[] {
  return Object.entries(USER_KINDS).flatMap(([field, userKind]) =>
    (usage[field as keyof ResourceUsage] ?? []).map((user) => `${userKind} '${user.name}'`),
  );
}

/** Whether anything at all is listed as using the resource. */
export function isInUse(usage: ResourceUsage): boolean {
  return Object.values(usage).some((users) => (users ?? []).length > 0);
}

/**
 * A delete refused because agents, workflows or tools still use the resource; details list
 * them.
 */
export class ResourceInUseError extends DomainError {
  readonly code: string;
  readonly status = 409;
  constructor(kind: ResourceKind, name: string, usage: ResourceUsage) {
    super(`${kind} '${name}' is in use by ${usersOf(usage).join(', ')}`, usage);
    this.code = `${codeOf(kind)}_IN_USE`;
  }
}

/** References (tool ids, workflow step targets) that name nothing; every bad one is listed. */
export class InvalidReferencesError extends DomainError {
  readonly status = 400;
  constructor(
    readonly code: string,
    field: string,
    invalid: readonly string[],
    /** What the caller should send instead, told after the list. */
    hint?: string,
  ) {
    super(`Invalid ${field}: ${invalid.join(', ')}${hint ? `. ${hint}` : ''}`, {
      [`invalid_${field}`]: invalid,
    });
  }
}
