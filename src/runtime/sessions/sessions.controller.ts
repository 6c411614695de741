import { Body, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../api-keys/current-principal.decorator';
import { type Principal } from '../../api-keys/principal';
import { ArtifactListDto } from '../../artifacts/dto/artifact.dto';
import { ApiErrorResponses } from '../../core/http/api-error-responses.decorator';
import { PageQueryDto } from '../../core/api/page.dto';
import { ApiV1Controller } from '../../api-keys/api-v1-controller.decorator';
import { ResourceNotFoundError } from '../../registry/common/registry.errors';
import { DeletedDto } from '../../core/api/deleted.dto';
import { SessionBusyError, SessionNotFoundError } from '../runtime.errors';
import { SessionEventsDto, SessionEventsQueryDto } from './dto/session-events.dto';
import { CreateSessionDto, SessionDto, SessionPageDto } from './dto/session.dto';
import { SessionsService } from './sessions.service';

const EXAMPLE_ID = '0d9a3f4e-1c2b-4a5d-9e8f-7a6b5c4d3e2f';
const NOT_FOUND = new SessionNotFoundError(EXAMPLE_ID);
const ID_PARAM = ApiParam({ name: 'id', format: 'uuid', example: EXAMPLE_ID });

@ApiV1Controller('sessions', 'runtime: sessions')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Post()
  @ApiOperation({ operationId: 'createSession', summary: 'Start a conversation with an agent' })
  @ApiCreatedResponse({ type: SessionDto })
  @ApiErrorResponses(new ResourceNotFoundError('Agent', '5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d'))
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() dto: CreateSessionDto,
  ): Promise<SessionDto> {
    return this.sessions.create(principal, dto);
  }

  @Get()
  @ApiOperation({ operationId: 'listSessions', summary: 'My sessions, newest first' })
  @ApiOkResponse({ type: SessionPageDto })
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: PageQueryDto,
  ): Promise<SessionPageDto> {
    return this.sessions.list(principal, query);
  }

  @Get(':id')
  @ID_PARAM
  @ApiOperation({ operationId: 'getSession', summary: 'A session of mine' })
  @ApiOkResponse({ type: SessionDto })
  @ApiErrorResponses(NOT_FOUND)
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<SessionDto> {
    return this.sessions.get(principal, id);
  }

  @Delete(':id')
  @ID_PARAM
  @ApiOperation({
    operationId: 'deleteSession',
    summary: 'Delete a session with its runs and events (not while a run is active)',
  })
  @ApiOkResponse({ type: DeletedDto })
  @ApiErrorResponses(
    NOT_FOUND,
    new SessionBusyError('8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d', 'delete the session'),
  )
  delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<DeletedDto> {
    return this.sessions.delete(principal, id);
  }

  @Get(':id/events')
  @ID_PARAM
  @ApiOperation({
    operationId: 'listSessionEvents',
    summary: 'The durable log: persisted events of all runs, by sequence number, paginated',
  })
  @ApiOkResponse({ type: SessionEventsDto })
  @ApiErrorResponses(NOT_FOUND)
  events(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: SessionEventsQueryDto,
  ): Promise<SessionEventsDto> {
    return this.sessions.listEvents(principal, id, query);
  }

  @Get(':id/artifacts')
  @ID_PARAM
  @ApiOperation({
    operationId: 'listSessionArtifacts',
    summary: 'The artifacts tool results of the session were saved as, with their newest version',
  })
  @ApiOkResponse({ type: ArtifactListDto })
  @ApiErrorResponses(NOT_FOUND)
  artifacts(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<ArtifactListDto> {
    return this.sessions.listArtifacts(principal, id);
  }
}
