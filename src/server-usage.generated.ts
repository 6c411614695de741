// What `node dist/main.js --help` prints, written by `npm run docs:config` from serverUsage()
// (src/server-usage.ts): edit that, or the classes of variables, not this file.
export const SERVER_USAGE = `Usage: node dist/main.js [--help]        (or: npm start)

Starts the toolhub server: tools at /api/tools, the registry at /api/v1, MCP at /mcp,
API docs at /docs, the console at /console, liveness at /health and readiness at
/health/ready.

It is configured by environment variables, also read from a .env file in the working
directory (variables set in the environment win). Every variable, with its default:

  HTTP_ADAPTER                       default express
  PORT                               default 3000
  HOST                               default 0.0.0.0
  MAX_BODY_BYTES                     default 1048576
  MAX_JSON_DEPTH                     default 64
  LOG_LEVEL                          default info
  TRUST_PROXY                        unset by default
  PUBLIC_URL                         unset by default

  DATABASE_URL                       unset by default
  DATABASE_POOL_SIZE                 default 10
  DATABASE_CONNECT_TIMEOUT_SECONDS   default 30

  DATA_DIR                           default ~/.local/share/toolhub

  JOB_POLL_INTERVAL_MS               default 2000
  JOB_CONCURRENCY                    default 2
  JOB_SHUTDOWN_TIMEOUT_SECONDS       default 10
  JOB_MAINTENANCE_INTERVAL_SECONDS   default 120

  AUDIT_RETENTION_DAYS               default 90
  AUDIT_LOG                          default true

  INITIAL_ADMIN_KEY                  unset by default
  AUTH_FAILURES_PER_MINUTE           default 20
  CORS_ORIGINS                       default *

  REDIS_URL                          unset by default
  RUN_HEARTBEAT_SECONDS              default 5
  RUN_HEARTBEAT_TIMEOUT_SECONDS      default 30

  MODEL_PRICES                       unset by default

  OAUTH_MODE                         default builtin
  OAUTH_ACCESS_TOKEN_TTL_SECONDS     default 3600
  OAUTH_REGISTRATIONS_PER_MINUTE     default 10
  OAUTH_ISSUER                       unset by default
  OAUTH_AUDIENCE                     unset by default
  OAUTH_USER_CLAIM                   default sub
  OAUTH_ROLE_CLAIM                   unset by default
  OAUTH_ADMIN_VALUES                 unset by default

  SECRET_KEY                         unset by default
  SECRET_KEY_PREVIOUS                unset by default

  TOOL_TIMEOUT_SECONDS               default 30
  TOOL_RESULT_MAX_DEPTH              default 256

  OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT default false

  TOOL_URL_ALLOW                     unset by default
  TOOL_MAX_RESPONSE_BYTES            default 10485760

  PLANTUML_SERVER_URL                default https://www.plantuml.com/plantuml
  MAX_CODE_BYTES                     default 51200

  TOOL_SCHEMA_MAX_BYTES              default 262144
  TOOL_SCHEMA_MAX_DEPTH              default 32
  TOOL_SCHEMA_MAX_PROPERTIES         default 500

  TOOL_SOURCE_MAX_TOOLS              default 1000
  TOOL_SOURCE_SYNC_TIMEOUT_SECONDS   default 60
  TOOL_SOURCE_STDIO                  default false

  ANTHROPIC_API_KEY                  unset by default
  ANTHROPIC_BASE_URL                 unset by default
  OPENAI_API_KEY                     unset by default
  OPENAI_BASE_URL                    unset by default
  PROVIDER_MAX_RETRIES               default 2
  PROVIDER_TIMEOUT_SECONDS           default 600

  AGENT_MAX_TURNS                    default 25
  AGENT_DEFAULT_MAX_TOKENS           default 4096
  RUN_REPLAY_GRACE_SECONDS           default 600
  RUN_REPLAY_MAX_EVENTS              default 50000
  SSE_KEEPALIVE_SECONDS              default 15
  APPROVAL_TIMEOUT_SECONDS           default 600
  AGENT_TOOL_TIMEOUT_SECONDS         default 300
  AGENT_TOOL_MAX_DEPTH               default 3

  FILE_MAX_BYTES                     default 20971520

  ARTIFACT_SAVE_THRESHOLD_BYTES      default 2048
  LLM_RETURN_MAX_BYTES               default 4096
  ARTIFACT_MAX_BYTES                 default 52428800
  ARTIFACT_INTELLIGENT_PROCESSING    default true
  ARTIFACT_FALLBACK_TO_RAW_ON_ERROR  default true

  WEBHOOK_SECRET                     unset by default
  WEBHOOK_MAX_ATTEMPTS               default 8
  WEBHOOK_RETRY_BASE_MS              default 1000
  WEBHOOK_TIMEOUT_SECONDS            default 10

  MCP_ALLOWED_ORIGINS                unset by default
  MCP_CONFORMANCE_FIXTURES           default false
  MCP_ANONYMOUS                      default true

docs/operations.md ("Configuration") says what each one does; .env.example lists them commented.`;
