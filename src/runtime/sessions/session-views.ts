import { type SessionDto } from './dto/session.dto';
import { type SessionRow } from './sessions.repository';

export function toSessionDto(row: SessionRow): SessionDto {
  return {
    id: row.id,
    agent_id: row.agent_id,
    title: row.title,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_sequence_number: row.last_sequence_number,
  };
}
