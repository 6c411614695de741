import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsString } from 'class-validator';

/** Most tools one agent may list. */
export const MAX_AGENT_TOOLS = 128;

/**
 * A list of tool ids: strings, each once (ignoring case, as UUIDs do), at most
 * `MAX_AGENT_TOOLS`. Whether they name tools is the service's check (400, not 422).
 */
export function IsToolIdList(): PropertyDecorator {
  return applyDecorators(
    // The Swagger plugin only sees validators applied directly: document the limits here.
    ApiProperty({ maxItems: MAX_AGENT_TOOLS, uniqueItems: true }),
    IsArray(),
    ArrayMaxSize(MAX_AGENT_TOOLS),
    IsString({ each: true }),
    ArrayUnique((id: unknown) => (typeof id === 'string' ? id.toLowerCase() : id), {
      message: '$property must not list a tool twice',
    }),
  );
}
