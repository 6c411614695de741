import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PageDtoOf } from '../../../core/api/page-dto-of';

export class CreateSessionDto {
  /** The agent this session talks to. @example "5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d" */
  @IsString()
  @MaxLength(100)
  agent_id!: string;

  /** @example "Quarterly report questions" */
  @IsOptional()
  @IsString()
  @MaxLength(500)
  title?: string;
}

export class SessionDto {
  /** @example "0d9a3f4e-1c2b-4a5d-9e8f-7a6b5c4d3e2f" */
  id!: string;
  /** Null once the agent was deleted. @example "5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d" */
  agent_id!: string | null;
  /** @example "Quarterly report questions" */
  title!: string;
  /** @example "2026-11-22T10:00:00.000Z" */
  created_at!: Date;
  /** Changes with every persisted event. @example "2026-11-22T10:00:05.000Z" */
  updated_at!: Date;
  /** Sequence number of the last persisted event; -1 before the first. @example 4 */
  last_sequence_number!: number;
}

export class SessionPageDto extends PageDtoOf(SessionDto) {}
