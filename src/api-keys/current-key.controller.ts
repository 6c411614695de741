import { Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiV1Controller } from './api-v1-controller.decorator';
import { CurrentPrincipal } from './current-principal.decorator';
import { CurrentKeyDto } from './dto/api-key.dto';
import { type Principal } from './principal';

/** Any key may ask whose it is: a client shows its user what their role lets them do. */
@ApiV1Controller('me', 'keys')
export class CurrentKeyController {
  @Get()
  @ApiOperation({
    operationId: 'getCurrentKey',
    summary: 'The key of this request: its id, its user and its role',
  })
  @ApiOkResponse({ type: CurrentKeyDto })
  get(@CurrentPrincipal() principal: Principal): CurrentKeyDto {
    return { key_id: principal.keyId, user: principal.user, role: principal.role };
  }
}
