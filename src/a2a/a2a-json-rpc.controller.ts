import { Body, Controller, Headers, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../api-keys/current-principal.decorator';
import { type Principal } from '../api-keys/principal';
import { RequireApiKey } from '../api-keys/require-api-key.decorator';
import { ApiErrorResponses } from '../core/http/api-error-responses.decorator';
import { takeOverResponse } from '../core/http/node-http';
import { PublicUrl } from '../core/http/public-url';
import { FailureBodiesFrom } from '../core/http/route-catalog.service';
import { ResourceNotFoundError } from '../registry/common/registry.errors';
import { callOf } from './a2a-caller';
import { ApiJsonRpcExchange } from './a2a-api-docs';
import { A2aEndpoints } from './a2a-endpoints';
import { jsonRpcFailureBodyOf } from './bindings/json-rpc-failures';

/**
 * The JSON-RPC binding of each agent served over A2A: POST to its base URL. A body that is not
 * JSON is answered as JSON-RPC's parse error, as its clients read it.
 */
@ApiTags('a2a')
@RequireApiKey()
@FailureBodiesFrom(jsonRpcFailureBodyOf)
@Controller('a2a/agents')
export class A2aJsonRpcController {
  constructor(
    private readonly endpoints: A2aEndpoints,
    private readonly publicUrl: PublicUrl,
  ) {}

  @Post(':agentId')
  @HttpCode(200)
  @ApiParam({ name: 'agentId', description: 'The id of an agent served over A2A' })
  @ApiOperation({ operationId: 'a2aJsonRpc', summary: 'A JSON-RPC request (A2A v1.0 or v0.3)' })
  @ApiJsonRpcExchange()
  @ApiErrorResponses(new ResourceNotFoundError('Agent', '5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d'))
  async handle(
    @CurrentPrincipal() principal: Principal,
    @Param('agentId') agentId: string,
    @Headers('a2a-version') version: string | undefined,
    @Body() body: unknown,
    @Req() request: unknown,
    @Res() response: unknown,
  ): Promise<void> {
    const call = callOf(principal, agentId, request, this.publicUrl.base());
    await this.endpoints.jsonRpc(call, version, body, takeOverResponse(response));
  }
}
