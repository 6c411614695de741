import { Body, Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { OptionalPrincipal } from '../api-keys/current-principal.decorator';
import { OPTIONAL_KEY_ERRORS, OptionalApiKey } from '../api-keys/optional-api-key.decorator';
import { type Principal } from '../api-keys/principal';
import { type CallerSignal } from '../core/caller-signal';
import { MethodNotAllowedError, MissingPathParameterError } from '../core/errors';
import { ApiErrorResponses } from '../core/http/api-error-responses.decorator';
import { OversizedBodiesAs } from '../core/http/route-catalog.service';
import { JSON_UTF8 } from '../core/http/json-body';
import { RequestAbortSignal } from '../core/http/request-abort-signal.decorator';
import { ToolListDto } from './dto/tool.dto';
import { ToolInvocationSuccessDto } from './dto/tool-invocation.dto';
import {
  ExecutionTimeoutError,
  InvalidToolInputError,
  ToolResultTooDeepError,
  ToolCallTooLargeError,
  ToolNotFoundError,
} from './tool.errors';
import { ToolInvoker } from './tool-invoker.service';
import { type CatalogTool, ToolCatalog } from './tool-catalog.service';
import { toolAccessOf, toolScopeOf } from './tool-scope';
import { ENDPOINT_FAILED_EXAMPLE, TRANSPORT_ERRORS } from './tool-transport-errors';

/** `POST /api/tools/` or a name of blanks only: 400 TOOL_NAME_REQUIRED. */
const toolNameRequired = () =>
  new MissingPathParameterError('toolName', 'POST /api/tools/:toolName');

const PUBLIC_OR_ALL =
  'Without a key, the public tools only; with `Authorization: Bearer <api key>`, every tool.';

@ApiTags('tools')
@OptionalApiKey()
@OversizedBodiesAs((limitBytes) => new ToolCallTooLargeError(limitBytes))
@Controller('api/tools')
export class ToolsController {
  /**
   * The answer for each list the catalog hands out, as JSON text: it hands out the same list
   * until a tool changes, so discovery builds and serialises its answer once per change rather
   * than once per request.
   */
  private readonly listings = new WeakMap<readonly CatalogTool[], string>();

  constructor(
    private readonly catalog: ToolCatalog,
    private readonly invoker: ToolInvoker,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'listTools',
    summary: 'Discover the available tools and their input schemas',
    description: PUBLIC_OR_ALL,
  })
  @ApiOkResponse({ type: ToolListDto })
  @ApiErrorResponses(
    // Any other method on the discovery path, `POST /api/tools` included.
    new MethodNotAllowedError(['GET'], ['GET', 'HEAD', 'OPTIONS']),
    ...OPTIONAL_KEY_ERRORS,
  )
  // The listing comes serialised: sent as it is, as JSON.
  @Header('Content-Type', JSON_UTF8)
  listTools(@OptionalPrincipal() caller: Principal | undefined): string {
    const tools = this.catalog.list(toolScopeOf(caller));
    let listing = this.listings.get(tools);
    if (listing === undefined) {
      const answer: ToolListDto = {
        tools: tools.map(({ definition }) => ({
          id: definition.name,
          name: definition.name,
          description: definition.description,
          inputSchema: definition.inputSchema,
        })),
      };
      listing = JSON.stringify(answer);
      this.listings.set(tools, listing);
    }
    return listing;
  }

  @Post(':toolName')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'invokeTool',
    summary: 'Invoke a tool with its input object',
    description: `${PUBLIC_OR_ALL} Each public tool also has its own operation below, with its real input schema and errors.`,
  })
  @ApiParam({ name: 'toolName', example: 'encodePlantUML' })
  @ApiBody({
    description: "The tool's input object; its schema is the tool's `inputSchema`",
    schema: { type: 'object', additionalProperties: true },
    examples: {
      encodePlantUML: { value: { plantumlCode: '@startuml\nBob -> Alice : hello\n@enduml' } },
    },
  })
  @ApiOkResponse({
    type: ToolInvocationSuccessDto,
    description: 'The tool ran; `result` holds its output',
  })
  @ApiErrorResponses(
    toolNameRequired(),
    new InvalidToolInputError('toolName', [{ path: '/name', message: 'must be string' }]),
    new ToolNotFoundError('unknownTool'),
    new MethodNotAllowedError(['POST'], ['POST', 'OPTIONS']),
    ENDPOINT_FAILED_EXAMPLE,
    new ToolResultTooDeepError(256),
    new ExecutionTimeoutError(30_000),
    ...TRANSPORT_ERRORS,
  )
  async invokeTool(
    @OptionalPrincipal() caller: Principal | undefined,
    @Param('toolName') toolName: string,
    @Body() input: unknown,
    @RequestAbortSignal() signal: CallerSignal,
  ): Promise<ToolInvocationSuccessDto> {
    // `POST /api/tools/%20`: a name that is only blanks names no tool: it is missing.
    if (toolName.trim() === '') throw toolNameRequired();
    // A request without a body is an empty input: the tool's schema then names what is missing.
    const result = await this.invoker.invoke(toolName, input === undefined ? {} : input, {
      caller: 'rest',
      ...toolAccessOf(caller),
      // A caller that hangs up stops the tool: nobody is left to read its answer.
      signal,
    });
    return { success: true, result };
  }
}
