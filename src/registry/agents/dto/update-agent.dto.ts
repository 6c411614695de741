import { PartialType } from '@nestjs/swagger';
import { CreateAgentDto } from './create-agent.dto';

/**
 * Any subset of an agent's fields; `null` is refused rather than taken as "unset". A given
 * `model_config` replaces the whole config, a given `tool_ids` the whole list.
 */
export class UpdateAgentDto extends PartialType(CreateAgentDto, { skipNullProperties: false }) {}
