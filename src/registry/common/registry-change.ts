import { type AuditContext, type AuditEvent } from '../../audit/audit-event';

export type RegistryChangeType =
  `${'tool' | 'agent' | 'workflow' | 'source'}.${'created' | 'updated' | 'deleted'}`;

/** The audit event of a change of a registry resource, recorded in the change's transaction. */
export function registryChange(
  type: RegistryChangeType,
  resource: { id: string; name: string },
  by: AuditContext,
): AuditEvent {
  return { ...by, type, target: resource.name, details: { id: resource.id, name: resource.name } };
}
