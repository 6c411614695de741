import { type INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { PACKAGE_VERSION } from './core/package-version';
import { ToolRegistry } from './tools/tool-registry.service';
import { addToolOperations } from './tools/tools-openapi';

export const DOCS_PATH = 'docs';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('toolhub')
    .setDescription(
      'Tools for AI agents over REST and MCP. Every response is JSON; failures are ' +
        '`{ "success": false, "error": { "code", "message" } }` with a stable UPPER_SNAKE_CASE code.',
    )
    .setVersion(PACKAGE_VERSION)
    .build();
  const document = SwaggerModule.createDocument(app, config);
  addToolOperations(document, app.get(ToolRegistry).list());
  return document;
}

/** Swagger UI at /docs and the OpenAPI JSON at /docs-json. */
export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup(DOCS_PATH, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: `${DOCS_PATH}-json`,
    customSiteTitle: 'toolhub API',
    swaggerOptions: { displayOperationId: true, tryItOutEnabled: true },
  });
}
