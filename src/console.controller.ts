import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Controller, Get, Header, applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses } from './core/http/api-error-responses.decorator';
import { RouteNotFoundError } from './core/errors';
import { CONSOLE_DIRECTORY, CONSOLE_PATH, CONSOLE_SECURITY_HEADERS } from './console-site';

const PAGE_HEADERS = applyDecorators(
  Header('Content-Type', 'text/html; charset=utf-8'),
  // The page names its hashed scripts: a cached copy would load an older console.
  Header('Cache-Control', 'no-cache'),
  ...Object.entries(CONSOLE_SECURITY_HEADERS).map(([name, value]) => Header(name, value)),
);

/**
 * `GET /console` (and `/console/`): the console's one page; its views live in the URL's fragment,
 * so no other path needs it.
 */
@ApiTags('operations')
@Controller(CONSOLE_PATH.slice(1))
export class ConsoleController {
  private page?: Promise<string>;

  @Get()
  @PAGE_HEADERS
  @ApiOperation({
    operationId: 'getConsole',
    summary: 'The browser console: runs, approvals, artifacts and tools (an HTML page)',
  })
  @ApiOkResponse({
    description: 'The page; it signs in with an API key and uses the /api/v1 endpoints',
    content: {
      'text/html': {
        schema: { type: 'string' },
        example: '<!doctype html><html lang="en">…</html>',
      },
    },
  })
  @ApiErrorResponses(new RouteNotFoundError('GET', CONSOLE_PATH))
  async index(): Promise<string> {
    this.page ??= readFile(join(CONSOLE_DIRECTORY, 'index.html'), 'utf8');
    try {
      return await this.page;
    } catch {
      // Built without the console: retried on the next request, in case it is built meanwhile.
      this.page = undefined;
      throw new RouteNotFoundError('GET', CONSOLE_PATH);
    }
  }
}
