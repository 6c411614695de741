import { type INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { PACKAGE_VERSION } from './core/package-version';
import { addMcpUnservedMethods } from './mcp/mcp.controller';
import { ToolCatalog } from './tools/tool-catalog.service';
import { addToolOperations } from './tools/tools-openapi';
import { ToolKindRegistry } from './tools/tool-kind-registry.service';
import { describeToolImplementations, toolKindRequestModels } from './tools/tool-kinds-openapi';
import {
  describeToolSourceRequests,
  toolSourceRequestModels,
} from './registry/sources/tool-source-types-openapi';
import { ToolSourceTypes } from './registry/sources/tool-source-types.service';

export const DOCS_PATH = 'docs';

/**
 * The API's document, without the per-tool operations (they follow the tools served, see
 * below): what `docs/openapi.json` commits. Paths and schemas are sorted by name, so the file
 * changes only when the API does.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('toolhub')
    .setDescription(
      'Tools for AI agents over REST and MCP. Every response is JSON; failures are ' +
        '`{ "success": false, "error": { "code", "message" } }` with a stable UPPER_SNAKE_CASE code.',
    )
    .setVersion(PACKAGE_VERSION)
    .setLicense('MIT', 'https://opensource.org/licenses/MIT')
    .addServer('/', 'This server')
    // API keys are opaque strings (`thk_…`), not JWTs: no `bearerFormat`.
    .addSecurity('bearer', {
      type: 'http',
      scheme: 'bearer',
      description:
        'An API key: the first start makes an admin key (see the log or ' +
        '`<DATA_DIR>/initial-admin-key`); admins issue more at `POST /api/v1/keys`',
    })
    .build();
  // No key unless an operation says otherwise (health, metrics); the API's own operations do.
  const kinds = app.get(ToolKindRegistry);
  const sourceTypes = app.get(ToolSourceTypes);
  const document = SwaggerModule.createDocument(
    app,
    { ...config, security: [{}] },
    { extraModels: [...toolKindRequestModels(kinds), ...toolSourceRequestModels(sourceTypes)] },
  );
  describeToolImplementations(document, kinds, ['CreateToolDto', 'UpdateToolDto']);
  describeToolSourceRequests(document, sourceTypes);
  addMcpUnservedMethods(document);
  return {
    ...document,
    paths: sortedByKey(document.paths),
    components: {
      ...document.components,
      schemas: sortedByKey(document.components?.schemas ?? {}),
    },
  };
}

function sortedByKey<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * The document with one operation per public tool (anyone may read it, so private tools stay
 * out of it). Registering or deactivating a tool changes the catalog, so the tool operations
 * are added per catalog version rather than once.
 */
function withToolOperations(app: INestApplication): (base: OpenAPIObject) => OpenAPIObject {
  const catalog = app.get(ToolCatalog);
  let cached: { version: number; document: OpenAPIObject } | undefined;
  return (base) => {
    if (cached?.version !== catalog.version) {
      const document = structuredClone(base);
      addToolOperations(document, catalog.list('public'));
      cached = { version: catalog.version, document };
    }
    return cached.document;
  };
}

/** Swagger UI at /docs and the OpenAPI JSON at /docs-json. */
export function setupOpenApi(app: INestApplication): void {
  const addTools = withToolOperations(app);
  SwaggerModule.setup(DOCS_PATH, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: `${DOCS_PATH}-json`,
    customSiteTitle: 'toolhub API',
    patchDocumentOnRequest: (_request, _response, document) => addTools(document),
    swaggerOptions: { displayOperationId: true, tryItOutEnabled: true },
  });
}
