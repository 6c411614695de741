import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, IsUrl, MaxLength, MinLength } from 'class-validator';
import { Omittable } from '../../../core/validation/omittable.decorator';
import { IsPermittedToolUrl, IsUrlWithoutCredentials } from '../../outbound/tool-url.decorators';
import { IsOptionalHeaders } from '../endpoint/is-header-record.decorator';

/** An `a2a` tool: calls send a message to a remote Agent2Agent agent and answer with its reply. */
export class A2aImplementationDto {
  @ApiProperty({ enum: ['a2a'], example: 'a2a' })
  @IsIn(['a2a'])
  type!: 'a2a';

  /**
   * The remote agent's card (usually `<base>/.well-known/agent-card.json`): not a loopback,
   * private or other non-public address unless `TOOL_URL_ALLOW` allows it, and without
   * credentials (use `secret_headers`).
   * @example "https://agents.example.com/.well-known/agent-card.json"
   */
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })
  @IsUrlWithoutCredentials()
  @IsPermittedToolUrl()
  agent_card_url!: string;

  /** Headers sent with every request to the agent, card included. @example {"X-Client": "toolhub"} */
  @IsOptionalHeaders()
  headers?: Record<string, string>;

  /**
   * Headers whose values are secret (the remote's credentials): write-only, the API returns only
   * their names. @example {"Authorization": "Bearer sk-..."}
   */
  @IsOptionalHeaders()
  secret_headers?: Record<string, string>;

  /**
   * The id of the card's skill to ask for: each call checks the card has it, and names it in the
   * message's metadata (`skill`). @example "summarize"
   */
  @Omittable()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  skill?: string;
}
