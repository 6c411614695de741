import { ApiProperty } from '@nestjs/swagger';

export class FileDto {
  /** @example "6f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f" */
  id!: string;
  /** The name the file was uploaded with. @example "notes.txt" */
  name!: string;
  /** The type sniffed from the bytes: how the file is served and given to models. @example "text/plain" */
  mime_type!: string;
  /** The Content-Type the client declared for the part, kept as given. @example "text/plain" */
  declared_type!: string | null;
  /** @example 1532 */
  size_bytes!: number;
  /** Hex SHA-256 of the bytes. @example "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08" */
  sha256!: string;
  /** @example "2026-11-22T10:00:00.000Z" */
  created_at!: Date;
  /** Where the bytes are. @example "/api/v1/files/6f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f/content" */
  content_url!: string;
}

export class FileUsageDto {
  /** @example "8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d" */
  run_id!: string;
  /** When the run that used the file ended. @example "2026-11-22T10:00:04.000Z" */
  used_at!: Date;
}

export class FileDetailDto extends FileDto {
  /** The runs the file was attached to, newest first. */
  usages!: FileUsageDto[];
}

export class FilePageDto {
  items!: FileDto[];
  /** @example 1 */
  total!: number;
  /** @example 20 */
  limit!: number;
  /** @example 0 */
  offset!: number;
}

/** The multipart body of an upload, for the API description. */
export class FileUploadDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'The file' })
  file!: unknown;
}
