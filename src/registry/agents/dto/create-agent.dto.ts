import { Type } from 'class-transformer';
import { IsObject, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { Omittable } from '../../../core/validation/omittable.decorator';
import {
  IsResourceDescription,
  IsResourceName,
} from '../../../core/api/resource-fields.decorators';
import { AgentA2aDto } from './agent-a2a.dto';
import { ModelConfigDto } from './model-config.dto';
import { IsToolIdList, type ToolIdItem } from './tool-ids.decorator';

export class CreateAgentDto {
  /** Unique among agents. @example "buy_signal_analyzer" */
  @IsResourceName()
  name!: string;

  /** @example "Finds buy signals in recent stock prices" */
  @IsResourceDescription()
  description?: string;

  /** @example "You are a buy-signal analyst..." */
  @IsString()
  @Matches(/\S/, { message: '$property must not be blank' })
  @MaxLength(100_000)
  system_prompt!: string;

  @IsObject()
  @ValidateNested()
  @Type(() => ModelConfigDto)
  model_config!: ModelConfigDto;

  /**
   * Ids of the tools the agent may call, in the order it lists them; each must be a
   * registered tool. @example ["3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10"]
   */
  @Omittable()
  @IsToolIdList()
  tool_ids?: ToolIdItem[];

  /** Off when left out. */
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => AgentA2aDto)
  a2a?: AgentA2aDto;
}
