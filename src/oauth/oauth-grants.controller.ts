import { Delete, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ApiV1Controller } from '../api-keys/api-v1-controller.decorator';
import { CurrentPrincipal } from '../api-keys/current-principal.decorator';
import { type Principal } from '../api-keys/principal';
import { ApiErrorResponses } from '../core/http/api-error-responses.decorator';
import { OAuthGrantDto, OAuthGrantListDto } from './dto/oauth-grant.dto';
import { OAuthGrantNotFoundError } from './oauth.errors';
import { OAuthGrantsService } from './oauth-grants.service';

const EXAMPLE_ID = 'qJ-ltxqKcneiIc9grZn4LSmd5kPQwGMT9933WaS745Z';

/** The clients connected with OAuth: a member's own, or everyone's for an admin. */
@ApiV1Controller('oauth/grants', 'oauth')
export class OAuthGrantsController {
  constructor(private readonly grants: OAuthGrantsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listOAuthGrants',
    summary: "Clients connected with OAuth: the caller's own; an admin's call lists everyone's",
  })
  @ApiOkResponse({ type: OAuthGrantListDto })
  list(@CurrentPrincipal() caller: Principal): Promise<OAuthGrantListDto> {
    return this.grants.list(caller);
  }

  @Delete(':id')
  @ApiParam({ name: 'id', example: EXAMPLE_ID })
  @ApiOperation({
    operationId: 'revokeOAuthGrant',
    summary: 'Disconnect a client: every token of the grant is refused from the next request on',
  })
  @ApiOkResponse({ type: OAuthGrantDto })
  @ApiErrorResponses(new OAuthGrantNotFoundError(EXAMPLE_ID))
  revoke(@CurrentPrincipal() caller: Principal, @Param('id') id: string): Promise<OAuthGrantDto> {
    return this.grants.revoke(caller, id);
  }
}
