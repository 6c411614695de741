import { Body, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ApiErrorResponses } from '../core/http/api-error-responses.decorator';
import { PageQueryDto } from '../core/api/page.dto';
import { ApiV1Controller } from './api-v1-controller.decorator';
import { ApiKeyNotFoundError, LastAdminKeyError } from './api-key.errors';
import { AdminOnly } from './admin-only.decorator';
import { ApiKeysService } from './api-keys.service';
import { auditContextOf } from './audit-context';
import { CurrentPrincipal } from './current-principal.decorator';
import { type Principal } from './principal';
import { ApiKeyDto, ApiKeyPageDto, CreateApiKeyDto, CreatedApiKeyDto } from './dto/api-key.dto';

const EXAMPLE_ID = '8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a';

/** Keys managed while the server runs, by admins: a leaked key is revoked without downtime. */
@ApiV1Controller('keys', 'keys')
@AdminOnly()
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Post()
  @ApiOperation({
    operationId: 'createApiKey',
    summary: 'Issue a key for a user, with a role; the key is in this response only',
  })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  create(
    @CurrentPrincipal() caller: Principal,
    @Body() dto: CreateApiKeyDto,
  ): Promise<CreatedApiKeyDto> {
    return this.keys.create(dto, auditContextOf(caller));
  }

  @Get()
  @ApiOperation({
    operationId: 'listApiKeys',
    summary: 'List keys, oldest first, revoked ones included (their first characters only)',
  })
  @ApiOkResponse({ type: ApiKeyPageDto })
  list(@Query() query: PageQueryDto): Promise<ApiKeyPageDto> {
    return this.keys.list(query);
  }

  @Delete(':id')
  @ApiParam({ name: 'id', format: 'uuid', example: EXAMPLE_ID })
  @ApiOperation({
    operationId: 'revokeApiKey',
    summary: 'Revoke a key: requests with it get 401 from the next one on, on every instance',
  })
  @ApiOkResponse({ type: ApiKeyDto })
  @ApiErrorResponses(new ApiKeyNotFoundError(EXAMPLE_ID), new LastAdminKeyError(EXAMPLE_ID))
  async revoke(@CurrentPrincipal() caller: Principal, @Param('id') id: string): Promise<ApiKeyDto> {
    const revoked = await this.keys.revoke(id, { keepAnAdmin: true, by: auditContextOf(caller) });
    if (!revoked) throw new ApiKeyNotFoundError(id);
    return revoked;
  }
}
