import { PartialType } from '@nestjs/swagger';
import { CreateToolDto } from './create-tool.dto';

/** Any subset of a tool's fields; `null` is refused rather than taken as "unset". */
export class UpdateToolDto extends PartialType(CreateToolDto, { skipNullProperties: false }) {}
