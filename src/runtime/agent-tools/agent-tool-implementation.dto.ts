import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsUUID } from 'class-validator';

/** An `agent` tool: calls of the tool run the agent and answer with its final text. */
export class AgentToolImplementationDto {
  @ApiProperty({ enum: ['agent'], example: 'agent' })
  @IsIn(['agent'])
  type!: 'agent';

  /** The agent the tool runs. @example "6b1f0c2e-3d4a-4b5c-8d9e-0f1a2b3c4d5e" */
  @IsUUID()
  agent_id!: string;
}
