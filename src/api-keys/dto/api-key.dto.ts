import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { Omittable } from '../../core/validation/omittable.decorator';
import { PageDtoOf } from '../../core/api/page-dto-of';
import { API_KEY_ROLES, type ApiKeyRole } from '../../database/schema';

const ROLE_PROPERTY = ApiProperty({
  enum: API_KEY_ROLES,
  example: 'member',
  description: '`admin`: everything, keys included; `member`: all but registry writes and keys',
});

export class CreateApiKeyDto {
  /** What the key is for, to tell keys apart. @example "ci bot" */
  @IsString()
  @MaxLength(200)
  @Matches(/\S/, { message: 'name must not be blank' })
  name!: string;

  @ROLE_PROPERTY
  @IsIn(API_KEY_ROLES)
  role!: ApiKeyRole;

  /**
   * Whose key it is: the sessions, runs and files made with it are this user's. Default: the
   * key's name. @example "alice"
   */
  @Omittable()
  @IsString()
  @MaxLength(200)
  @Matches(/\S/, { message: 'user must not be blank' })
  user?: string;
}

export class ApiKeyDto {
  /** @example "8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a" */
  id!: string;
  /** @example "ci bot" */
  name!: string;
  /** @example "alice" */
  user!: string;
  @ROLE_PROPERTY
  role!: ApiKeyRole;
  /** The key's first characters; the key itself is never shown again. @example "thk_9fQx2L" */
  prefix!: string;
  /** @example "2026-11-22T10:00:00.000Z" */
  created_at!: Date;
  /** When it was revoked; null while it works. @example null */
  revoked_at!: Date | null;
}

export class CreatedApiKeyDto extends ApiKeyDto {
  /**
   * The key, shown this once (only its hash is stored): send it as `Authorization: Bearer <key>`.
   * @example "thk_9fQx2LwVb3kq7Jd0nZpR8sYtU1mCeHaG5oXiN4vWl6E"
   */
  key!: string;
}

/** The key a request was made with, and who it acts for. */
export class CurrentKeyDto {
  /** @example "8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a" */
  key_id!: string;
  /** Owner of the sessions, runs and files the key creates. @example "alice" */
  user!: string;
  @ROLE_PROPERTY
  role!: ApiKeyRole;
}

export class ApiKeyPageDto extends PageDtoOf(ApiKeyDto) {}
