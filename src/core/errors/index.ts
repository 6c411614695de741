export * from './domain-error';
export * from './error-envelope';
export * from './framework-errors';
export * from './http-errors';
