// Generated from docs/openapi.json by `npm run openapi:client`; do not edit.

export interface paths {
  '/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Where the docs, the tools and health are */
    get: operations['getServiceIndex'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/.well-known/oauth-authorization-server': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Authorization-server metadata (RFC 8414) */
    get: operations['OAuthController_authorizationServerMetadata'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/.well-known/oauth-protected-resource/mcp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Protected-resource metadata of /mcp (RFC 9728): where its tokens come from */
    get: operations['OAuthController_protectedResourceMetadata'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/a2a/agents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The agent cards of the agents served over A2A */
    get: operations['listA2aAgentCards'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/a2a/agents/{agentId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A JSON-RPC request (A2A v1.0 or v0.3) */
    post: operations['a2aJsonRpc'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/a2a/agents/{agentId}/.well-known/agent-card.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An agent's A2A agent card */
    get: operations['getA2aAgentCard'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/a2a/agents/{agentId}/tasks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** My tasks with the agent (HTTP+JSON) */
    get: operations['listA2aTasks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/a2a/agents/{agentId}/tasks/{taskId}/pushNotificationConfigs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A task's push notification configs (HTTP+JSON) */
    get: operations['listA2aPushConfigs'];
    put?: never;
    /** Push a task's updates to a URL (HTTP+JSON) */
    post: operations['createA2aPushConfig'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/a2a/agents/{agentId}/tasks/{taskId}/pushNotificationConfigs/{configId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A push notification config of a task (HTTP+JSON) */
    get: operations['getA2aPushConfig'];
    put?: never;
    post?: never;
    /** Stop pushing a task's updates to a config (HTTP+JSON) */
    delete: operations['deleteA2aPushConfig'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/a2a/agents/{agentId}/tasks/{task}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A task of mine, or its events (HTTP+JSON) */
    get: operations['getA2aTask'];
    put?: never;
    /** Cancel or follow a task (HTTP+JSON) */
    post: operations['actOnA2aTask'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/a2a/agents/{agentId}/{operation}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a message (HTTP+JSON binding) */
    post: operations['sendA2aMessage'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tools': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Discover the available tools and their input schemas
     * @description Without a key, the public tools only; with `Authorization: Bearer <api key>`, every tool.
     */
    get: operations['listTools'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tools/{toolName}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Invoke a tool with its input object
     * @description Without a key, the public tools only; with `Authorization: Bearer <api key>`, every tool. Each public tool also has its own operation below, with its real input schema and errors.
     */
    post: operations['invokeTool'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/agents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List agents, oldest first, filtered by a search term */
    get: operations['listAgents'];
    put?: never;
    /** Register an agent and link its tools */
    post: operations['createAgent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/agents/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An agent, with its tools, the workflows using it and the tools serving it */
    get: operations['getAgent'];
    /** Change any of an agent’s fields */
    put: operations['updateAgent'];
    post?: never;
    /** Delete an agent no workflow uses and no tool serves */
    delete: operations['deleteAgent'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/agents/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Run an agent once on a prompt, with a timeout (seconds); failures come back as success: false */
    post: operations['testAgent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/agents/{id}/tools': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Replace the list of an agent’s tools */
    put: operations['replaceAgentTools'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/approvals': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** My approvals, newest first */
    get: operations['listApprovals'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/approvals/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An approval of mine */
    get: operations['getApproval'];
    put?: never;
    /** Approve or reject a paused tool call; the last decision resumes the run */
    post: operations['decideApproval'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/artifacts/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An artifact of mine with its versions */
    get: operations['getArtifact'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/artifacts/{id}/content': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The bytes of a version of an artifact of mine (the newest by default), as its type */
    get: operations['downloadArtifact'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Audit entries in the order written (admins every user’s, members their own), a page at a time */
    get: operations['listAuditEntries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/audit/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every audit entry the filters match, as NDJSON (one entry a line, as listed), for a SIEM */
    get: operations['exportAuditEntries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/audit/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Check the audit chain: seq without gaps, every hash, from the oldest kept entry to the newest */
    get: operations['verifyAuditLog'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/budgets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List budgets, oldest first, each with its use in the current window */
    get: operations['listBudgets'];
    put?: never;
    /** Limit the tool calls, runs or tokens of one user, key or agent per window */
    post: operations['createBudget'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/budgets/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A budget, its use in the current window and when that window resets */
    get: operations['getBudget'];
    put?: never;
    post?: never;
    /** Remove a budget: what it limited is free */
    delete: operations['deleteBudget'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/files': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** My files, newest first */
    get: operations['listFiles'];
    put?: never;
    /** Upload a file (multipart/form-data, part `file`); its type is sniffed from the bytes */
    post: operations['uploadFile'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/files/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A file of mine, with the runs that used it */
    get: operations['getFile'];
    put?: never;
    post?: never;
    /** Delete a file of mine and its bytes */
    delete: operations['deleteFile'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/files/{id}/content': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The bytes of a file of mine, as its sniffed type */
    get: operations['downloadFile'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List keys, oldest first, revoked ones included (their first characters only) */
    get: operations['listApiKeys'];
    put?: never;
    /** Issue a key for a user, with a role; the key is in this response only */
    post: operations['createApiKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke a key: requests with it get 401 from the next one on, on every instance */
    delete: operations['revokeApiKey'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The key of this request: its id, its user and its role */
    get: operations['getCurrentKey'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/oauth/grants': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Clients connected with OAuth: the caller's own; an admin's call lists everyone's */
    get: operations['listOAuthGrants'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/oauth/grants/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Disconnect a client: every token of the grant is refused from the next request on */
    delete: operations['revokeOAuthGrant'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/runs/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A run: status, stop reason, usage, error, and the runs it delegated to */
    get: operations['getRun'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/runs/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Stop a running run */
    post: operations['cancelRun'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/runs/{id}/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every event of the run (SSE), replayed after Last-Event-ID, then live */
    get: operations['streamRunEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** My sessions, newest first */
    get: operations['listSessions'];
    put?: never;
    /** Start a conversation with an agent */
    post: operations['createSession'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/sessions/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A session of mine */
    get: operations['getSession'];
    put?: never;
    post?: never;
    /** Delete a session with its runs and events (not while a run is active) */
    delete: operations['deleteSession'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/sessions/{id}/artifacts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The artifacts tool results of the session were saved as, with their newest version */
    get: operations['listSessionArtifacts'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/sessions/{id}/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The durable log: persisted events of all runs, by sequence number, paginated */
    get: operations['listSessionEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/sessions/{id}/runs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a message: the agent runs; with Accept: text/event-stream, watch it live */
    post: operations['startRun'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/tool-sources': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List tool sources, oldest first */
    get: operations['listToolSources'];
    put?: never;
    /** Add a tool source and import its tools (served at once, within include/exclude) */
    post: operations['createToolSource'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/tool-sources/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A tool source, with its status */
    get: operations['getToolSource'];
    put?: never;
    post?: never;
    /** Delete a tool source and its tools, unless an agent or workflow uses one */
    delete: operations['deleteToolSource'];
    options?: never;
    head?: never;
    /** Change a tool source’s common fields, or its type’s fields as a whole; name and type stay */
    patch: operations['updateToolSource'];
    trace?: never;
  };
  '/api/v1/tool-sources/{id}/changes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The changes syncs found upstream, oldest first, filtered by status */
    get: operations['listToolSourceChanges'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/tool-sources/{id}/changes/{change_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Approve (serve the upstream’s new state) or reject a pending change */
    post: operations['decideToolSourceChange'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/tool-sources/{id}/sync': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Read the upstream again soon; `last_synced_at` and `status` show the outcome */
    post: operations['syncToolSource'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/tools': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List tools, oldest first, filtered by is_active, source_id and a search term */
    get: operations['listRegisteredTools'];
    put?: never;
    /** Register a tool */
    post: operations['createTool'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/tools/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A tool, with the agents and workflows using it */
    get: operations['getTool'];
    /** Change any of a tool’s fields */
    put: operations['updateTool'];
    post?: never;
    /** Delete a tool no agent or workflow uses */
    delete: operations['deleteTool'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/tools/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Run a tool once with params and a timeout (seconds); failures come back as success: false */
    post: operations['testTool'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/triggers/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A trigger, without its secret */
    get: operations['getWorkflowTrigger'];
    put?: never;
    post?: never;
    /** Delete a trigger */
    delete: operations['deleteWorkflowTrigger'];
    options?: never;
    head?: never;
    /** Enable, disable or change a trigger; a new secret, if any, shows once */
    patch: operations['updateWorkflowTrigger'];
    trace?: never;
  };
  '/api/v1/triggers/{id}/fires': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** When a trigger fired and the run each fire started, newest first */
    get: operations['listWorkflowTriggerFires'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Runs, tool calls, tokens and (with MODEL_PRICES) cost per group and period (admins everyone’s, members their own) */
    get: operations['getUsage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workflow-runs/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A workflow run: status, input, output, and where each step stands */
    get: operations['getWorkflowRun'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workflow-runs/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Stop a workflow run */
    post: operations['cancelWorkflowRun'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workflow-runs/{id}/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every event of the workflow run (SSE), replayed after Last-Event-ID, then live */
    get: operations['streamWorkflowRunEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workflows': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List workflows, oldest first, filtered by a search term */
    get: operations['listWorkflows'];
    put?: never;
    /** Register a workflow of agent and tool steps */
    post: operations['createWorkflow'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workflows/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A workflow with its steps, in order, and the tools serving it */
    get: operations['getWorkflow'];
    /** Change any of a workflow’s fields; given steps replace them all */
    put: operations['updateWorkflow'];
    post?: never;
    /** Delete a workflow no tool serves, and its steps */
    delete: operations['deleteWorkflow'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workflows/{id}/runs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** My runs of a workflow, newest first */
    get: operations['listWorkflowRuns'];
    put?: never;
    /** Run a workflow: its steps one after the other; with Accept: text/event-stream, live */
    post: operations['startWorkflowRun'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workflows/{id}/triggers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A workflow’s triggers */
    get: operations['listWorkflowTriggers'];
    put?: never;
    /** Add a trigger to a workflow: its runs start as the caller; the secret shows once */
    post: operations['createWorkflowTrigger'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/console': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The browser console: runs, approvals, artifacts and tools (an HTML page) */
    get: operations['getConsole'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness: the server is up and answering */
    get: operations['getHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health/ready': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Readiness: the server and what it depends on (the database) can serve requests */
    get: operations['getReadiness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/hooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start the trigger’s workflow; the same webhook-id again answers the same run */
    post: operations['deliverToWorkflowTrigger'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/mcp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** No server-initiated stream: the server is stateless */
    get: operations['mcpOpenStream'];
    put?: never;
    /**
     * MCP over Streamable HTTP: one JSON-RPC message (or a batch) in, its answer out
     * @description The Model Context Protocol, stateless, for clients of both eras: 2025-era revisions (`initialize` first) and 2026-07-28 (`server/discover`; version and capabilities in each request's `_meta`). Answers are JSON, except a 2025-era `tools/call`, which streams as server-sent events. Send `Accept: application/json, text/event-stream`. Without a key, the public tools; with `Authorization: Bearer <api key>`, every tool. A browser `Origin` must be loopback or listed in `MCP_ALLOWED_ORIGINS`. A request that fails on its own (unknown method, invalid params) is answered 200 with its JSON-RPC error; a body that is no message, 400 with one of id null. A 2025-era client that declares elicitation and sends a key gets an `Mcp-Session-Id` with its `initialize` answer, to send on later requests: approvals its calls wait for are asked of it.
     */
    post: operations['mcp'];
    /**
     * Ends the MCP session named by `Mcp-Session-Id`
     * @description Only 2025-era clients that declare elicitation and send a key have a session.
     */
    delete: operations['mcpEndSession'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Prometheus metrics */
    get: operations['getMetrics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/authorize': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Authorization request: code flow with PKCE S256 and a resource; on to the consent page */
    get: operations['OAuthController_authorize'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/authorize/{uid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Where the consent page sends the browser back to the flow */
    get: operations['OAuthController_resumeAuthorization'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/consent/{uid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The consent page: the client, its redirect host, resource, scopes */
    get: operations['OAuthController_showConsent'];
    put?: never;
    /** Approve (with an API key, or the browser's console session) or deny a client */
    post: operations['OAuthController_answerConsent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/console-session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start a console session for the consent page: an HttpOnly cookie, for /oauth only, for 12 hours */
    post: operations['startConsoleSession'];
    /** Needs no key: the cookie is the session's own credential, and it may always be dropped. */
    delete: operations['endConsoleSession'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/jwks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The public keys access tokens are signed with */
    get: operations['OAuthController_jwks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/register': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Dynamic client registration (RFC 7591) */
    post: operations['OAuthController_registerClient'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke a refresh token, and with it its grant (RFC 7009) */
    post: operations['OAuthController_revoke'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Token request: a code (with its PKCE verifier) or a refresh token */
    post: operations['OAuthController_token'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    A2aImplementationDto: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'a2a';
      /**
       * Format: uri
       * @description The remote agent's card (usually `<base>/.well-known/agent-card.json`): not a loopback,
       *     private or other non-public address unless `TOOL_URL_ALLOW` allows it, and without
       *     credentials (use `secret_headers`).
       * @example https://agents.example.com/.well-known/agent-card.json
       */
      agent_card_url: string;
      /**
       * @description Headers sent with every request to the agent, card included.
       * @example {
       *       "X-Client": "toolhub"
       *     }
       */
      headers?: {
        [key: string]: string;
      };
      /**
       * @description Headers whose values are secret (the remote's credentials): write-only, the API returns only
       *     their names.
       * @example {
       *       "Authorization": "Bearer sk-..."
       *     }
       */
      secret_headers?: {
        [key: string]: string;
      };
      /**
       * @description The id of the card's skill to ask for: each call checks the card has it, and names it in the
       *     message's metadata (`skill`).
       * @example summarize
       */
      skill?: string;
    };
    AgentA2aDto: {
      /**
       * @description Served over A2A at `/a2a/agents/{id}` (agent card, JSON-RPC and HTTP+JSON) to callers with
       *     an API key.
       * @example true
       */
      enabled: boolean;
    };
    AgentDetailDto: {
      /** @example 5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d */
      id: string;
      /** @example buy_signal_analyzer */
      name: string;
      /** @example Finds buy signals in recent stock prices */
      description: string;
      /** @example You are a buy-signal analyst... */
      system_prompt: string;
      model_config: components['schemas']['ModelConfigDto'];
      /**
       * @description In the order the agent lists them.
       * @example [
       *       "3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10"
       *     ]
       */
      tool_ids: string[];
      a2a: components['schemas']['AgentA2aDto'];
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      updated_at: string;
      /** @description The agent's tools, in `tool_ids` order. */
      tools: components['schemas']['AgentToolDto'][];
      /** @description Workflows with a step that runs this agent. */
      used_in_workflows: components['schemas']['ReferenceDto'][];
      /** @description Tools that run this agent (implementation `{"type": "agent", "agent_id": …}`), by name. */
      served_as_tools: components['schemas']['ReferenceDto'][];
    };
    AgentDto: {
      /** @example 5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d */
      id: string;
      /** @example buy_signal_analyzer */
      name: string;
      /** @example Finds buy signals in recent stock prices */
      description: string;
      /** @example You are a buy-signal analyst... */
      system_prompt: string;
      model_config: components['schemas']['ModelConfigDto'];
      /**
       * @description In the order the agent lists them.
       * @example [
       *       "3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10"
       *     ]
       */
      tool_ids: string[];
      a2a: components['schemas']['AgentA2aDto'];
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      updated_at: string;
    };
    AgentPageDto: {
      items: components['schemas']['AgentDto'][];
      /**
       * @description Items matching the filters, across all pages
       * @example 42
       */
      total: number;
      /** @example 20 */
      limit: number;
      /** @example 0 */
      offset: number;
    };
    AgentTestRequestDto: {
      /** @example 삼성전자의 RSI를 분석해주세요 */
      test_prompt: string;
      /**
       * @description Seconds before the run is cancelled and the test fails (fractions allowed).
       * @default 60
       * @example 60
       */
      timeout: number;
    };
    AgentTestResultDto: {
      /** @example true */
      success: boolean;
      /**
       * @description The agent's final answer.
       * @example RSI(14) is 61.2: neither overbought nor oversold.
       */
      response: string;
      tool_calls: components['schemas']['AgentTestToolCallDto'][];
      tokens_used: components['schemas']['TokensUsedDto'];
      /** @example 2310.5 */
      execution_time_ms: number;
      /**
       * @description The run, for its full event log.
       * @example 8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d
       */
      run_id: string;
      /**
       * @description Why the test failed.
       * @example Execution timeout
       */
      error?: string;
      /**
       * @description Stable code of the failure.
       * @example EXECUTION_TIMEOUT
       */
      error_code?: string;
    };
    AgentTestToolCallDto: {
      /** @example toolu_01ABC */
      tool_use_id: string;
      /** @example price_fetcher */
      name: string;
      /**
       * @example {
       *       "symbol": "005930"
       *     }
       */
      args: {
        [key: string]: unknown;
      };
      /** @example true */
      success: boolean;
      /**
       * @description The tool's result, or null when it failed.
       * @example {
       *       "rsi": 61.2
       *     }
       */
      result: Record<string, never>;
      /**
       * @description Why it failed.
       * @example Execution timeout
       */
      error?: string;
    };
    AgentToolDto: {
      /** @example 3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10 */
      id: string;
      /** @example price_fetcher */
      name: string;
      /** @example Fetches the latest price of a stock */
      description: string;
      /**
       * @description Inactive tools stay listed but are not served.
       * @example true
       */
      is_active: boolean;
      /**
       * @description This agent's calls of it wait for approval (the agent's rule, else the tool's).
       * @example false
       */
      requires_approval: boolean;
    };
    AgentToolImplementationDto: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'agent';
      /**
       * Format: uuid
       * @description The agent the tool runs.
       * @example 6b1f0c2e-3d4a-4b5c-8d9e-0f1a2b3c4d5e
       */
      agent_id: string;
    };
    AgentToolsDto: {
      /**
       * @description In the order the agent lists them.
       * @example [
       *       "3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10"
       *     ]
       */
      tool_ids: (
        | string
        | {
            /** Format: uuid */
            tool_id: string;
            requires_approval?: boolean | null;
          }
      )[];
    };
    ApiKeyDto: {
      /**
       * @description `admin`: everything, keys included; `member`: all but registry writes and keys
       * @example member
       * @enum {string}
       */
      role: 'admin' | 'member';
      /** @example 8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a */
      id: string;
      /** @example ci bot */
      name: string;
      /** @example alice */
      user: string;
      /**
       * @description The key's first characters; the key itself is never shown again.
       * @example thk_9fQx2L
       */
      prefix: string;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @description When it was revoked; null while it works.
       */
      revoked_at: string | null;
    };
    ApiKeyPageDto: {
      items: components['schemas']['ApiKeyDto'][];
      /**
       * @description Items matching the filters, across all pages
       * @example 42
       */
      total: number;
      /** @example 20 */
      limit: number;
      /** @example 0 */
      offset: number;
    };
    ApprovalDto: {
      /**
       * @example pending
       * @enum {string}
       */
      status: 'pending' | 'approved' | 'rejected' | 'expired' | 'cancelled';
      /** @example 4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8 */
      id: string;
      /** @example 8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d */
      run_id: string;
      /** @example 0d9a3f4e-1c2b-4a5d-9e8f-7a6b5c4d3e2f */
      session_id: string;
      /** @example toolu_02XYZ */
      tool_use_id: string;
      /** @example create_customer */
      tool_name: string;
      /**
       * @example {
       *       "name": "Test Corp"
       *     }
       */
      args: {
        [key: string]: unknown;
      };
      /** @example Run the tool create_customer with {\name\:\Test Corp\} */
      description: string;
      reason: string | null;
      /**
       * Format: date-time
       * @description Undecided by then, it resolves as not approved.
       * @example 2026-11-22T10:10:00.000Z
       */
      expires_at: string;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      created_at: string;
      /** Format: date-time */
      resolved_at: string | null;
    };
    ApprovalPageDto: {
      items: components['schemas']['ApprovalDto'][];
      /**
       * @description Items matching the filters, across all pages
       * @example 42
       */
      total: number;
      /** @example 20 */
      limit: number;
      /** @example 0 */
      offset: number;
    };
    ArtifactDetailDto: {
      /** @example 2b3c4d5e-6f70-4819-8a2b-3c4d5e6f7081 */
      id: string;
      /** @example 4a3b2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d */
      session_id: string;
      /**
       * @description Unique in the session; saving it again adds a version.
       * @example sales_report_result.csv
       */
      name: string;
      /** @description The newest version. */
      latest: components['schemas']['ArtifactVersionDto'];
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:04.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @description When the last version was added.
       * @example 2026-11-22T10:00:04.000Z
       */
      updated_at: string;
      /** @description Every version, oldest first. */
      versions: components['schemas']['ArtifactVersionDto'][];
    };
    ArtifactDto: {
      /** @example 2b3c4d5e-6f70-4819-8a2b-3c4d5e6f7081 */
      id: string;
      /** @example 4a3b2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d */
      session_id: string;
      /**
       * @description Unique in the session; saving it again adds a version.
       * @example sales_report_result.csv
       */
      name: string;
      /** @description The newest version. */
      latest: components['schemas']['ArtifactVersionDto'];
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:04.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @description When the last version was added.
       * @example 2026-11-22T10:00:04.000Z
       */
      updated_at: string;
    };
    ArtifactListDto: {
      /** @description The session's artifacts, by name. */
      items: components['schemas']['ArtifactDto'][];
    };
    ArtifactVersionDto: {
      /**
       * @description What the piece came from.
       * @example text
       * @enum {string}
       */
      kind: 'text' | 'image' | 'audio' | 'resource' | 'resource_link' | 'structured' | 'raw';
      /**
       * @description 0 for the first version.
       * @example 0
       */
      version: number;
      /** @example text/csv */
      mime_type: string;
      /** @example 20480 */
      size_bytes: number;
      /**
       * @description Hex SHA-256 of the bytes.
       * @example 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
       */
      sha256: string;
      /**
       * @description What was learnt of the content: a JSON structure summary, CSV rows, columns and headers,
       *     declared and detected types of binary content, a resource's URI.
       * @example {
       *       "csv": {
       *         "rows": 120,
       *         "columns": 3,
       *         "headers": [
       *           "date",
       *           "region",
       *           "revenue"
       *         ]
       *       }
       *     }
       */
      metadata: {
        [key: string]: unknown;
      };
      /**
       * @description Meant for the user only: never listed or given to the model.
       * @example false
       */
      user_only: boolean;
      /**
       * @description The run whose tool call produced it.
       * @example 8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d
       */
      run_id: string | null;
      /** @example toolu_01A09q90qw90lq917835lq9 */
      tool_use_id: string | null;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:04.000Z
       */
      created_at: string;
      /**
       * @description Where the bytes are.
       * @example /api/v1/artifacts/2b3c4d5e-6f70-4819-8a2b-3c4d5e6f7081/content?version=0
       */
      content_url: string;
    };
    AuditEntryDto: {
      /**
       * @example tool.called
       * @enum {string}
       */
      type:
        | 'tool.called'
        | 'approval.decided'
        | 'key.created'
        | 'key.revoked'
        | 'tool.created'
        | 'tool.updated'
        | 'tool.deleted'
        | 'agent.created'
        | 'agent.updated'
        | 'agent.deleted'
        | 'workflow.created'
        | 'workflow.updated'
        | 'workflow.deleted'
        | 'source.created'
        | 'source.updated'
        | 'source.deleted'
        | 'source.change_decided'
        | 'oauth.grant_created'
        | 'oauth.grant_revoked'
        | 'console.signed_in'
        | 'console.signed_out'
        | 'budget.exceeded';
      oauth_client_id?: string;
      /**
       * @example mcp
       * @enum {string}
       */
      transport?: 'rest' | 'mcp' | 'run' | 'test_run' | 'workflow' | 'a2a' | 'cli';
      /**
       * @example ok
       * @enum {string}
       */
      outcome: 'ok' | 'error' | 'denied';
      /** @example 6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f */
      id: string;
      /**
       * @description Position in the chain: gap-free, in the order entries were written.
       * @example 42
       */
      seq: number;
      /** @example 2026-11-29T10:00:00.000Z */
      at: string;
      /**
       * @description Who acted.
       * @example alice
       */
      user: string;
      /**
       * @description The key they acted with, when they used one.
       * @example 8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a
       */
      key_id?: string;
      /**
       * @description What it acted on: a tool's name, a key's or an approval's id.
       * @example encodePlantUML
       */
      target?: string;
      /** @example EXECUTION_TIMEOUT */
      error_code?: string;
      /** @example 12.5 */
      duration_ms?: number;
      /**
       * @description Facts about the event; for `tool.called` the tool, its id, the run or workflow run, and the
       *     SHA-256 of the arguments' canonical JSON, never their values.
       * @example {
       *       "tool_name": "encodePlantUML",
       *       "tool_id": "0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e",
       *       "args_sha256": "3f0a…"
       *     }
       */
      details: {
        [key: string]: unknown;
      };
      /**
       * @description The hash of the entry before it (`seq - 1`).
       * @example 9b74c9897bac770ffc029102a200c5de…
       */
      prev_hash: string;
      /**
       * @description `sha256(prev_hash ‖ canonical JSON (RFC 8785) of this entry without hash)`, hex.
       * @example e3b0c44298fc1c149afbf4c8996fb924…
       */
      hash: string;
    };
    AuditPageDto: {
      items: components['schemas']['AuditEntryDto'][];
      /** @description For the next page, with the same filters; null when this page is the last so far. */
      next_cursor: string | null;
    };
    AuditVerificationDto: {
      /** @example true */
      ok: boolean;
      /**
       * @description Entries checked (up to the first bad one).
       * @example 1200
       */
      checked: number;
      /**
       * @description Where the chain first breaks: a changed, missing or added entry.
       * @example 731
       */
      first_bad_seq?: number;
    };
    BranchCaseDto: {
      /**
       * @description A CEL condition over `input`, `steps` and `previous`.
       * @example input.amount > 100
       */
      when: string;
      steps: components['schemas']['WorkflowStepDto'][];
    };
    BudgetDto: {
      /**
       * @description The window: the UTC minute, hour, day or calendar month, by the database’s clock
       * @example day
       * @enum {string}
       */
      period: 'minute' | 'hour' | 'day' | 'month';
      /** @example 0b6f2d1e-7c4a-4e59-9f3b-2a8d1c6e5f40 */
      id: string;
      scope: components['schemas']['BudgetScopeDto'];
      limits: components['schemas']['BudgetLimitsDto'];
      /** @description What the current window has used of each limit. */
      used: components['schemas']['BudgetUseDto'];
      /**
       * Format: date-time
       * @description When the current window started.
       * @example 2026-11-29T00:00:00.000Z
       */
      window_start: string;
      /**
       * Format: date-time
       * @description When the current window ends and its use starts again from 0.
       * @example 2026-11-30T00:00:00.000Z
       */
      resets_at: string;
      /**
       * Format: date-time
       * @example 2026-11-28T09:12:00.000Z
       */
      created_at: string;
    };
    BudgetLimitsDto: {
      /**
       * @description Tool calls over every transport (REST, MCP, test-runs, runs, workflows).
       * @example 1000
       */
      tool_calls?: number;
      /**
       * @description Agent runs started (directly, by a workflow or by an agent tool).
       * @example 50
       */
      runs?: number;
      /**
       * @description Model tokens, input and output, of runs.
       * @example 2000000
       */
      tokens?: number;
    };
    BudgetPageDto: {
      items: components['schemas']['BudgetDto'][];
      /**
       * @description Items matching the filters, across all pages
       * @example 42
       */
      total: number;
      /** @example 20 */
      limit: number;
      /** @example 0 */
      offset: number;
    };
    BudgetScopeDto: {
      /**
       * @description A user: every key of theirs, their runs and their runs' tool calls.
       * @example alice
       */
      user?: string;
      /**
       * @description An API key: calls and runs started with it.
       * @example 8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a
       */
      key_id?: string;
      /**
       * @description An agent: its runs, their tokens and their tool calls.
       * @example 5e4d3c2b-1a09-4f8e-8d7c-6b5a49382716
       */
      agent_id?: string;
    };
    BudgetUseDto: {
      /** @example 412 */
      tool_calls?: number;
      /** @example 3 */
      runs?: number;
      /** @example 815000 */
      tokens?: number;
    };
    CreateAgentDto: {
      /**
       * @description Unique among agents.
       * @example buy_signal_analyzer
       */
      name: string;
      /** @example Finds buy signals in recent stock prices */
      description?: string;
      /**
       * @description Ids of the tools the agent may call, in the order it lists them; each must be a
       *     registered tool.
       * @example [
       *       "3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10"
       *     ]
       */
      tool_ids?: (
        | string
        | {
            /** Format: uuid */
            tool_id: string;
            requires_approval?: boolean | null;
          }
      )[];
      /** @example You are a buy-signal analyst... */
      system_prompt: string;
      model_config: components['schemas']['ModelConfigDto'];
      /** @description Off when left out. */
      a2a?: components['schemas']['AgentA2aDto'];
    };
    CreateApiKeyDto: {
      /**
       * @description `admin`: everything, keys included; `member`: all but registry writes and keys
       * @example member
       * @enum {string}
       */
      role: 'admin' | 'member';
      /**
       * @description What the key is for, to tell keys apart.
       * @example ci bot
       */
      name: string;
      /**
       * @description Whose key it is: the sessions, runs and files made with it are this user's. Default: the
       *     key's name.
       * @example alice
       */
      user?: string;
    };
    CreateBudgetDto: {
      /**
       * @description The window: the UTC minute, hour, day or calendar month, by the database’s clock
       * @example day
       * @enum {string}
       */
      period: 'minute' | 'hour' | 'day' | 'month';
      scope: components['schemas']['BudgetScopeDto'];
      limits: components['schemas']['BudgetLimitsDto'];
    };
    CreateSessionDto: {
      /**
       * @description The agent this session talks to.
       * @example 5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d
       */
      agent_id: string;
      /** @example Quarterly report questions */
      title?: string;
    };
    CreateToolDto: {
      /**
       * @description Unique; letters, digits, `_`, `.` and `-`, up to 64.
       * @example price_fetcher
       */
      name: string;
      /** @example Fetches the latest price of a stock */
      description?: string;
      /**
       * @description JSON Schema (type `object`) of the tool's input; calls are validated against it. Required,
       *     except for `agent` tools, whose input the kind defines (omit it, or send exactly that).
       * @example {
       *       "type": "object",
       *       "properties": {
       *         "symbol": {
       *           "type": "string"
       *         }
       *       },
       *       "required": [
       *         "symbol"
       *       ]
       *     }
       */
      parameters?: {
        [key: string]: unknown;
      };
      /** @description What the tool runs. Without one the tool is only described: listed, but not served. */
      implementation?:
        | components['schemas']['A2aImplementationDto']
        | components['schemas']['AgentToolImplementationDto']
        | components['schemas']['ToolImplementationDto']
        | components['schemas']['WorkflowToolImplementationDto'];
      /**
       * @description Inactive tools are kept but not served to agents.
       * @example true
       */
      is_active?: boolean;
      /**
       * @description An agent's call waits for its user's approval. Default: true for `http` and `mcp` tools
       *     (they act outside toolhub), false otherwise (an `agent` tool's own tools carry their
       *     approvals); agents may override it.
       * @example true
       */
      requires_approval?: boolean;
      /**
       * @description Served to callers without an API key too (`GET /api/tools`, `POST /api/tools/{name}`, MCP);
       *     a private tool is served to key holders only. Default: false (builtin tools are public).
       * @example false
       */
      public?: boolean;
    };
    CreateToolSourceDto: {
      /**
       * @description Whether calls of its tools by agents wait for approval: `"annotations"` (a tool the upstream
       *     marks `readOnlyHint` and not `destructiveHint` runs at once, every other waits), `true` or
       *     `false`. A tool's own `requires_approval`, once set, wins.
       * @enum {unknown}
       */
      requires_approval?: 'annotations' | true | false;
      /**
       * @description Lower-case letters, digits and `_`, starting with a letter, up to 20; unique. It names the
       *     source's tools, so it cannot change.
       * @example github
       */
      name: string;
      /**
       * @description The source type, which says the other fields it takes.
       * @example mcp
       */
      type: string;
      /** @example Issues and pull requests of our GitHub organisation */
      description?: string;
      /**
       * @description Globs on the upstream's tool names (`*`, `?`, `{a,b}`): only matching tools are imported.
       *     None: every tool.
       * @example [
       *       "*_issue",
       *       "search_*"
       *     ]
       */
      include?: string[];
      /**
       * @description Globs on the upstream's tool names that are never imported.
       * @example [
       *       "delete_*"
       *     ]
       */
      exclude?: string[];
      /**
       * @description What syncs after the first import do with what they find: `quarantine` holds added and
       *     changed tools for an admin's review (removed ones stop at once); `apply` takes every change
       *     at once, recorded as approved.
       * @example quarantine
       * @enum {string}
       */
      on_change?: 'quarantine' | 'apply';
      /**
       * @description Its tools are served to callers without an API key too.
       * @example false
       */
      public?: boolean;
      /**
       * @description Seconds between syncs (60–86400).
       * @example 600
       */
      sync_interval_seconds?: number;
    };
    CreateWorkflowDto: {
      /**
       * @description Unique among workflows.
       * @example daily_screening
       */
      name: string;
      /** @example Screens the market, then looks for buy signals */
      description?: string;
      /**
       * @description What the workflow runs, in order; an agent or tool may appear in several steps. Each may
       *     have a `key` (unique in the workflow) and an `input` template reading earlier steps.
       * @example [
       *       {
       *         "type": "tool",
       *         "id": "3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10",
       *         "key": "fetch_prices",
       *         "input": {
       *           "market": "{{ input.market }}"
       *         }
       *       },
       *       {
       *         "type": "agent",
       *         "id": "5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d",
       *         "input": "Find buy signals in {{ steps.fetch_prices.output }}"
       *       }
       *     ]
       */
      steps: components['schemas']['WorkflowStepDto'][];
      /**
       * @description JSON Schema (type `object`) of the input the workflow takes when it is called as a tool;
       *     checked as a tool's `parameters` are. Default: `{"type": "object"}`, any object.
       * @example {
       *       "type": "object",
       *       "properties": {
       *         "market": {
       *           "type": "string"
       *         }
       *       },
       *       "required": [
       *         "market"
       *       ]
       *     }
       */
      input_schema?: {
        [key: string]: unknown;
      };
    };
    CreateWorkflowTriggerDto: {
      /**
       * @description A webhook's: the template of the run's input, over the delivery as `input`:
       *     `{{ input.body… }}` and `{{ input.headers.<lowercase name> }}`, written as a workflow
       *     step's input template is; null or absent: the delivery's body. A schedule's: the run's
       *     input as it is; null or absent: `{}`.
       * @example {
       *       "repository": "{{ input.body.repository.name }}"
       *     }
       */
      input?: Record<string, never> | null;
      /**
       * @description `standard_webhooks` (the default): a delivery must carry a Standard Webhooks signature made
       *     with the trigger's secret and a timestamp within 5 minutes; `none`: anyone with the URL may
       *     start runs.
       * @example standard_webhooks
       * @enum {string}
       */
      verification?: 'standard_webhooks' | 'none';
      /**
       * @description A schedule's fire while its previous run is still going: `skip` (the default) starts none
       *     and records the fire as skipped; `allow` starts one anyway.
       * @example skip
       * @enum {string}
       */
      overlap?: 'skip' | 'allow';
      /**
       * @description What fires it: a call of its URL (`webhook`), or its `cron` times (`schedule`).
       * @example webhook
       * @enum {string}
       */
      type: 'webhook' | 'schedule';
      /**
       * @description A disabled trigger starts nothing; a delivery to it gets 404.
       * @example true
       */
      enabled?: boolean;
      /**
       * @description A schedule's cron expression: 5 fields, or 6 with seconds first (`0,30 * * * * *`: every
       *     30 seconds). Required for a schedule.
       * @example 0 9 * * 1-5
       */
      cron?: string;
      /**
       * @description A schedule's IANA time zone, which `cron` is read in. Default: `UTC`.
       * @example Europe/Paris
       */
      timezone?: string;
      /**
       * @description A webhook's: how many deliveries may start runs per minute (by the clock of the database
       *     every instance shares); past it a delivery gets 429 `TRIGGER_RATE_LIMITED` with
       *     `Retry-After`, and nothing runs. A delivery repeated (the same `webhook-id`) is not counted.
       *     1 to 10,000; default 60.
       * @example 60
       */
      deliveries_per_minute?: number;
    };
    CreatedApiKeyDto: {
      /**
       * @description `admin`: everything, keys included; `member`: all but registry writes and keys
       * @example member
       * @enum {string}
       */
      role: 'admin' | 'member';
      /**
       * @description The key, shown this once (only its hash is stored): send it as `Authorization: Bearer <key>`.
       * @example thk_9fQx2LwVb3kq7Jd0nZpR8sYtU1mCeHaG5oXiN4vWl6E
       */
      key: string;
      /** @example 8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a */
      id: string;
      /** @example ci bot */
      name: string;
      /** @example alice */
      user: string;
      /**
       * @description The key's first characters; the key itself is never shown again.
       * @example thk_9fQx2L
       */
      prefix: string;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @description When it was revoked; null while it works.
       */
      revoked_at: string | null;
    };
    CreatedWorkflowTriggerDto: {
      /**
       * @example webhook
       * @enum {string}
       */
      type: 'webhook' | 'schedule';
      /**
       * @description A webhook's; null for a schedule.
       * @example standard_webhooks
       * @enum {string|null}
       */
      verification: 'standard_webhooks' | 'none' | null;
      /**
       * @example {
       *       "repository": "{{ input.body.repository.name }}"
       *     }
       */
      input: Record<string, never> | null;
      /**
       * @example null
       * @enum {string|null}
       */
      overlap: 'skip' | 'allow' | null;
      /**
       * @description The signing secret of a `standard_webhooks` trigger, shown in this answer only: give it to
       *     the sender.
       * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
       */
      secret?: string;
      /** @example 0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f */
      id: string;
      /** @example 7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2f1e */
      workflow_id: string;
      /** @example true */
      enabled: boolean;
      /**
       * @description A webhook's: where deliveries are posted (no API key), answered 202 with the run started;
       *     null for a schedule.
       * @example https://toolhub.example.com/hooks/0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f
       */
      url: string | null;
      /** @description A schedule's; null for a webhook. */
      cron: string | null;
      /** @description A schedule's; null for a webhook. */
      timezone: string | null;
      /**
       * @description A webhook's deliveries that may start runs per minute; null for a schedule.
       * @example 60
       */
      deliveries_per_minute: number | null;
      /**
       * Format: date-time
       * @description An enabled schedule's next fire time; null otherwise.
       */
      next_fire_at: string | null;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      updated_at: string;
    };
    CurrentKeyDto: {
      /**
       * @description `admin`: everything, keys included; `member`: all but registry writes and keys
       * @example member
       * @enum {string}
       */
      role: 'admin' | 'member';
      /** @example 8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a */
      key_id: string;
      /**
       * @description Owner of the sessions, runs and files the key creates.
       * @example alice
       */
      user: string;
    };
    DecideApprovalDto: {
      /**
       * @example approve
       * @enum {string}
       */
      decision: 'approve' | 'reject';
      /**
       * @description Why; the model reads it with a rejection.
       * @example Not this customer
       */
      reason?: string;
    };
    DecideToolSourceChangeDto: {
      /**
       * @description `approve` serves the upstream's new state; `reject` keeps what was approved.
       * @example approve
       * @enum {string}
       */
      decision: 'approve' | 'reject';
    };
    DeletedDto: {
      /** @example true */
      deleted: boolean;
      /** @example 3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10 */
      id: string;
    };
    ErrorBodyDto: {
      /**
       * @description Stable, machine-readable UPPER_SNAKE_CASE code.
       * @example TOOL_NOT_FOUND
       */
      code: string;
      /**
       * @description Human-readable explanation an agent can relay to its user.
       * @example Tool 'unknownTool' not found
       */
      message: string;
      /** @description Structured context, e.g. the list of input schema violations. */
      details?:
        | {
            [key: string]: unknown;
          }
        | unknown[];
    };
    ErrorEnvelopeDto: {
      /**
       * @example false
       * @enum {boolean}
       */
      success: false;
      error: components['schemas']['ErrorBodyDto'];
    };
    FileDetailDto: {
      /** @example 6f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f */
      id: string;
      /**
       * @description The name the file was uploaded with.
       * @example notes.txt
       */
      name: string;
      /**
       * @description The type sniffed from the bytes: how the file is served and given to models.
       * @example text/plain
       */
      mime_type: string;
      /**
       * @description The Content-Type the client declared for the part, kept as given.
       * @example text/plain
       */
      declared_type: string | null;
      /** @example 1532 */
      size_bytes: number;
      /**
       * @description Hex SHA-256 of the bytes.
       * @example 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
       */
      sha256: string;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      created_at: string;
      /**
       * @description Where the bytes are.
       * @example /api/v1/files/6f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f/content
       */
      content_url: string;
      /** @description The runs the file was attached to, newest first. */
      usages: components['schemas']['FileUsageDto'][];
    };
    FileDto: {
      /** @example 6f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f */
      id: string;
      /**
       * @description The name the file was uploaded with.
       * @example notes.txt
       */
      name: string;
      /**
       * @description The type sniffed from the bytes: how the file is served and given to models.
       * @example text/plain
       */
      mime_type: string;
      /**
       * @description The Content-Type the client declared for the part, kept as given.
       * @example text/plain
       */
      declared_type: string | null;
      /** @example 1532 */
      size_bytes: number;
      /**
       * @description Hex SHA-256 of the bytes.
       * @example 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
       */
      sha256: string;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      created_at: string;
      /**
       * @description Where the bytes are.
       * @example /api/v1/files/6f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f/content
       */
      content_url: string;
    };
    FilePageDto: {
      items: components['schemas']['FileDto'][];
      /** @example 1 */
      total: number;
      /** @example 20 */
      limit: number;
      /** @example 0 */
      offset: number;
    };
    FileUploadDto: {
      /**
       * Format: binary
       * @description The file
       */
      file: string;
    };
    FileUsageDto: {
      /** @example 8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d */
      run_id: string;
      /**
       * Format: date-time
       * @description When the run that used the file ended.
       * @example 2026-11-22T10:00:04.000Z
       */
      used_at: string;
    };
    HealthDto: {
      /**
       * @example ok
       * @enum {string}
       */
      status: 'ok';
      /** @example 42.5 */
      uptimeSeconds: number;
    };
    McpSourceRequestDto: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'mcp';
      /**
       * Format: uri
       * @description The server's Streamable HTTP endpoint: not a loopback, private, link-local or other
       *     non-public address unless `TOOL_URL_ALLOW` allows it, and without credentials (use
       *     `secret_headers`).
       * @example https://mcp.example.com/mcp
       */
      url: string;
      /**
       * @description Headers sent with every request; returned by the API.
       * @example {
       *       "X-Client": "toolhub"
       *     }
       */
      headers?: {
        [key: string]: string;
      };
      /**
       * @description Headers sent with every request whose values are secret (tokens): write-only, the API
       *     returns only their names.
       * @example {
       *       "Authorization": "Bearer ghp_..."
       *     }
       */
      secret_headers?: {
        [key: string]: string;
      };
    };
    McpStdioSourceRequestDto: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'mcp_stdio';
      /**
       * @description The program: a path, or a name looked up in the server's `PATH`; run without a shell.
       * @example npx
       */
      command: string;
      /**
       * @description Its arguments, each passed as it is.
       * @example [
       *       "-y",
       *       "@modelcontextprotocol/server-github"
       *     ]
       */
      args?: string[];
      /**
       * @description Its environment besides `PATH` (the only variable of the server's own it gets); returned by
       *     the API.
       * @example {
       *       "GITHUB_TOOLSETS": "repos,issues"
       *     }
       */
      env?: {
        [key: string]: string;
      };
      /**
       * @description Environment variables whose values are secret (tokens): write-only, the API returns only
       *     their names.
       * @example {
       *       "GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_..."
       *     }
       */
      secret_env?: {
        [key: string]: string;
      };
    };
    ModelConfigDto: {
      /**
       * @description Most tokens of one answer.
       * @example 4096
       */
      max_tokens?: number;
      /**
       * @description A model provider of this server: `anthropic`, `openai` (or any OpenAI-compatible server)
       *     or `scripted` (deterministic replies, no network).
       * @example anthropic
       */
      provider: string;
      /**
       * @description The provider's model id.
       * @example claude-sonnet-4-20250514
       */
      model: string;
      /** @example 0.7 */
      temperature?: number;
      /** @example 0.9 */
      top_p?: number;
      /**
       * @description `scripted` only: the model's turns, played in order (the last repeats). Each turn may have
       *     `thinking`, `text`, `tool_calls: [{ id?, name, args }]`, `stop_reason`, `usage`,
       *     `error: { message, code? }`, `hold`, `delay_ms`, `chunk_size`.
       * @example [
       *       {
       *         "text": "Let me look.",
       *         "tool_calls": [
       *           {
       *             "name": "encodePlantUML",
       *             "args": {
       *               "plantumlCode": "@startuml\nA -> B\n@enduml"
       *             }
       *           }
       *         ]
       *       },
       *       {
       *         "text": "Here is your diagram."
       *       }
       *     ]
       */
      script?: Record<string, never>[];
    };
    OAuthGrantDto: {
      /** @example qJ-ltxqKcneiIc9grZn4LSmd5kPQwGMT9933WaS745Z */
      id: string;
      /** @example eQvboeK07gSb3_iErQP45QJvCktpk9E9fw19KigoM0l */
      client_id: string;
      /**
       * @description The name the client registered with, if any.
       * @example Claude
       */
      client_name: string | null;
      /**
       * @description Whose grant it is: the client acts as this user.
       * @example alice
       */
      user: string;
      /**
       * @example [
       *       "tools",
       *       "runs",
       *       "registry"
       *     ]
       */
      scopes: string[];
      /** @example 2026-11-29T10:30:00.000Z */
      created_at: string;
      /**
       * @description When a token of the grant was last used or refreshed (noted at most once a minute); null
       *     until then.
       * @example 2026-11-29T11:02:00.000Z
       */
      last_used_at: string | null;
      /**
       * @description When the grant lapses unless its client renews it.
       * @example 2026-12-29T10:30:00.000Z
       */
      expires_at: string | null;
    };
    OAuthGrantListDto: {
      /** @description Newest first. */
      grants: components['schemas']['OAuthGrantDto'][];
    };
    OpenApiSourceDto: {
      /**
       * @description Headers sent with every call; returned by the API.
       * @example {
       *       "X-Client": "toolhub"
       *     }
       */
      headers?: {
        [key: string]: string;
      };
      /**
       * @description Headers sent with every call whose values are secret (API tokens): write-only, the API
       *     returns only their names.
       * @example {
       *       "Authorization": "Bearer sk-..."
       *     }
       */
      secret_headers?: {
        [key: string]: string;
      };
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'openapi';
      /**
       * Format: uri
       * @description Where the document is read, at creation and again at every sync: not a loopback, private or
       *     other non-public address unless `TOOL_URL_ALLOW` allows it. Give this or `document`.
       * @example https://petstore.example.com/openapi.json
       */
      document_url?: string;
      /**
       * @description The document itself, as JSON or YAML text, read once at creation. Give this or
       *     `document_url`.
       * @example "openapi: 3.1.0\ninfo: {title: Pets, version: "1"}\nservers: [{url: "https://petstore.example.com"}]\npaths: {}"
       */
      document?: string;
      /**
       * Format: uri
       * @description Where the operations are called; by default the document's first server (a relative one
       *     read against `document_url`).
       * @example https://petstore.example.com/v1
       */
      base_url?: string;
    };
    ReadinessDto: {
      /**
       * @example ok
       * @enum {string}
       */
      status: 'ok';
      /**
       * @example {
       *       "database": "ok"
       *     }
       */
      checks: Record<string, never>;
    };
    ReferenceDto: {
      /** @example 3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10 */
      id: string;
      /** @example buy_signal_analyzer */
      name: string;
    };
    RunCancelRequestedDto: {
      /** @example 8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d */
      run_id: string;
      /**
       * @description The run stops promptly; its stream ends with `complete` (reason `cancelled`).
       * @example true
       */
      cancel_requested: boolean;
    };
    RunDto: {
      /**
       * @example completed
       * @enum {string}
       */
      status: 'running' | 'awaiting_approval' | 'completed' | 'failed' | 'cancelled';
      /**
       * @description The latest webhook delivery about the run; null when it was started without `webhook_url`
       *     or nothing has been sent yet.
       */
      webhook?: components['schemas']['WebhookStateDto'] | null;
      /** @example 8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d */
      id: string;
      /** @example 0d9a3f4e-1c2b-4a5d-9e8f-7a6b5c4d3e2f */
      session_id: string;
      /** @description The run whose call of an `agent` tool started this one; null for a run started directly. */
      parent_run_id: string | null;
      /** @description The workflow run this run is a step of; null for a run that is not a workflow's step. */
      workflow_run_id: string | null;
      /**
       * @description The runs this one started by calling `agent` tools, oldest first.
       * @example [
       *       "5e4d3c2b-1a09-4f8e-8d7c-6b5a49382716"
       *     ]
       */
      child_run_ids: string[];
      /**
       * @description The run's OpenTelemetry trace, when tracing is on (absent otherwise): its spans, and those
       *     of a resumed execution, are in this trace.
       * @example 4bf92f3577b34da6a3ce929d0e0e4736
       */
      trace_id?: string;
      /**
       * @description The last model turn's stop reason, `cancelled`, or `budget_exceeded` when a token budget was
       *     used up by the turn before (the run ends after that turn).
       * @example end_turn
       */
      stop_reason: string | null;
      usage: components['schemas']['RunUsageDto'];
      error: components['schemas']['RunErrorDto'] | null;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:04.000Z
       */
      finished_at: string | null;
    };
    RunErrorDto: {
      /** @example overloaded_error */
      code: string;
      /** @example Overloaded */
      message: string;
    };
    RunStartedDto: {
      /** @example 8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d */
      run_id: string;
      /** @example running */
      status: string;
      /**
       * @description The run's event stream (SSE).
       * @example /api/v1/runs/8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d/events
       */
      events_url: string;
    };
    RunUsageDto: {
      /** @example 1250 */
      input_tokens: number;
      /** @example 310 */
      output_tokens: number;
    };
    ServiceIndexDto: {
      /** @example toolhub */
      name: string;
      /**
       * @description The API documentation (Swagger UI)
       * @example /docs
       */
      docs: string;
      /**
       * @description The OpenAPI document
       * @example /docs-json
       */
      openapi: string;
      /**
       * @description The tools anyone may call
       * @example /api/tools
       */
      tools: string;
      /**
       * @description Liveness; `/health/ready` checks the database
       * @example /health
       */
      health: string;
      /**
       * @description The console: runs, approvals, artifacts and tools in a browser
       * @example /console
       */
      console: string;
    };
    SessionDto: {
      /** @example 0d9a3f4e-1c2b-4a5d-9e8f-7a6b5c4d3e2f */
      id: string;
      /**
       * @description Null once the agent was deleted.
       * @example 5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d
       */
      agent_id: string | null;
      /** @example Quarterly report questions */
      title: string;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @description Changes with every persisted event.
       * @example 2026-11-22T10:00:05.000Z
       */
      updated_at: string;
      /**
       * @description Sequence number of the last persisted event; -1 before the first.
       * @example 4
       */
      last_sequence_number: number;
    };
    SessionEventsDto: {
      /**
       * @description Persisted events in `sequenceNumber` order, each exactly as streamed.
       * @example [
       *       {
       *         "type": "user_message_sent",
       *         "sessionId": "0d9a3f4e-1c2b-4a5d-9e8f-7a6b5c4d3e2f",
       *         "runId": "8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d",
       *         "eventIndex": 0,
       *         "timestamp": "2026-11-22T10:00:00.000Z",
       *         "persistenceState": "persisted",
       *         "sequenceNumber": 0,
       *         "content": "Hello"
       *       }
       *     ]
       */
      items: Record<string, never>[];
      /** @description Pass as `after_sequence` for the next page; null when this page is the last. */
      next_after_sequence: number | null;
    };
    SessionPageDto: {
      items: components['schemas']['SessionDto'][];
      /**
       * @description Items matching the filters, across all pages
       * @example 42
       */
      total: number;
      /** @example 20 */
      limit: number;
      /** @example 0 */
      offset: number;
    };
    StartRunDto: {
      /**
       * @description Tokens the model may think with; Anthropic: at least 1024 and below max_tokens.
       * @example 10000
       */
      thinking_budget?: number;
      /**
       * @description The user's message.
       * @example Draw a sequence diagram of a login.
       */
      content: string;
      /** @description Extended thinking (Anthropic, scripted; streamed reasoning on compatible servers). */
      enable_thinking?: boolean;
      /**
       * @description Ids of my files (`POST /api/v1/files`) to give the model with the message: text as named
       *     text, images as images, PDFs as documents (Anthropic).
       * @example [
       *       "6f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f"
       *     ]
       */
      attachments?: string[];
      /**
       * @description Where to post a signed notice each time the run completes, fails, is cancelled or waits
       *     for an approval (see the webhooks guide). An address tools may not reach is refused (422).
       * @example https://hooks.example.com/toolhub
       */
      webhook_url?: string;
    };
    StartWorkflowRunDto: {
      /**
       * @description The workflow's input, checked against its `input_schema` before anything runs.
       * @example {
       *       "topic": "login"
       *     }
       */
      input?: Record<string, never>;
      /**
       * @description Where to POST a signed notice (Standard Webhooks) when the run completes, fails, is
       *     cancelled or waits for an approval; an address tools may not reach is refused (422).
       * @example https://example.com/hooks/toolhub
       */
      webhook_url?: string;
    };
    StepRetryDto: {
      /**
       * @description Attempts in all, the first one included.
       * @example 3
       */
      max_attempts: number;
      /**
       * @description The delay before the first retry. Default 1000.
       * @example 500
       */
      initial_delay_ms?: number;
      /**
       * @description What each delay is multiplied by for the next. Default 2.
       * @example 2
       */
      factor?: number;
      /**
       * @description The longest delay. Default 30000.
       * @example 10000
       */
      max_delay_ms?: number;
    };
    TestRunRequestDto: {
      /**
       * @description The tool's input, validated against its `parameters`.
       * @default {}
       * @example {
       *       "symbol": "005930"
       *     }
       */
      params: {
        [key: string]: unknown;
      };
      /**
       * @description Seconds to wait before aborting the run (fractions allowed). Default: 30, or for a tool that
       *     runs an agent, `AGENT_TOOL_TIMEOUT_SECONDS`.
       * @example 30
       */
      timeout?: number;
    };
    TestRunResultDto: {
      /** @example true */
      success: boolean;
      /**
       * @description The tool's output (on success).
       * @example {
       *       "symbol": "005930",
       *       "price": 71200
       *     }
       */
      result?: Record<string, never>;
      /**
       * @description Why the run failed.
       * @example Execution timeout
       */
      error?: string;
      /**
       * @description Stable code of the failure.
       * @example EXECUTION_TIMEOUT
       */
      error_code?: string;
      /** @description Structured context of the failure, e.g. each parameter violation. */
      details?: Record<string, never>;
      /**
       * @description Wall time of the run, in milliseconds.
       * @example 12.5
       */
      execution_time_ms: number;
    };
    TokensUsedDto: {
      /** @example 1250 */
      input: number;
      /** @example 310 */
      output: number;
    };
    ToolDescriptorDto: {
      /**
       * @description Identifier used in `POST /api/tools/{toolName}`; equal to `name`.
       * @example encodePlantUML
       */
      id: string;
      /** @example encodePlantUML */
      name: string;
      /** @example Encodes PlantUML diagram code into a shareable URL for viewing on plantuml.com */
      description: string;
      /**
       * @description JSON Schema of the tool's input object.
       * @example {
       *       "type": "object",
       *       "properties": {
       *         "plantumlCode": {
       *           "type": "string",
       *           "description": "Valid PlantUML diagram code (must start with @startuml and end with @enduml)"
       *         }
       *       },
       *       "required": [
       *         "plantumlCode"
       *       ]
       *     }
       */
      inputSchema: {
        [key: string]: unknown;
      };
    };
    ToolDetailDto: {
      /** @example 3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10 */
      id: string;
      /** @example price_fetcher */
      name: string;
      /** @example Fetches the latest price of a stock */
      description: string;
      /**
       * @example {
       *       "type": "object",
       *       "properties": {
       *         "symbol": {
       *           "type": "string"
       *         }
       *       },
       *       "required": [
       *         "symbol"
       *       ]
       *     }
       */
      parameters: {
        [key: string]: unknown;
      };
      /** @description Null for a tool that is only described. */
      implementation: components['schemas']['ToolImplementationViewDto'] | null;
      /** @example true */
      is_active: boolean;
      /**
       * @description An agent's call waits for its user's approval (unless the agent says otherwise).
       * @example true
       */
      requires_approval: boolean;
      /**
       * @description Served to callers without an API key too; otherwise to key holders only.
       * @example false
       */
      public: boolean;
      /** @description The tool source that imported the tool; null for a tool registered on its own. */
      source: components['schemas']['ToolSourceReferenceDto'] | null;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      updated_at: string;
      /**
       * @description Present only when the tool is not served as it is, saying why: its stored `parameters`
       *     no longer pass the checks a registration passes (written by an older version, or over a
       *     `TOOL_SCHEMA_MAX_*` limit lowered since), or its builtin code is gone (fix the tool, PUT, to
       *     serve it again); or, for an imported tool, it awaits review, is no longer listed by its
       *     upstream, or its source cannot reach the upstream.
       * @example its parameters are refused: parameters count of properties is 900, more than the 500 allowed (TOOL_SCHEMA_MAX_PROPERTIES)
       */
      unavailable_reason?: string;
      /** @description Agents whose `tool_ids` include this tool. */
      used_by_agents: components['schemas']['ReferenceDto'][];
      /** @description Workflows with a step that runs this tool. */
      used_in_workflows: components['schemas']['ReferenceDto'][];
    };
    ToolDto: {
      /** @example 3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10 */
      id: string;
      /** @example price_fetcher */
      name: string;
      /** @example Fetches the latest price of a stock */
      description: string;
      /**
       * @example {
       *       "type": "object",
       *       "properties": {
       *         "symbol": {
       *           "type": "string"
       *         }
       *       },
       *       "required": [
       *         "symbol"
       *       ]
       *     }
       */
      parameters: {
        [key: string]: unknown;
      };
      /** @description Null for a tool that is only described. */
      implementation: components['schemas']['ToolImplementationViewDto'] | null;
      /** @example true */
      is_active: boolean;
      /**
       * @description An agent's call waits for its user's approval (unless the agent says otherwise).
       * @example true
       */
      requires_approval: boolean;
      /**
       * @description Served to callers without an API key too; otherwise to key holders only.
       * @example false
       */
      public: boolean;
      /** @description The tool source that imported the tool; null for a tool registered on its own. */
      source: components['schemas']['ToolSourceReferenceDto'] | null;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      updated_at: string;
      /**
       * @description Present only when the tool is not served as it is, saying why: its stored `parameters`
       *     no longer pass the checks a registration passes (written by an older version, or over a
       *     `TOOL_SCHEMA_MAX_*` limit lowered since), or its builtin code is gone (fix the tool, PUT, to
       *     serve it again); or, for an imported tool, it awaits review, is no longer listed by its
       *     upstream, or its source cannot reach the upstream.
       * @example its parameters are refused: parameters count of properties is 900, more than the 500 allowed (TOOL_SCHEMA_MAX_PROPERTIES)
       */
      unavailable_reason?: string;
    };
    ToolImplementationDto: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'http' | 'mcp';
      /**
       * Format: uri
       * @description Where the tool runs: not a loopback, private, link-local or other non-public address unless
       *     `TOOL_URL_ALLOW` allows it, and without credentials (use `secret_headers`).
       * @example https://tools.example.com/price
       */
      url: string;
      /**
       * @description The tool's name on the MCP server (type `mcp` only).
       * @example get_price
       */
      tool_name?: string;
      /**
       * @description Headers sent with every call; returned by the API.
       * @example {
       *       "X-Client": "toolhub"
       *     }
       */
      headers?: {
        [key: string]: string;
      };
      /**
       * @description Headers sent with every call whose values are secret (API tokens): write-only, the API
       *     returns only their names.
       * @example {
       *       "Authorization": "Bearer sk-..."
       *     }
       */
      secret_headers?: {
        [key: string]: string;
      };
    };
    ToolImplementationViewDto: {
      /**
       * @example http
       * @enum {string}
       */
      type: 'http' | 'mcp' | 'builtin' | 'agent' | 'a2a';
      /** @example https://tools.example.com/price */
      url?: string;
      tool_name?: string;
      /**
       * @example {
       *       "X-Client": "toolhub"
       *     }
       */
      headers?: {
        [key: string]: string;
      };
      /**
       * @example [
       *       "Authorization"
       *     ]
       */
      secret_header_names?: string[];
      /**
       * @description The agent an `agent` tool runs.
       * @example 6b1f0c2e-3d4a-4b5c-8d9e-0f1a2b3c4d5e
       */
      agent_id?: string;
      /**
       * @description The remote agent's card an `a2a` tool calls.
       * @example https://agents.example.com/.well-known/agent-card.json
       */
      agent_card_url?: string;
      /**
       * @description The card's skill an `a2a` tool asks for.
       * @example summarize
       */
      skill?: string;
    };
    ToolInvocationSuccessDto: {
      /**
       * @example true
       * @enum {boolean}
       */
      success: true;
      /** @description The tool's result; its shape is the tool's `outputSchema`. */
      result: {
        [key: string]: unknown;
      };
    };
    ToolListDto: {
      tools: components['schemas']['ToolDescriptorDto'][];
    };
    ToolPageDto: {
      items: components['schemas']['ToolDto'][];
      /**
       * @description Tools matching the filters, across all pages.
       * @example 42
       */
      total: number;
      /** @example 20 */
      limit: number;
      /** @example 0 */
      offset: number;
    };
    ToolSourceChangeDto: {
      /**
       * @example changed
       * @enum {string}
       */
      change: 'added' | 'changed' | 'removed';
      /**
       * @description `pending` until an admin decides; changes a sync applied itself (removals, and every change
       *     of an `apply` source) are `approved` from the start.
       * @example pending
       * @enum {string}
       */
      status: 'pending' | 'approved' | 'rejected';
      /** @example 0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f */
      id: string;
      /** @example 9a4e1f2b-6c3d-4e5f-8a7b-1c2d3e4f5a6b */
      source_id: string;
      /**
       * @description The imported tool it concerns.
       * @example 3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10
       */
      tool_id: string | null;
      /** @example create_issue */
      upstream_name: string;
      /** @description What the tool served before; null for an added tool. */
      before: components['schemas']['UpstreamToolStateDto'] | null;
      /** @description What the upstream lists now; null for a removed tool. */
      after: components['schemas']['UpstreamToolStateDto'] | null;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      created_at: string;
      /** Format: date-time */
      decided_at: string | null;
      /** @description The user who decided; null for a change a sync applied. */
      decided_by: string | null;
    };
    ToolSourceChangePageDto: {
      items: components['schemas']['ToolSourceChangeDto'][];
      /**
       * @description Items matching the filters, across all pages
       * @example 42
       */
      total: number;
      /** @example 20 */
      limit: number;
      /** @example 0 */
      offset: number;
    };
    ToolSourceCommonFieldsDto: {
      /**
       * @description Whether calls of its tools by agents wait for approval: `"annotations"` (a tool the upstream
       *     marks `readOnlyHint` and not `destructiveHint` runs at once, every other waits), `true` or
       *     `false`. A tool's own `requires_approval`, once set, wins.
       * @enum {unknown}
       */
      requires_approval?: 'annotations' | true | false;
      /** @example Issues and pull requests of our GitHub organisation */
      description?: string;
      /**
       * @description Globs on the upstream's tool names (`*`, `?`, `{a,b}`): only matching tools are imported.
       *     None: every tool.
       * @example [
       *       "*_issue",
       *       "search_*"
       *     ]
       */
      include?: string[];
      /**
       * @description Globs on the upstream's tool names that are never imported.
       * @example [
       *       "delete_*"
       *     ]
       */
      exclude?: string[];
      /**
       * @description What syncs after the first import do with what they find: `quarantine` holds added and
       *     changed tools for an admin's review (removed ones stop at once); `apply` takes every change
       *     at once, recorded as approved.
       * @example quarantine
       * @enum {string}
       */
      on_change?: 'quarantine' | 'apply';
      /**
       * @description Its tools are served to callers without an API key too.
       * @example false
       */
      public?: boolean;
      /**
       * @description Seconds between syncs (60–86400).
       * @example 600
       */
      sync_interval_seconds?: number;
    };
    ToolSourceDto: {
      /**
       * @example quarantine
       * @enum {string}
       */
      on_change: 'quarantine' | 'apply';
      /** @example annotations */
      requires_approval: 'annotations' | boolean;
      /**
       * @description `syncing` until the first read of the upstream ends, then `ready`, or `error` while the
       *     upstream cannot be read (see `last_error`).
       * @example ready
       * @enum {string}
       */
      status: 'syncing' | 'ready' | 'error';
      /** @example 9a4e1f2b-6c3d-4e5f-8a7b-1c2d3e4f5a6b */
      id: string;
      /** @example github */
      name: string;
      /** @example Issues and pull requests of our GitHub organisation */
      description: string;
      /** @example mcp */
      type: string;
      /** @example [] */
      include: string[];
      /**
       * @example [
       *       "delete_*"
       *     ]
       */
      exclude: string[];
      /** @example false */
      public: boolean;
      /** @example 600 */
      sync_interval_seconds: number;
      /**
       * Format: date-time
       * @description When the upstream was last read successfully.
       * @example 2026-11-22T10:00:00.000Z
       */
      last_synced_at: string | null;
      /** @description Why the last sync failed, or which upstream tools it left out and why. */
      last_error: string | null;
      /**
       * @description The tools it imported, served or not.
       * @example 12
       */
      tool_count: number;
      /**
       * @description Its changes waiting for an admin's decision.
       * @example 1
       */
      pending_changes: number;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      updated_at: string;
    };
    ToolSourcePageDto: {
      items: components['schemas']['ToolSourceDto'][];
      /**
       * @description Items matching the filters, across all pages
       * @example 42
       */
      total: number;
      /** @example 20 */
      limit: number;
      /** @example 0 */
      offset: number;
    };
    ToolSourceReferenceDto: {
      /** @example 9a4e1f2b-6c3d-4e5f-8a7b-1c2d3e4f5a6b */
      id: string;
      /** @example github */
      name: string;
      /**
       * @description The upstream's own name of the tool.
       * @example create_issue
       */
      upstream_name: string;
    };
    TriggeredRunDto: {
      /** @example 3e2d1c0b-9a8f-4e7d-b6c5-a4f3e2d1c0b9 */
      workflow_run_id: string;
    };
    UpdateAgentDto: {
      /**
       * @description Unique among agents.
       * @example buy_signal_analyzer
       */
      name?: string;
      /** @example Finds buy signals in recent stock prices */
      description?: string;
      /**
       * @description Ids of the tools the agent may call, in the order it lists them; each must be a
       *     registered tool.
       * @example [
       *       "3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10"
       *     ]
       */
      tool_ids?: (
        | string
        | {
            /** Format: uuid */
            tool_id: string;
            requires_approval?: boolean | null;
          }
      )[];
      /** @example You are a buy-signal analyst... */
      system_prompt?: string;
      model_config?: components['schemas']['ModelConfigDto'];
      /** @description Off when left out. */
      a2a?: components['schemas']['AgentA2aDto'];
    };
    UpdateToolDto: {
      /**
       * @description Unique; letters, digits, `_`, `.` and `-`, up to 64.
       * @example price_fetcher
       */
      name?: string;
      /** @example Fetches the latest price of a stock */
      description?: string;
      /**
       * @description JSON Schema (type `object`) of the tool's input; calls are validated against it. Required,
       *     except for `agent` tools, whose input the kind defines (omit it, or send exactly that).
       * @example {
       *       "type": "object",
       *       "properties": {
       *         "symbol": {
       *           "type": "string"
       *         }
       *       },
       *       "required": [
       *         "symbol"
       *       ]
       *     }
       */
      parameters?: {
        [key: string]: unknown;
      };
      /** @description What the tool runs. Without one the tool is only described: listed, but not served. */
      implementation?:
        | components['schemas']['A2aImplementationDto']
        | components['schemas']['AgentToolImplementationDto']
        | components['schemas']['ToolImplementationDto']
        | components['schemas']['WorkflowToolImplementationDto'];
      /**
       * @description Inactive tools are kept but not served to agents.
       * @example true
       */
      is_active?: boolean;
      /**
       * @description An agent's call waits for its user's approval. Default: true for `http` and `mcp` tools
       *     (they act outside toolhub), false otherwise (an `agent` tool's own tools carry their
       *     approvals); agents may override it.
       * @example true
       */
      requires_approval?: boolean;
      /**
       * @description Served to callers without an API key too (`GET /api/tools`, `POST /api/tools/{name}`, MCP);
       *     a private tool is served to key holders only. Default: false (builtin tools are public).
       * @example false
       */
      public?: boolean;
    };
    UpdateWorkflowDto: {
      /**
       * @description Unique among workflows.
       * @example daily_screening
       */
      name?: string;
      /** @example Screens the market, then looks for buy signals */
      description?: string;
      /**
       * @description What the workflow runs, in order; an agent or tool may appear in several steps. Each may
       *     have a `key` (unique in the workflow) and an `input` template reading earlier steps.
       * @example [
       *       {
       *         "type": "tool",
       *         "id": "3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10",
       *         "key": "fetch_prices",
       *         "input": {
       *           "market": "{{ input.market }}"
       *         }
       *       },
       *       {
       *         "type": "agent",
       *         "id": "5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d",
       *         "input": "Find buy signals in {{ steps.fetch_prices.output }}"
       *       }
       *     ]
       */
      steps?: components['schemas']['WorkflowStepDto'][];
      /**
       * @description JSON Schema (type `object`) of the input the workflow takes when it is called as a tool;
       *     checked as a tool's `parameters` are. Default: `{"type": "object"}`, any object.
       * @example {
       *       "type": "object",
       *       "properties": {
       *         "market": {
       *           "type": "string"
       *         }
       *       },
       *       "required": [
       *         "market"
       *       ]
       *     }
       */
      input_schema?: {
        [key: string]: unknown;
      };
    };
    UpdateWorkflowTriggerDto: {
      /**
       * @description A webhook's: the template of the run's input, over the delivery as `input`:
       *     `{{ input.body… }}` and `{{ input.headers.<lowercase name> }}`, written as a workflow
       *     step's input template is; null or absent: the delivery's body. A schedule's: the run's
       *     input as it is; null or absent: `{}`.
       * @example {
       *       "repository": "{{ input.body.repository.name }}"
       *     }
       */
      input?: Record<string, never> | null;
      /**
       * @description `standard_webhooks` (the default): a delivery must carry a Standard Webhooks signature made
       *     with the trigger's secret and a timestamp within 5 minutes; `none`: anyone with the URL may
       *     start runs.
       * @example standard_webhooks
       * @enum {string}
       */
      verification?: 'standard_webhooks' | 'none';
      /**
       * @description A schedule's fire while its previous run is still going: `skip` (the default) starts none
       *     and records the fire as skipped; `allow` starts one anyway.
       * @example skip
       * @enum {string}
       */
      overlap?: 'skip' | 'allow';
      /**
       * @description A disabled trigger starts nothing; a delivery to it gets 404.
       * @example true
       */
      enabled?: boolean;
      /**
       * @description A schedule's cron expression: 5 fields, or 6 with seconds first (`0,30 * * * * *`: every
       *     30 seconds). Required for a schedule.
       * @example 0 9 * * 1-5
       */
      cron?: string;
      /**
       * @description A schedule's IANA time zone, which `cron` is read in. Default: `UTC`.
       * @example Europe/Paris
       */
      timezone?: string;
      /**
       * @description A webhook's: how many deliveries may start runs per minute (by the clock of the database
       *     every instance shares); past it a delivery gets 429 `TRIGGER_RATE_LIMITED` with
       *     `Retry-After`, and nothing runs. A delivery repeated (the same `webhook-id`) is not counted.
       *     1 to 10,000; default 60.
       * @example 60
       */
      deliveries_per_minute?: number;
    };
    UpstreamToolStateDto: {
      /** @example Creates an issue in a repository */
      description: string;
      /**
       * @example {
       *       "type": "object",
       *       "properties": {
       *         "title": {
       *           "type": "string"
       *         }
       *       },
       *       "required": [
       *         "title"
       *       ]
       *     }
       */
      input_schema: {
        [key: string]: unknown;
      };
      output_schema: {
        [key: string]: unknown;
      } | null;
      /**
       * @example {
       *       "readOnlyHint": false
       *     }
       */
      annotations: {
        [key: string]: unknown;
      } | null;
    };
    UsageItemDto: {
      /**
       * @description The user, key id, agent id, model or tool name; null for use without one (a tool call made
       *     with no key or outside a run, a run whose agent was deleted).
       * @example alice
       */
      group: string | null;
      /**
       * @description USD at `MODEL_PRICES`, when it is set; tokens of a model it does not list add nothing.
       * @example 0.1998
       */
      cost?: number;
      /**
       * @description The start of the period, in UTC.
       * @example 2026-11-29T00:00:00.000Z
       */
      period_start: string;
      /**
       * @description Runs started in the period.
       * @example 12
       */
      runs: number;
      /**
       * @description Tool calls on every transport (REST, MCP, runs, test-runs, workflows).
       * @example 40
       */
      tool_calls: number;
      /**
       * @description Input tokens of the runs started in the period.
       * @example 51200
       */
      input_tokens: number;
      /** @example 3100 */
      output_tokens: number;
    };
    UsageReportDto: {
      /** @description One item per group and period with any use, by period, then group. */
      items: components['schemas']['UsageItemDto'][];
    };
    WebhookStateDto: {
      /**
       * @description `pending` until the receiver answers 2xx (`delivered`), or the attempts are used up or the address is refused (`failed`)
       * @example delivered
       * @enum {string}
       */
      status: 'pending' | 'delivered' | 'failed';
      /**
       * @description Attempts made so far
       * @example 1
       */
      attempts: number;
      /** @description Why the last attempt failed; null after a success. */
      last_error: string | null;
    };
    WorkflowDetailDto: {
      /** @example 9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d */
      id: string;
      /** @example daily_screening */
      name: string;
      /** @example Screens the market, then looks for buy signals */
      description: string;
      /** @description In the order they run. */
      steps: components['schemas']['WorkflowStepViewDto'][];
      /**
       * @description JSON Schema of the input the workflow takes when it is called as a tool.
       * @example {
       *       "type": "object",
       *       "properties": {
       *         "market": {
       *           "type": "string"
       *         }
       *       },
       *       "required": [
       *         "market"
       *       ]
       *     }
       */
      input_schema: {
        [key: string]: unknown;
      };
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      updated_at: string;
      /**
       * @description Tools that run this workflow (implementation `{"type": "workflow", "workflow_id": …}`), by
       *     name.
       */
      served_as_tools: components['schemas']['ReferenceDto'][];
    };
    WorkflowDto: {
      /** @example 9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d */
      id: string;
      /** @example daily_screening */
      name: string;
      /** @example Screens the market, then looks for buy signals */
      description: string;
      /** @description In the order they run. */
      steps: components['schemas']['WorkflowStepViewDto'][];
      /**
       * @description JSON Schema of the input the workflow takes when it is called as a tool.
       * @example {
       *       "type": "object",
       *       "properties": {
       *         "market": {
       *           "type": "string"
       *         }
       *       },
       *       "required": [
       *         "market"
       *       ]
       *     }
       */
      input_schema: {
        [key: string]: unknown;
      };
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      updated_at: string;
    };
    WorkflowPageDto: {
      items: components['schemas']['WorkflowDto'][];
      /**
       * @description Items matching the filters, across all pages
       * @example 42
       */
      total: number;
      /** @example 20 */
      limit: number;
      /** @example 0 */
      offset: number;
    };
    WorkflowRunCancelRequestedDto: {
      /** @example 3e2d1c0b-9a8f-4e7d-b6c5-a4f3e2d1c0b9 */
      workflow_run_id: string;
      /**
       * @description Its running step stops; its stream ends with `complete` (reason `cancelled`).
       * @example true
       */
      cancel_requested: boolean;
    };
    WorkflowRunDto: {
      /**
       * @example completed
       * @enum {string}
       */
      status: 'running' | 'awaiting_approval' | 'completed' | 'failed' | 'cancelled';
      /**
       * @example {
       *       "topic": "login"
       *     }
       */
      input: Record<string, never> | null;
      /**
       * @description The last step's output, once completed.
       * @example https://www.plantuml.com/plantuml/svg/SoWkIImgAStDuN
       */
      output: Record<string, never> | null;
      /**
       * @description The latest webhook delivery about the workflow run; null when it was started without
       *     `webhook_url`.
       */
      webhook?: components['schemas']['WebhookStateDto'] | null;
      /** @example 3e2d1c0b-9a8f-4e7d-b6c5-a4f3e2d1c0b9 */
      id: string;
      /** @example 7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2f1e */
      workflow_id: string;
      steps: components['schemas']['WorkflowRunStepDto'][];
      error: components['schemas']['RunErrorDto'] | null;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:09.000Z
       */
      finished_at: string | null;
    };
    WorkflowRunPageDto: {
      items: components['schemas']['WorkflowRunDto'][];
      /**
       * @description Items matching the filters, across all pages
       * @example 42
       */
      total: number;
      /** @example 20 */
      limit: number;
      /** @example 0 */
      offset: number;
    };
    WorkflowRunStepDto: {
      /**
       * @description Absent only for a step run the run's pinned definition does not hold.
       * @example agent
       * @enum {string}
       */
      type?: 'agent' | 'tool';
      /**
       * @example completed
       * @enum {string}
       */
      status: 'pending' | 'running' | 'awaiting_approval' | 'completed' | 'failed' | 'cancelled';
      /**
       * @description How often the step started: 1 for a step run once, more after retries (`retry`) and after
       *     runs again of a step a stopped server cut off; 0 while pending.
       * @example 1
       */
      attempts: number;
      /**
       * @description What the step produced, once completed.
       * @example A diagram of the login flow.
       */
      output?: Record<string, never>;
      /** @description The step runs nested in this one (its cases', branches', items' or iterations'). */
      steps?: components['schemas']['WorkflowRunStepDto'][];
      /**
       * @description The step run's place in the run's tree: a top-level step's index (`"2"`), or its parent's
       *     path, the group it is in and its index there: `"3/items/7/0"` (a map's item 7),
       *     `"1/cases/0/0"` (a branch's first case), `"1/default/0"`, `"4/branches/b/0"` (a parallel
       *     branch `b`), `"5/iterations/2/0"` (a loop's third iteration).
       * @example 1
       */
      path: string;
      /**
       * @description Its position in its list of steps: the last number of its path.
       * @example 1
       */
      index: number;
      /**
       * @description The step's key in the workflow, if it has one.
       * @example draft
       */
      key: string | null;
      /**
       * @description The agent's or the tool's id.
       * @example 2b1a0f9e-8d7c-4b6a-9e5d-4c3b2a1f0e9d
       */
      ref_id?: string;
      /**
       * @description An agent step's run.
       * @example 8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d
       */
      run_id?: string;
      error?: components['schemas']['RunErrorDto'];
    };
    WorkflowStepDto: {
      /**
       * @description What the step does: `agent` or `tool` run the registered agent or tool `id`; `branch`,
       *     `loop`, `parallel` and `map` run the steps they hold (see the workflows guide).
       * @example agent
       * @enum {string}
       */
      type: 'agent' | 'tool' | 'branch' | 'loop' | 'parallel' | 'map';
      /**
       * @description Names the step for the input templates of later steps (`{{ steps.<key>.output }}`), unique
       *     in the workflow: a lowercase letter, then up to 63 lowercase letters, digits or `_`.
       * @example fetch_prices
       */
      key?: string;
      /**
       * @description The template of the step's input: any JSON value but `null`. A string that is exactly
       *     `{{ path }}` becomes the value read, type kept; other strings get each `{{ path }}` as
       *     text; arrays and objects are rendered item by item. Paths: `input…`,
       *     `previous.output…`, `steps.<index|key>.output…`, each followed by keys or array indexes
       *     (`steps.fetch_prices.output.items.0`); only earlier steps can be read.
       * @example {
       *       "symbols": "{{ steps.fetch_prices.output.symbols }}",
       *       "note": "Prices for {{ input.market }}"
       *     }
       */
      input?: Record<string, never> | unknown[] | string | number | boolean;
      /**
       * @description Longest one attempt may take, approval waits included; past it the attempt is stopped (its
       *     tool call aborted, its agent run cancelled) and fails with `STEP_TIMEOUT`.
       * @example 60
       */
      timeout_seconds?: number;
      /**
       * @description `fail` (default): the step's failure, once its retries are spent, fails the workflow run.
       *     `continue`: the step ends `failed` with its error recorded, its output is `null`, and the
       *     run goes on with the next step.
       * @example continue
       * @enum {string}
       */
      on_error?: 'fail' | 'continue';
      /**
       * @description A `parallel` step's branches, by name (as a key is written), each a list of steps; they run
       *     at the same time.
       * @example {
       *       "prices": [
       *         {
       *           "type": "tool",
       *           "id": "3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10"
       *         }
       *       ],
       *       "news": [
       *         {
       *           "type": "agent",
       *           "id": "5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d"
       *         }
       *       ]
       *     }
       */
      branches?: {
        [key: string]: components['schemas']['WorkflowStepDto'][];
      };
      /**
       * @description How many of a `map` step's items run at once. Default 4.
       * @example 4
       */
      concurrency?: number;
      /**
       * @description A `loop` step's most iterations; reaching it fails the step (`LOOP_LIMIT`).
       * @example 10
       */
      max_iterations?: number;
      /**
       * @description The id of the agent or tool, for an `agent` or `tool` step.
       * @example 5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d
       */
      id?: string;
      /** @description Runs the step again when it fails (a timeout included); none: it runs once. */
      retry?: components['schemas']['StepRetryDto'];
      /** @description A `branch` step's cases: the first whose `when` is true runs its steps. */
      cases?: components['schemas']['BranchCaseDto'][];
      /** @description A `branch` step's steps when no case's `when` is true. */
      default?: components['schemas']['WorkflowStepDto'][];
      /**
       * @description A `map` step's items: a CEL expression giving a list (at most 1000), over `input`, `steps`
       *     and `previous`.
       * @example steps.fetch.output.symbols
       */
      items?: string;
      /**
       * @description A `loop` step's end: a CEL condition evaluated after each iteration, over `input`,
       *     `steps` and `previous` (the iteration's output).
       * @example previous.done == true
       */
      until?: string;
      /** @description The steps a `map` step runs for each item, or a `loop` step in each iteration. */
      steps?: components['schemas']['WorkflowStepDto'][];
    };
    WorkflowStepViewDto: {
      /**
       * @description What the step does: `agent` or `tool` run the registered agent or tool `id`; `branch`,
       *     `loop`, `parallel` and `map` run the steps they hold (see the workflows guide).
       * @example agent
       * @enum {string}
       */
      type: 'agent' | 'tool' | 'branch' | 'loop' | 'parallel' | 'map';
      /**
       * @description Names the step for the input templates of later steps (`{{ steps.<key>.output }}`), unique
       *     in the workflow: a lowercase letter, then up to 63 lowercase letters, digits or `_`.
       * @example fetch_prices
       */
      key?: string;
      /**
       * @description The template of the step's input: any JSON value but `null`. A string that is exactly
       *     `{{ path }}` becomes the value read, type kept; other strings get each `{{ path }}` as
       *     text; arrays and objects are rendered item by item. Paths: `input…`,
       *     `previous.output…`, `steps.<index|key>.output…`, each followed by keys or array indexes
       *     (`steps.fetch_prices.output.items.0`); only earlier steps can be read.
       * @example {
       *       "symbols": "{{ steps.fetch_prices.output.symbols }}",
       *       "note": "Prices for {{ input.market }}"
       *     }
       */
      input?: Record<string, never> | unknown[] | string | number | boolean;
      /**
       * @description Longest one attempt may take, approval waits included; past it the attempt is stopped (its
       *     tool call aborted, its agent run cancelled) and fails with `STEP_TIMEOUT`.
       * @example 60
       */
      timeout_seconds?: number;
      /**
       * @description `fail` (default): the step's failure, once its retries are spent, fails the workflow run.
       *     `continue`: the step ends `failed` with its error recorded, its output is `null`, and the
       *     run goes on with the next step.
       * @example continue
       * @enum {string}
       */
      on_error?: 'fail' | 'continue';
      /**
       * @description A `parallel` step's branches, by name (as a key is written), each a list of steps; they run
       *     at the same time.
       * @example {
       *       "prices": [
       *         {
       *           "type": "tool",
       *           "id": "3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10"
       *         }
       *       ],
       *       "news": [
       *         {
       *           "type": "agent",
       *           "id": "5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d"
       *         }
       *       ]
       *     }
       */
      branches?: {
        [key: string]: components['schemas']['WorkflowStepDto'][];
      };
      /**
       * @description How many of a `map` step's items run at once. Default 4.
       * @example 4
       */
      concurrency?: number;
      /**
       * @description A `loop` step's most iterations; reaching it fails the step (`LOOP_LIMIT`).
       * @example 10
       */
      max_iterations?: number;
      /**
       * @description The id of the agent or tool, for an `agent` or `tool` step.
       * @example 5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d
       */
      id?: string;
      /** @description Runs the step again when it fails (a timeout included); none: it runs once. */
      retry?: components['schemas']['StepRetryDto'];
      /** @description A `branch` step's cases: the first whose `when` is true runs its steps. */
      cases?: components['schemas']['BranchCaseDto'][];
      /** @description A `branch` step's steps when no case's `when` is true. */
      default?: components['schemas']['WorkflowStepDto'][];
      /**
       * @description A `map` step's items: a CEL expression giving a list (at most 1000), over `input`, `steps`
       *     and `previous`.
       * @example steps.fetch.output.symbols
       */
      items?: string;
      /**
       * @description A `loop` step's end: a CEL condition evaluated after each iteration, over `input`,
       *     `steps` and `previous` (the iteration's output).
       * @example previous.done == true
       */
      until?: string;
      /** @description The steps a `map` step runs for each item, or a `loop` step in each iteration. */
      steps?: components['schemas']['WorkflowStepDto'][];
      /**
       * @description The agent's or tool's name, for an `agent` or `tool` step.
       * @example buy_signal_analyzer
       */
      name?: string;
    };
    WorkflowToolImplementationDto: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'workflow';
      /**
       * Format: uuid
       * @description The workflow the tool runs.
       * @example 7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2f1e
       */
      workflow_id: string;
    };
    WorkflowTriggerDto: {
      /**
       * @example webhook
       * @enum {string}
       */
      type: 'webhook' | 'schedule';
      /**
       * @description A webhook's; null for a schedule.
       * @example standard_webhooks
       * @enum {string|null}
       */
      verification: 'standard_webhooks' | 'none' | null;
      /**
       * @example {
       *       "repository": "{{ input.body.repository.name }}"
       *     }
       */
      input: Record<string, never> | null;
      /**
       * @example null
       * @enum {string|null}
       */
      overlap: 'skip' | 'allow' | null;
      /** @example 0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f */
      id: string;
      /** @example 7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2f1e */
      workflow_id: string;
      /** @example true */
      enabled: boolean;
      /**
       * @description A webhook's: where deliveries are posted (no API key), answered 202 with the run started;
       *     null for a schedule.
       * @example https://toolhub.example.com/hooks/0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f
       */
      url: string | null;
      /** @description A schedule's; null for a webhook. */
      cron: string | null;
      /** @description A schedule's; null for a webhook. */
      timezone: string | null;
      /**
       * @description A webhook's deliveries that may start runs per minute; null for a schedule.
       * @example 60
       */
      deliveries_per_minute: number | null;
      /**
       * Format: date-time
       * @description An enabled schedule's next fire time; null otherwise.
       */
      next_fire_at: string | null;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      updated_at: string;
    };
    WorkflowTriggerFireDto: {
      /**
       * @description `started`: it started the run; `skipped`: the trigger's previous run was still going
       *     (`overlap: skip`); `failed`: the workflow refused the input, nothing ran.
       * @example started
       * @enum {string}
       */
      outcome: 'started' | 'skipped' | 'failed';
      /** @example 6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d */
      id: string;
      /**
       * Format: date-time
       * @example 2026-11-22T10:00:00.000Z
       */
      fired_at: string;
      /**
       * @description The run it started; null when it started none, or once that run is deleted.
       * @example 3e2d1c0b-9a8f-4e7d-b6c5-a4f3e2d1c0b9
       */
      workflow_run_id: string | null;
    };
    WorkflowTriggerFirePageDto: {
      items: components['schemas']['WorkflowTriggerFireDto'][];
      /**
       * @description Items matching the filters, across all pages
       * @example 42
       */
      total: number;
      /** @example 20 */
      limit: number;
      /** @example 0 */
      offset: number;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getServiceIndex: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ServiceIndexDto'];
        };
      };
    };
  };
  OAuthController_authorizationServerMetadata: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The metadata */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "issuer": "https://toolhub.example.com",
           *       "authorization_endpoint": "https://toolhub.example.com/oauth/authorize",
           *       "token_endpoint": "https://toolhub.example.com/oauth/token",
           *       "registration_endpoint": "https://toolhub.example.com/oauth/register",
           *       "revocation_endpoint": "https://toolhub.example.com/oauth/revoke",
           *       "jwks_uri": "https://toolhub.example.com/oauth/jwks",
           *       "scopes_supported": [
           *         "tools",
           *         "runs",
           *         "registry",
           *         "admin"
           *       ],
           *       "response_types_supported": [
           *         "code"
           *       ],
           *       "code_challenge_methods_supported": [
           *         "S256"
           *       ],
           *       "token_endpoint_auth_methods_supported": [
           *         "none"
           *       ],
           *       "authorization_response_iss_parameter_supported": true
           *     }
           */
          'application/json': Record<string, never>;
        };
      };
    };
  };
  OAuthController_protectedResourceMetadata: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The metadata */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "resource": "https://toolhub.example.com/mcp",
           *       "authorization_servers": [
           *         "https://toolhub.example.com"
           *       ],
           *       "scopes_supported": [
           *         "tools",
           *         "runs",
           *         "registry",
           *         "admin"
           *       ],
           *       "bearer_methods_supported": [
           *         "header"
           *       ],
           *       "resource_name": "toolhub"
           *     }
           */
          'application/json': Record<string, never>;
        };
      };
    };
  };
  listA2aAgentCards: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The cards of every agent served over A2A */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            cards?: {
              [key: string]: unknown;
            }[];
          };
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  a2aJsonRpc: {
    parameters: {
      query?: never;
      header?: {
        /** @description The protocol version of the request: 1.0, or 0.3 (also when absent) */
        'A2A-Version'?: string;
      };
      path: {
        /** @description The id of an agent served over A2A */
        agentId: string;
      };
      cookie?: never;
    };
    /** @description A JSON-RPC 2.0 request of A2A (v1.0 method names, or v0.3 ones) */
    requestBody: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description A JSON-RPC response (errors included, as the binding has them); for SendStreamingMessage and SubscribeToTask, an event stream of responses */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
          'text/event-stream': string;
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getA2aAgentCard: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of an agent served over A2A */
        agentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The agent card (A2A v1.0, the JSON form of its specification) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listA2aTasks: {
    parameters: {
      query?: never;
      header?: {
        /** @description The protocol version of the request: 1.0, or 0.3 (also when absent) */
        'A2A-Version'?: string;
      };
      path: {
        /** @description The id of an agent served over A2A */
        agentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of tasks, most recently changed first (ListTasksResponse) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listA2aPushConfigs: {
    parameters: {
      query?: never;
      header?: {
        /** @description The protocol version of the request: 1.0, or 0.3 (also when absent) */
        'A2A-Version'?: string;
      };
      path: {
        /** @description The id of an agent served over A2A */
        agentId: string;
        /** @description The id of a task of mine */
        taskId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The task's push notification configs (ListTaskPushNotificationConfigsResponse) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  createA2aPushConfig: {
    parameters: {
      query?: never;
      header?: {
        /** @description The protocol version of the request: 1.0, or 0.3 (also when absent) */
        'A2A-Version'?: string;
      };
      path: {
        /** @description The id of an agent served over A2A */
        agentId: string;
        /** @description The id of a task of mine */
        taskId: string;
      };
      cookie?: never;
    };
    /** @description A TaskPushNotificationConfig (A2A v1.0 JSON): where to push the task's updates; the id is given one when left out */
    requestBody: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description The config as stored */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getA2aPushConfig: {
    parameters: {
      query?: never;
      header?: {
        /** @description The protocol version of the request: 1.0, or 0.3 (also when absent) */
        'A2A-Version'?: string;
      };
      path: {
        /** @description The id of an agent served over A2A */
        agentId: string;
        /** @description The id of a task of mine */
        taskId: string;
        /** @description The id of a push notification config */
        configId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A push notification config of the task (TaskPushNotificationConfig) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  deleteA2aPushConfig: {
    parameters: {
      query?: never;
      header?: {
        /** @description The protocol version of the request: 1.0, or 0.3 (also when absent) */
        'A2A-Version'?: string;
      };
      path: {
        /** @description The id of an agent served over A2A */
        agentId: string;
        /** @description The id of a task of mine */
        taskId: string;
        /** @description The id of a push notification config */
        configId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The config is deleted (or was not there) */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getA2aTask: {
    parameters: {
      query?: {
        historyLength?: unknown;
      };
      header?: {
        /** @description The protocol version of the request: 1.0, or 0.3 (also when absent) */
        'A2A-Version'?: string;
      };
      path: {
        /** @description The id of an agent served over A2A */
        agentId: string;
        /** @description A task id, or `{id}:subscribe` to follow it */
        task: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The task; for `{id}:subscribe`, an event stream of its updates */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
          /** @example data: {"statusUpdate":{"taskId":"0f8e5d2c-1b7a-4c39-9e6d-3a2b1c0d9e8f","contextId":"9a7b6c5d-4e3f-4a2b-8c1d-0e9f8a7b6c5d","status":{"state":"TASK_STATE_WORKING"}}} */
          'text/event-stream': string;
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  actOnA2aTask: {
    parameters: {
      query?: never;
      header?: {
        /** @description The protocol version of the request: 1.0, or 0.3 (also when absent) */
        'A2A-Version'?: string;
      };
      path: {
        /** @description The id of an agent served over A2A */
        agentId: string;
        /** @description `{id}:cancel` or `{id}:subscribe` */
        task: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The cancelled task; for `{id}:subscribe`, an event stream of its updates */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
          /** @example data: {"statusUpdate":{"taskId":"0f8e5d2c-1b7a-4c39-9e6d-3a2b1c0d9e8f","contextId":"9a7b6c5d-4e3f-4a2b-8c1d-0e9f8a7b6c5d","status":{"state":"TASK_STATE_WORKING"}}} */
          'text/event-stream': string;
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  sendA2aMessage: {
    parameters: {
      query?: never;
      header?: {
        /** @description The protocol version of the request: 1.0, or 0.3 (also when absent) */
        'A2A-Version'?: string;
      };
      path: {
        /** @description The id of an agent served over A2A */
        agentId: string;
        operation: 'message:send' | 'message:stream';
      };
      cookie?: never;
    };
    /** @description A SendMessageRequest (A2A v1.0 JSON) */
    requestBody: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description The task (or a message); for message:stream, an event stream of its updates */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
          /** @example data: {"statusUpdate":{"taskId":"0f8e5d2c-1b7a-4c39-9e6d-3a2b1c0d9e8f","contextId":"9a7b6c5d-4e3f-4a2b-8c1d-0e9f8a7b6c5d","status":{"state":"TASK_STATE_WORKING"}}} */
          'text/event-stream': string;
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listTools: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ToolListDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description METHOD_NOT_ALLOWED */
      405: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  invokeTool: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        toolName: string;
      };
      cookie?: never;
    };
    /** @description The tool's input object; its schema is the tool's `inputSchema` */
    requestBody: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description The tool ran; `result` holds its output */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ToolInvocationSuccessDto'];
        };
      };
      /** @description TOOL_NAME_REQUIRED | INVALID_INPUT | INVALID_JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOOL_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description METHOD_NOT_ALLOWED */
      405: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description CODE_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS | BUDGET_EXCEEDED */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description INTERNAL_ERROR */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOOL_EXECUTION_FAILED | TOOL_RESULT_TOO_DEEP */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description EXECUTION_TIMEOUT */
      504: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listAgents: {
    parameters: {
      query?: {
        /** @description Items per page. */
        limit?: number;
        /** @description Items to skip, in creation order. */
        offset?: number;
        /** @description Case-insensitive substring of the name or description. */
        search?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentPageDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  createAgent: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateAgentDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentDto'];
        };
      };
      /** @description INVALID_TOOL_IDS */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_ALREADY_EXISTS */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getAgent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentDetailDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  updateAgent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateAgentDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentDto'];
        };
      };
      /** @description INVALID_TOOL_IDS */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_ALREADY_EXISTS */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  deleteAgent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_IN_USE */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  testAgent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AgentTestRequestDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentTestResultDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PROVIDER_NOT_CONFIGURED */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description BUDGET_EXCEEDED */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  replaceAgentTools: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AgentToolsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentDetailDto'];
        };
      };
      /** @description INVALID_TOOL_IDS */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listApprovals: {
    parameters: {
      query?: {
        /** @description Items per page. */
        limit?: number;
        /** @description Items to skip, in creation order. */
        offset?: number;
        status?: 'pending' | 'approved' | 'rejected' | 'expired' | 'cancelled';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApprovalPageDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getApproval: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApprovalDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description APPROVAL_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  decideApproval: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DecideApprovalDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApprovalDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description APPROVAL_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description APPROVAL_RESOLVED */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getArtifact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ArtifactDetailDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description ARTIFACT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  downloadArtifact: {
    parameters: {
      query?: {
        /** @description The version to download; the newest by default. */
        version?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The bytes, with the artifact’s type and a download file name */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': string;
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description ARTIFACT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listAuditEntries: {
    parameters: {
      query?: {
        type?:
          | 'tool.called'
          | 'approval.decided'
          | 'key.created'
          | 'key.revoked'
          | 'tool.created'
          | 'tool.updated'
          | 'tool.deleted'
          | 'agent.created'
          | 'agent.updated'
          | 'agent.deleted'
          | 'workflow.created'
          | 'workflow.updated'
          | 'workflow.deleted'
          | 'source.created'
          | 'source.updated'
          | 'source.deleted'
          | 'source.change_decided'
          | 'oauth.grant_created'
          | 'oauth.grant_revoked'
          | 'console.signed_in'
          | 'console.signed_out'
          | 'budget.exceeded';
        /** @description Entries per page. */
        limit?: number;
        /** @description The `next_cursor` of the page before, with the same filters. */
        cursor?: string;
        /** @description The user who acted; a member key sees its own user's entries only. */
        user?: string;
        /** @description A tool's name: the `tool.*` entries about it. */
        tool?: string;
        /** @description Entries at or after this time. */
        from?: string;
        /** @description Entries at or before this time; not before `from`. */
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuditPageDto'];
        };
      };
      /** @description INVALID_CURSOR */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  exportAuditEntries: {
    parameters: {
      query?: {
        type?:
          | 'tool.called'
          | 'approval.decided'
          | 'key.created'
          | 'key.revoked'
          | 'tool.created'
          | 'tool.updated'
          | 'tool.deleted'
          | 'agent.created'
          | 'agent.updated'
          | 'agent.deleted'
          | 'workflow.created'
          | 'workflow.updated'
          | 'workflow.deleted'
          | 'source.created'
          | 'source.updated'
          | 'source.deleted'
          | 'source.change_decided'
          | 'oauth.grant_created'
          | 'oauth.grant_revoked'
          | 'console.signed_in'
          | 'console.signed_out'
          | 'budget.exceeded';
        /** @description The user who acted; a member key sees its own user's entries only. */
        user?: string;
        /** @description A tool's name: the `tool.*` entries about it. */
        tool?: string;
        /** @description Entries at or after this time. */
        from?: string;
        /** @description Entries at or before this time; not before `from`. */
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One JSON entry per line, in `seq` order */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /** @example {"id":"6f1c…","seq":1,…} */
          'application/x-ndjson': string;
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  verifyAuditLog: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuditVerificationDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listBudgets: {
    parameters: {
      query?: {
        /** @description Items per page. */
        limit?: number;
        /** @description Items to skip, in creation order. */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetPageDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  createBudget: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateBudgetDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getBudget: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description BUDGET_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  deleteBudget: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description BUDGET_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listFiles: {
    parameters: {
      query?: {
        /** @description Items per page. */
        limit?: number;
        /** @description Items to skip, in creation order. */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FilePageDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  uploadFile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': components['schemas']['FileUploadDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FileDto'];
        };
      };
      /** @description BAD_REQUEST */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FILE_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FileDetailDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FILE_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  deleteFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FILE_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  downloadFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The bytes */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': string;
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FILE_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listApiKeys: {
    parameters: {
      query?: {
        /** @description Items per page. */
        limit?: number;
        /** @description Items to skip, in creation order. */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyPageDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  createApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateApiKeyDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedApiKeyDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  revokeApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description API_KEY_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description LAST_ADMIN_KEY */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getCurrentKey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CurrentKeyDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listOAuthGrants: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OAuthGrantListDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  revokeOAuthGrant: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OAuthGrantDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description OAUTH_GRANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getRun: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RunDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description RUN_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  cancelRun: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RunCancelRequestedDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description RUN_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description RUN_FINISHED */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  streamRunEvents: {
    parameters: {
      query?: {
        /** @description Replay the events after this `eventIndex` (like `Last-Event-ID`); -1: from the first. */
        after?: number;
      };
      header?: {
        /** @description Resume after this eventIndex (sent by EventSource on reconnect) */
        'Last-Event-ID'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The run’s events as Server-Sent Events: `id` is the `eventIndex`, `event` the type, `data` the event; a `: ping` comment every 15 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example id: 0
           *     event: user_message_sent
           *     data: {"type":"user_message_sent","eventIndex":0,…}
           *
           *     id: 1
           *     event: message_chunk
           *     data: {"type":"message_chunk","content":"Hel","blockIndex":0,…}
           */
          'text/event-stream': string;
        };
      };
      /** @description The run has ended and there is nothing after the given id */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description RUN_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listSessions: {
    parameters: {
      query?: {
        /** @description Items per page. */
        limit?: number;
        /** @description Items to skip, in creation order. */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SessionPageDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  createSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateSessionDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SessionDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description AGENT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getSession: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SessionDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description SESSION_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  deleteSession: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description SESSION_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description SESSION_BUSY */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listSessionArtifacts: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ArtifactListDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description SESSION_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listSessionEvents: {
    parameters: {
      query?: {
        /** @description Only events with a greater sequence number (-1: from the first). */
        after_sequence?: number;
        /** @description Events per page. */
        limit?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SessionEventsDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description SESSION_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  startRun: {
    parameters: {
      query?: never;
      header?: {
        /** @description Repeat a request safely: the same key and body return the same run */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['StartRunDto'];
      };
    };
    responses: {
      /** @description The run’s events as Server-Sent Events: `id` is the `eventIndex`, `event` the type, `data` the event; a `: ping` comment every 15 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example id: 0
           *     event: user_message_sent
           *     data: {"type":"user_message_sent","eventIndex":0,…}
           *
           *     id: 1
           *     event: message_chunk
           *     data: {"type":"message_chunk","content":"Hel","blockIndex":0,…}
           */
          'text/event-stream': string;
        };
      };
      /** @description The run started in the background */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RunStartedDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description SESSION_NOT_FOUND | FILE_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description SESSION_BUSY | IDEMPOTENCY_KEY_REUSED | PROVIDER_NOT_CONFIGURED | PENDING_APPROVAL */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description WEBHOOK_URL_FORBIDDEN | WEBHOOK_URL_INVALID | ATTACHMENT_NOT_SUPPORTED */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description BUDGET_EXCEEDED */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listToolSources: {
    parameters: {
      query?: {
        /** @description Items per page. */
        limit?: number;
        /** @description Items to skip, in creation order. */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ToolSourcePageDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  createToolSource: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateToolSourceDto'] &
          Omit<
            | components['schemas']['McpSourceRequestDto']
            | components['schemas']['McpStdioSourceRequestDto']
            | components['schemas']['OpenApiSourceDto'],
            'type'
          >;
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ToolSourceDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description SOURCE_NAME_TAKEN */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON | STDIO_SOURCES_DISABLED */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getToolSource: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ToolSourceDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description SOURCE_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  deleteToolSource: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description SOURCE_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description SOURCE_IN_USE */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  updateToolSource: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ToolSourceCommonFieldsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ToolSourceDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description SOURCE_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON | STDIO_SOURCES_DISABLED */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listToolSourceChanges: {
    parameters: {
      query?: {
        /** @description Items per page. */
        limit?: number;
        /** @description Items to skip, in creation order. */
        offset?: number;
        /** @description Only the changes of this status. */
        status?: 'pending' | 'approved' | 'rejected';
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ToolSourceChangePageDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description SOURCE_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  decideToolSourceChange: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        change_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DecideToolSourceChangeDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ToolSourceChangeDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description SOURCE_NOT_FOUND | SOURCE_CHANGE_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description SOURCE_CHANGE_DECIDED */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  syncToolSource: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ToolSourceDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description SOURCE_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listRegisteredTools: {
    parameters: {
      query?: {
        /** @description Items per page. */
        limit?: number;
        /** @description Items to skip, in creation order. */
        offset?: number;
        /** @description Only active (`true`) or inactive (`false`) tools. */
        is_active?: boolean;
        /** @description Only the tools this tool source imported. */
        source_id?: string;
        /** @description Case-insensitive substring of the name or description. */
        search?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ToolPageDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  createTool: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateToolDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ToolDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOOL_ALREADY_EXISTS */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getTool: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ToolDetailDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOOL_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  updateTool: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateToolDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ToolDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOOL_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOOL_ALREADY_EXISTS | BUILTIN_TOOL_READ_ONLY | SOURCE_MANAGED */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  deleteTool: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOOL_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOOL_IN_USE | BUILTIN_TOOL_READ_ONLY | SOURCE_MANAGED */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  testTool: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TestRunRequestDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TestRunResultDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOOL_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description BUDGET_EXCEEDED */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getWorkflowTrigger: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkflowTriggerDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TRIGGER_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  deleteWorkflowTrigger: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TRIGGER_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  updateWorkflowTrigger: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateWorkflowTriggerDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedWorkflowTriggerDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TRIGGER_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description INVALID_TRIGGER_INPUT | VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listWorkflowTriggerFires: {
    parameters: {
      query?: {
        /** @description Items per page. */
        limit?: number;
        /** @description Items to skip, in creation order. */
        offset?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkflowTriggerFirePageDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TRIGGER_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getUsage: {
    parameters: {
      query: {
        /** @description What an item sums: a user’s, a key’s, an agent’s (by id), a model’s or a tool’s use. Runs do not record their key, and a run is no one tool’s: by `key` or `tool`, only tool calls are counted */
        group_by: 'user' | 'key' | 'agent' | 'model' | 'tool';
        /** @description The length of a period, in UTC */
        period: 'hour' | 'day' | 'month';
        /** @description Use at or after this time (a run counts when it started). */
        from?: string;
        /** @description Use at or before this time; not before `from`. */
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UsageReportDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getWorkflowRun: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkflowRunDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description WORKFLOW_RUN_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  cancelWorkflowRun: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkflowRunCancelRequestedDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description WORKFLOW_RUN_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description RUN_FINISHED */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  streamWorkflowRunEvents: {
    parameters: {
      query?: {
        /** @description Replay the events after this `eventIndex` (like `Last-Event-ID`); -1: from the first. */
        after?: number;
      };
      header?: {
        /** @description Resume after this eventIndex (sent by EventSource on reconnect) */
        'Last-Event-ID'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The workflow run’s events as Server-Sent Events: `id` is the `eventIndex`, `event` the type, `data` the event (its agent steps’ events relayed, with `stepIndex` and `runId`); a `: ping` comment every 15 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example id: 0
           *     event: workflow_started
           *     data: {"type":"workflow_started","eventIndex":0,…}
           *
           *     id: 1
           *     event: step_started
           *     data: {"type":"step_started","stepIndex":0,…}
           */
          'text/event-stream': string;
        };
      };
      /** @description The workflow run has ended and there is nothing after the given id */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description WORKFLOW_RUN_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listWorkflows: {
    parameters: {
      query?: {
        /** @description Items per page. */
        limit?: number;
        /** @description Items to skip, in creation order. */
        offset?: number;
        /** @description Case-insensitive substring of the name or description. */
        search?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkflowPageDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  createWorkflow: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateWorkflowDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkflowDto'];
        };
      };
      /** @description INVALID_STEP_REFERENCES */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description WORKFLOW_ALREADY_EXISTS */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description INVALID_STEP_REFERENCES | VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getWorkflow: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkflowDetailDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description WORKFLOW_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  updateWorkflow: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateWorkflowDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkflowDto'];
        };
      };
      /** @description INVALID_STEP_REFERENCES */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description WORKFLOW_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description WORKFLOW_ALREADY_EXISTS */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description INVALID_STEP_REFERENCES | VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  deleteWorkflow: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description WORKFLOW_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description WORKFLOW_IN_USE */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listWorkflowRuns: {
    parameters: {
      query?: {
        /** @description Items per page. */
        limit?: number;
        /** @description Items to skip, in creation order. */
        offset?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkflowRunPageDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description WORKFLOW_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  startWorkflowRun: {
    parameters: {
      query?: never;
      header?: {
        /** @description Repeat a request safely: the same key and body return the same workflow run */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['StartWorkflowRunDto'];
      };
    };
    responses: {
      /** @description The workflow run’s events as Server-Sent Events: `id` is the `eventIndex`, `event` the type, `data` the event (its agent steps’ events relayed, with `stepIndex` and `runId`); a `: ping` comment every 15 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example id: 0
           *     event: workflow_started
           *     data: {"type":"workflow_started","eventIndex":0,…}
           *
           *     id: 1
           *     event: step_started
           *     data: {"type":"step_started","stepIndex":0,…}
           */
          'text/event-stream': string;
        };
      };
      /** @description The run started in the background */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkflowRunDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description WORKFLOW_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_REUSED */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description INVALID_INPUT | WEBHOOK_URL_FORBIDDEN */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description BUDGET_EXCEEDED */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  listWorkflowTriggers: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkflowTriggerDto'][];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description WORKFLOW_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  createWorkflowTrigger: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateWorkflowTriggerDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedWorkflowTriggerDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description WORKFLOW_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description INVALID_TRIGGER_INPUT | VALIDATION_ERROR | INVALID_JSON */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getConsole: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page; it signs in with an API key and uses the /api/v1 endpoints */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /** @example <!doctype html><html lang="en">…</html> */
          'text/html': string;
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HealthDto'];
        };
      };
    };
  };
  getReadiness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReadinessDto'];
        };
      };
      /** @description NOT_READY */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  deliverToWorkflowTrigger: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': unknown;
      };
    };
    responses: {
      /** @description The run started in the background */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TriggeredRunDto'];
        };
      };
      /** @description INVALID_SIGNATURE */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TRIGGER_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_REUSED */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TRIGGER_RATE_LIMITED */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  mcpOpenStream: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description METHOD_NOT_ALLOWED */
      405: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  mcp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          | {
              /** @enum {string} */
              jsonrpc: '2.0';
              /** @description The request id: a string, an integer, or null */
              id?: unknown;
              method?: string;
              params?: {
                [key: string]: unknown;
              };
              result?: {
                [key: string]: unknown;
              };
              error?: {
                code: number;
                message: string;
                data?: unknown;
              };
            }
          | {
              /** @enum {string} */
              jsonrpc: '2.0';
              /** @description The request id: a string, an integer, or null */
              id?: unknown;
              method?: string;
              params?: {
                [key: string]: unknown;
              };
              result?: {
                [key: string]: unknown;
              };
              error?: {
                code: number;
                message: string;
                data?: unknown;
              };
            }[];
      };
    };
    responses: {
      /** @description The JSON-RPC response (an array for a batch) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                /** @enum {string} */
                jsonrpc: '2.0';
                /** @description The request id: a string, an integer, or null */
                id?: unknown;
                method?: string;
                params?: {
                  [key: string]: unknown;
                };
                result?: {
                  [key: string]: unknown;
                };
                error?: {
                  code: number;
                  message: string;
                  data?: unknown;
                };
              }
            | {
                /** @enum {string} */
                jsonrpc: '2.0';
                /** @description The request id: a string, an integer, or null */
                id?: unknown;
                method?: string;
                params?: {
                  [key: string]: unknown;
                };
                result?: {
                  [key: string]: unknown;
                };
                error?: {
                  code: number;
                  message: string;
                  data?: unknown;
                };
              }[];
          /**
           * @example event: message
           *     data: {"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"{\"words\":2}"}],"structuredContent":{"words":2}}}
           */
          'text/event-stream': string;
        };
      };
      /** @description Notifications or responses only: nothing to answer */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description A body that is not JSON, or not a JSON-RPC message */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            jsonrpc: '2.0';
            /** @description The request id: a string, an integer, or null */
            id?: unknown;
            method?: string;
            params?: {
              [key: string]: unknown;
            };
            result?: {
              [key: string]: unknown;
            };
            error?: {
              code: number;
              message: string;
              data?: unknown;
            };
          };
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN_ORIGIN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An `Mcp-Session-Id` that is not the caller's live session */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            jsonrpc: '2.0';
            /** @description The request id: a string, an integer, or null */
            id?: unknown;
            method?: string;
            params?: {
              [key: string]: unknown;
            };
            result?: {
              [key: string]: unknown;
            };
            error?: {
              code: number;
              message: string;
              data?: unknown;
            };
          };
        };
      };
      /** @description An `Accept` header without both `application/json` and `text/event-stream` */
      406: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            jsonrpc: '2.0';
            /** @description The request id: a string, an integer, or null */
            id?: unknown;
            method?: string;
            params?: {
              [key: string]: unknown;
            };
            result?: {
              [key: string]: unknown;
            };
            error?: {
              code: number;
              message: string;
              data?: unknown;
            };
          };
        };
      };
      /** @description A body over `MAX_BODY_BYTES` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            jsonrpc: '2.0';
            /** @description The request id: a string, an integer, or null */
            id?: unknown;
            method?: string;
            params?: {
              [key: string]: unknown;
            };
            result?: {
              [key: string]: unknown;
            };
            error?: {
              code: number;
              message: string;
              data?: unknown;
            };
          };
        };
      };
      /** @description A body that is not `application/json` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            jsonrpc: '2.0';
            /** @description The request id: a string, an integer, or null */
            id?: unknown;
            method?: string;
            params?: {
              [key: string]: unknown;
            };
            result?: {
              [key: string]: unknown;
            };
            error?: {
              code: number;
              message: string;
              data?: unknown;
            };
          };
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  mcpEndSession: {
    parameters: {
      query?: never;
      header?: {
        /** @description The session to end */
        'Mcp-Session-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The session has ended */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description BAD_REQUEST */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN_ORIGIN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An `Mcp-Session-Id` that is not the caller's live session */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            jsonrpc: '2.0';
            /** @description The request id: a string, an integer, or null */
            id?: unknown;
            method?: string;
            params?: {
              [key: string]: unknown;
            };
            result?: {
              [key: string]: unknown;
            };
            error?: {
              code: number;
              message: string;
              data?: unknown;
            };
          };
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  getMetrics: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Metrics in the Prometheus text exposition format */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/plain': string;
        };
      };
    };
  };
  OAuthController_authorize: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description To the consent page, or back to the client with an error (and state, iss) */
      303: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An unknown client or an unregistered redirect URI: an error page, no redirect */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
    };
  };
  OAuthController_resumeAuthorization: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The sign-in in progress */
        uid: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Back to the client with a code (and state, iss), or an error */
      303: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The sign-in has expired or cannot continue */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
    };
  };
  OAuthController_showConsent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The sign-in in progress */
        uid: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description The sign-in has expired, or this browser did not start it */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
    };
  };
  OAuthController_answerConsent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The sign-in in progress */
        uid: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description On to the flow; a denial ends with access_denied at the client */
      303: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The API key given is not valid, or none was given and no console session can answer: the page again */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description The form was posted from another site */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
    };
  };
  startConsoleSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Started; the session token is in the Set-Cookie header only */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "user": "ada",
           *       "role": "member",
           *       "expires_at": "2026-11-29T22:30:00.000Z"
           *     }
           */
          'application/json': Record<string, never>;
        };
      };
      /** @description UNAUTHORIZED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description FORBIDDEN */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  endConsoleSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Ended (or there was none); the cookie is cleared */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  OAuthController_jwks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A JWK set */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "keys": [
           *         {
           *           "kty": "EC",
           *           "crv": "P-256",
           *           "alg": "ES256",
           *           "use": "sig",
           *           "kid": "1d4f…",
           *           "x": "…",
           *           "y": "…"
           *         }
           *       ]
           *     }
           */
          'application/json': Record<string, never>;
        };
      };
    };
  };
  OAuthController_registerClient: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The registered client */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "client_id": "eQvboeK07gSb3_iErQP45QJvCktpk9E9fw19KigoM0l",
           *       "client_name": "My MCP client",
           *       "redirect_uris": [
           *         "http://127.0.0.1:33418/callback"
           *       ],
           *       "token_endpoint_auth_method": "none"
           *     }
           */
          'application/json': Record<string, never>;
        };
      };
      /** @description redirect_uris must be https, http on a loopback address, or an app's own scheme; not http://app.example/cb */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "invalid_redirect_uri",
           *       "error_description": "redirect_uris must be https, http on a loopback address, or an app's own scheme; not http://app.example/cb"
           *     }
           */
          'application/json': Record<string, never>;
        };
      };
      /** @description Too many registrations from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  OAuthController_revoke: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Revoked (or already unknown) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  OAuthController_token: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Access token (a JWT), its lifetime and a new refresh token */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "access_token": "eyJhbGciOiJFUzI1NiIsInR5cCI6ImF0K2p3dCJ9…",
           *       "token_type": "Bearer",
           *       "expires_in": 3600,
           *       "refresh_token": "rJ0pX…",
           *       "scope": "tools runs registry"
           *     }
           */
          'application/json': Record<string, never>;
        };
      };
      /** @description grant request is invalid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "invalid_grant",
           *       "error_description": "grant request is invalid"
           *     }
           */
          'application/json': Record<string, never>;
        };
      };
    };
  };
}
