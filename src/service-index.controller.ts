import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { CONSOLE_PATH } from './console-site';
import { DOCS_PATH } from './openapi';

export class ServiceIndexDto {
  @ApiProperty({ example: 'toolhub' })
  name!: string;

  @ApiProperty({ example: '/docs', description: 'The API documentation (Swagger UI)' })
  docs!: string;

  @ApiProperty({ example: '/docs-json', description: 'The OpenAPI document' })
  openapi!: string;

  @ApiProperty({ example: '/api/tools', description: 'The tools anyone may call' })
  tools!: string;

  @ApiProperty({ example: '/health', description: 'Liveness; `/health/ready` checks the database' })
  health!: string;

  @ApiProperty({
    example: '/console',
    description: 'The console: runs, approvals, artifacts and tools in a browser',
  })
  console!: string;
}

/**
 * `GET /`: where a newcomer who opens the server's address in a browser goes next. Part of the
 * composition root, which alone knows where the docs are mounted.
 */
@ApiTags('operations')
@Controller()
export class ServiceIndexController {
  @Get()
  @ApiOperation({
    operationId: 'getServiceIndex',
    summary: 'Where the docs, the tools and health are',
  })
  @ApiOkResponse({ type: ServiceIndexDto })
  getIndex(): ServiceIndexDto {
    return {
      name: 'toolhub',
      docs: `/${DOCS_PATH}`,
      openapi: `/${DOCS_PATH}-json`,
      tools: '/api/tools',
      console: CONSOLE_PATH,
      health: '/health',
    };
  }
}
