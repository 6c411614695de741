import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Min } from 'class-validator';

export class ArtifactVersionDto {
  /** 0 for the first version. @example 0 */
  version!: number;
  /** @example "text/csv" */
  mime_type!: string;
  /** @example 20480 */
  size_bytes!: number;
  /** Hex SHA-256 of the bytes. @example "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08" */
  sha256!: string;
  /** What the piece came from. @example "text" */
  @ApiProperty({
    enum: ['text', 'image', 'audio', 'resource', 'resource_link', 'structured', 'raw'],
  })
  kind!: string;
  /**
   * What was learnt of the content: a JSON structure summary, CSV rows, columns and headers,
   * declared and detected types of binary content, a resource's URI.
   * @example { "csv": { "rows": 120, "columns": 3, "headers": ["date", "region", "revenue"] } }
   */
  metadata!: Record<string, unknown>;
  /** Meant for the user only: never listed or given to the model. @example false */
  user_only!: boolean;
  /** The run whose tool call produced it. @example "8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d" */
  run_id!: string | null;
  /** @example "toolu_01A09q90qw90lq917835lq9" */
  tool_use_id!: string | null;
  /** @example "2026-11-22T10:00:04.000Z" */
  created_at!: Date;
  /** Where the bytes are. @example "/api/v1/artifacts/2b3c4d5e-6f70-4819-8a2b-3c4d5e6f7081/content?version=0" */
  content_url!: string;
}

export class ArtifactDto {
  /** @example "2b3c4d5e-6f70-4819-8a2b-3c4d5e6f7081" */
  id!: string;
  /** @example "4a3b2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d" */
  session_id!: string;
  /** Unique in the session; saving it again adds a version. @example "sales_report_result.csv" */
  name!: string;
  /** The newest version. */
  latest!: ArtifactVersionDto;
  /** @example "2026-11-22T10:00:04.000Z" */
  created_at!: Date;
  /** When the last version was added. @example "2026-11-22T10:00:04.000Z" */
  updated_at!: Date;
}

export class ArtifactDetailDto extends ArtifactDto {
  /** Every version, oldest first. */
  versions!: ArtifactVersionDto[];
}

export class ArtifactListDto {
  /** The session's artifacts, by name. */
  items!: ArtifactDto[];
}

export class ArtifactContentQueryDto {
  /** The version to download; the newest by default. @example 0 */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  version?: number;
}
