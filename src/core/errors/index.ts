export * from './domain-error';
export * from './error-envelope';
export * from './format-size';
export * from './framework-errors';
export * from './http-errors';
export * from './input-errors';
export * from './validation-failed.error';
