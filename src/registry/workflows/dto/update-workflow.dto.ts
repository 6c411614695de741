import { PartialType } from '@nestjs/swagger';
import { CreateWorkflowDto } from './create-workflow.dto';

/** Any subset of a workflow's fields; `null` is refused; given `steps` replace them all. */
export class UpdateWorkflowDto extends PartialType(CreateWorkflowDto, {
  skipNullProperties: false,
}) {}
