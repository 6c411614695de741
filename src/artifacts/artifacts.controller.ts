import { Get, Logger, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { CurrentPrincipal } from '../api-keys/current-principal.decorator';
import { type Principal } from '../api-keys/principal';
import { ApiErrorResponses } from '../core/http/api-error-responses.decorator';
import { sendDownload } from '../files/blob-download';
import { ApiV1Controller } from '../api-keys/api-v1-controller.decorator';
import { ArtifactNotFoundError } from './artifacts.errors';
import { ArtifactsService } from './artifacts.service';
import { ArtifactContentQueryDto, ArtifactDetailDto } from './dto/artifact.dto';

const EXAMPLE_ID = '2b3c4d5e-6f70-4819-8a2b-3c4d5e6f7081';
const NOT_FOUND = new ArtifactNotFoundError(`'${EXAMPLE_ID}'`);
const ID_PARAM = ApiParam({ name: 'id', format: 'uuid', example: EXAMPLE_ID });

/**
 * Artifacts: what tool results of my sessions' runs were saved as. A session's list is
 * `GET /sessions/{id}/artifacts`.
 */
@ApiV1Controller('artifacts', 'runtime: artifacts')
export class ArtifactsController {
  private readonly logger = new Logger('Artifacts');

  constructor(private readonly artifacts: ArtifactsService) {}

  @Get(':id')
  @ID_PARAM
  @ApiOperation({ operationId: 'getArtifact', summary: 'An artifact of mine with its versions' })
  @ApiOkResponse({ type: ArtifactDetailDto })
  @ApiErrorResponses(NOT_FOUND)
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<ArtifactDetailDto> {
    return this.artifacts.get(principal, id);
  }

  @Get(':id/content')
  @ID_PARAM
  @ApiOperation({
    operationId: 'downloadArtifact',
    summary: 'The bytes of a version of an artifact of mine (the newest by default), as its type',
  })
  @ApiOkResponse({
    description: 'The bytes, with the artifact’s type and a download file name',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiErrorResponses(NOT_FOUND, new ArtifactNotFoundError("'report.csv' version 7"))
  async content(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: ArtifactContentQueryDto,
    @Res() response: unknown,
  ): Promise<void> {
    const { bytes, ...download } = await this.artifacts.content(principal.user, id, query.version);
    await sendDownload(response, bytes, download, this.logger);
  }
}
