// One file of tables per feature; Drizzle and drizzle-kit read them all through this barrel.
export * from './api-keys.tables';
export * from './registry.tables';
export * from './tool-sources.tables';
export * from './runtime.tables';
export * from './files.tables';
export * from './artifacts.tables';
export * from './webhooks.tables';
export * from './mcp.tables';
export * from './a2a.tables';
export * from './audit.tables';
export * from './oauth.tables';
export * from './workflow-triggers.tables';
export * from './budgets.tables';
