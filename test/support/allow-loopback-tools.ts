// Tools may not reach loopback by default, yet the suites start their tool servers there: every
// app a test starts (in process, see test-app.ts, or spawned with this environment) allows it.
// Suites that check the refusals give their app a TOOL_URL_ALLOW of their own.
process.env.TOOL_URL_ALLOW ??= '127.0.0.1,::1,localhost';
