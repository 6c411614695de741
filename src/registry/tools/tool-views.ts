import { type ToolImplementation } from '../../database/schema';
import { type ToolDto } from './dto/tool.dto';
import { type ToolImplementationViewDto } from './dto/tool-implementation.dto';
import { type ToolRow } from './registered-tool-factory';

/**
 * A stored tool as the API shows it: secret header values replaced by their names, and why it
 * is not served if something keeps an active tool from it.
 */
export function toToolDto(row: ToolRow, unavailableReason?: string): ToolDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    parameters: row.parameters,
    implementation: row.implementation ? toImplementationView(row.implementation) : null,
    is_active: row.is_active,
    requires_approval: row.requires_approval,
    public: row.public,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(unavailableReason === undefined ? {} : { unavailable_reason: unavailableReason }),
  };
}

function toImplementationView(implementation: ToolImplementation): ToolImplementationViewDto {
  if (implementation.type === 'builtin') return { type: 'builtin' };
  const { secret_headers, ...shown } = implementation;
  return {
    ...shown,
    url: withoutCredentials(shown.url),
    secret_header_names: Object.keys(secret_headers),
  };
}

/**
 * Registration refuses credentials in a URL, but a tool stored before that rule may hold some
 * (a token as the user name, too): they are never shown.
 */
function withoutCredentials(url: string): string {
  if (!url.includes('@')) return url;
  const parsed = URL.parse(url);
  if (!parsed || (parsed.username === '' && parsed.password === '')) return url;
  parsed.username = '***';
  parsed.password = '';
  return parsed.toString();
}
