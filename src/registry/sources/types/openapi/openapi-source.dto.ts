import { ApiProperty, PickType } from '@nestjs/swagger';
import {
  IsDefined,
  IsIn,
  IsString,
  IsUrl,
  MinLength,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { Omittable } from '../../../../core/validation/omittable.decorator';
import {
  IsPermittedToolUrl,
  IsUrlWithoutCredentials,
} from '../../../../tools/outbound/tool-url.decorators';
import { ToolImplementationDto } from '../../../../tools/kinds/endpoint/tool-implementation.dto';
import { type SourceTypeRequest } from '../../tool-source-type.contract';

const HTTP_URL = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

/**
 * The fields of an `openapi` source: a REST API described by an OpenAPI 3.0 or 3.1 document,
 * given by its URL or as its text (exactly one of them), each operation of which becomes a tool.
 * Its `headers` and `secret_headers` are an endpoint tool's: sent with every call (and with the
 * request for `document_url`), the secret ones write-only.
 */
export class OpenApiSourceDto
  extends PickType(ToolImplementationDto, ['headers', 'secret_headers'])
  implements SourceTypeRequest
{
  @ApiProperty({ enum: ['openapi'], example: 'openapi' })
  @IsIn(['openapi'])
  type!: 'openapi';

  /**
   * Where the document is read, at creation and again at every sync: not a loopback, private or
   * other non-public address unless `TOOL_URL_ALLOW` allows it. Give this or `document`.
   * @example "https://petstore.example.com/openapi.json"
   */
  @ValidateIf(
    (dto: OpenApiSourceDto) => dto.document === undefined || dto.document_url !== undefined,
  )
  @IsDefined({ message: 'document_url or document must be given' })
  @IsUrl(HTTP_URL)
  @IsUrlWithoutCredentials()
  @IsPermittedToolUrl()
  document_url?: string;

  /**
   * The document itself, as JSON or YAML text, read once at creation. Give this or
   * `document_url`. @example "openapi: 3.1.0\ninfo: {title: Pets, version: '1'}\nservers: [{url: 'https://petstore.example.com'}]\npaths: {}"
   */
  @Omittable()
  @IsString()
  @MinLength(1)
  @ValidateBy({
    name: 'isNotGivenWithDocumentUrl',
    validator: {
      validate: (_value, args) => (args?.object as OpenApiSourceDto).document_url === undefined,
      defaultMessage: () => 'document must not be given with document_url: give one of them',
    },
  })
  document?: string;

  /**
   * Where the operations are called; by default the document's first server (a relative one
   * read against `document_url`). @example "https://petstore.example.com/v1"
   */
  @Omittable()
  @IsUrl(HTTP_URL)
  @IsUrlWithoutCredentials()
  @IsPermittedToolUrl()
  base_url?: string;
}
