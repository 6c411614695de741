import { Delete, Get, Logger, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '../api-keys/current-principal.decorator';
import { type Principal } from '../api-keys/principal';
import { AcceptsUploads } from '../core/http/accepts-uploads';
import { ApiErrorResponses } from '../core/http/api-error-responses.decorator';
import { nodeRequestOf, sendJson } from '../core/http/node-http';
import { PageQueryDto } from '../core/api/page.dto';
import { ApiV1Controller } from '../api-keys/api-v1-controller.decorator';
import { DeletedDto } from '../core/api/deleted.dto';
import { sendDownload } from './blob-download';
import { FileDetailDto, FileDto, FilePageDto, FileUploadDto } from './dto/file.dto';
import {
  FileNotFoundError,
  FileTooLargeError,
  MalformedMultipartError,
  NotMultipartError,
} from './files.errors';
import { FilesService } from './files.service';

const EXAMPLE_ID = '6f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const NOT_FOUND = new FileNotFoundError([EXAMPLE_ID]);
const ID_PARAM = ApiParam({ name: 'id', format: 'uuid', example: EXAMPLE_ID });

/** My uploaded files, to attach to runs (`attachments` of `POST /sessions/{id}/runs`). */
@ApiV1Controller('files', 'files')
export class FilesController {
  private readonly logger = new Logger('Files');

  constructor(private readonly files: FilesService) {}

  @Post()
  @AcceptsUploads()
  @ApiOperation({
    operationId: 'uploadFile',
    summary: 'Upload a file (multipart/form-data, part `file`); its type is sniffed from the bytes',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: FileUploadDto })
  @ApiCreatedResponse({ type: FileDto })
  @ApiErrorResponses(
    new FileTooLargeError(20 * 1024 * 1024),
    new NotMultipartError('application/json'),
    new MalformedMultipartError('Unexpected end of form'),
  )
  async upload(
    @CurrentPrincipal() principal: Principal,
    @Req() request: unknown,
    @Res() response: unknown,
  ): Promise<void> {
    const file = await this.files.upload(principal, nodeRequestOf(request));
    sendJson(response, 201, file, { Location: file.content_url.replace(/\/content$/, '') });
  }

  @Get()
  @ApiOperation({ operationId: 'listFiles', summary: 'My files, newest first' })
  @ApiOkResponse({ type: FilePageDto })
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: PageQueryDto,
  ): Promise<FilePageDto> {
    return this.files.list(principal, query);
  }

  @Get(':id')
  @ID_PARAM
  @ApiOperation({ operationId: 'getFile', summary: 'A file of mine, with the runs that used it' })
  @ApiOkResponse({ type: FileDetailDto })
  @ApiErrorResponses(NOT_FOUND)
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<FileDetailDto> {
    return this.files.get(principal, id);
  }

  @Get(':id/content')
  @ID_PARAM
  @ApiOperation({
    operationId: 'downloadFile',
    summary: 'The bytes of a file of mine, as its sniffed type',
  })
  @ApiOkResponse({
    description: 'The bytes',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiErrorResponses(NOT_FOUND)
  async content(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Res() response: unknown,
  ): Promise<void> {
    const { file, bytes } = await this.files.content(principal, id);
    await sendDownload(
      response,
      bytes,
      { name: file.name, mimeType: file.mime_type, sizeBytes: file.size_bytes },
      this.logger,
    );
  }

  @Delete(':id')
  @ID_PARAM
  @ApiOperation({ operationId: 'deleteFile', summary: 'Delete a file of mine and its bytes' })
  @ApiOkResponse({ type: DeletedDto })
  @ApiErrorResponses(NOT_FOUND)
  delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<DeletedDto> {
    return this.files.delete(principal, id);
  }
}
