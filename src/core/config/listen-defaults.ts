/**
 * Where the server listens when PORT and HOST are unset: the configuration's defaults, kept apart
 * for the address check, which runs before the configuration's validators are loaded.
 */
export const DEFAULT_PORT = 3000;
export const DEFAULT_HOST = '0.0.0.0';
