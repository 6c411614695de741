import { type Type } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { fieldIssuesOf } from '../../core/validation/field-issues';
import { type FieldIssue, ValidationFailedError } from '../../core/errors';
import { CreateToolSourceDto, ToolSourceCommonFieldsDto } from './dto/create-tool-source.dto';
import { type SourceTypeRequest, type ToolSourceType } from './tool-source-type.contract';

/** The fields every source has; any other field of a request is its type's. */
const COMMON_FIELDS = new Set([
  'name',
  'type',
  'description',
  'include',
  'exclude',
  'on_change',
  'public',
  'requires_approval',
  'sync_interval_seconds',
]);

/** A request's common fields and its type's, each checked by its own DTO. */
export interface SourceRequest<Common> {
  common: Common;
  /** Absent when an update leaves the type's fields as they are. */
  typed?: SourceTypeRequest;
}

/**
 * A create request, checked whole: the common fields by `CreateToolSourceDto`, the rest by the
 * DTO of the type it names (an unknown type is a 422 listing the types). Every problem of both
 * is reported at once.
 */
export async function readCreateRequest(
  body: Record<string, unknown>,
  typeOf: (type: unknown) => ToolSourceType,
): Promise<Required<SourceRequest<CreateToolSourceDto>>> {
  const [common, own] = split(body);
  const sourceType = typeOf(body.type);
  const [commonChecked, typed] = await Promise.all([
    checked(CreateToolSourceDto, common),
    checked(sourceType.dto, { ...own, type: sourceType.type }),
  ]);
  failOn([...commonChecked.issues, ...typed.issues]);
  return { common: commonChecked.value, typed: typed.value };
}

/**
 * An update request: any common field but `name` and `type` (they name the source's tools and
 * say what its settings mean), and the type's fields, if any is given, as a whole new set of
 * them (checked as a create's: secret values cannot be merged with stored ones unseen).
 */
export async function readUpdateRequest(
  body: Record<string, unknown>,
  sourceType: ToolSourceType,
): Promise<SourceRequest<ToolSourceCommonFieldsDto>> {
  const [common, own] = split(body);
  const fixed: FieldIssue[] = ['name', 'type']
    .filter((field) => field in common)
    .map((field) => ({ field, messages: [`${field} cannot change; create another source`] }));
  delete common.name;
  delete common.type;
  const givesTyped = Object.keys(own).length > 0;
  const [commonChecked, typed] = await Promise.all([
    checked(ToolSourceCommonFieldsDto, common),
    givesTyped ? checked(sourceType.dto, { ...own, type: sourceType.type }) : undefined,
  ]);
  failOn([...fixed, ...commonChecked.issues, ...(typed?.issues ?? [])]);
  return { common: commonChecked.value, ...(typed && { typed: typed.value }) };
}

function split(body: Record<string, unknown>): [Record<string, unknown>, Record<string, unknown>] {
  const common: Record<string, unknown> = {};
  const own: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    (COMMON_FIELDS.has(field) ? common : own)[field] = value;
  }
  return [common, own];
}

async function checked<T extends object>(
  dto: Type<T>,
  plain: Record<string, unknown>,
): Promise<{ value: T; issues: FieldIssue[] }> {
  const value = plainToInstance(dto, plain);
  const errors = await validate(value, { whitelist: true, forbidNonWhitelisted: true });
  return { value, issues: fieldIssuesOf(errors) };
}

function failOn(issues: FieldIssue[]): void {
  if (issues.length > 0) throw new ValidationFailedError(issues);
}
