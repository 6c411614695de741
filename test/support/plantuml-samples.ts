/** Realistic diagrams of five kinds, as an agent encodes them one after another. */
export const DIAGRAMS = {
  fsm: '@startuml\n[*] --> Idle\nIdle --> Running : start\nRunning --> Idle : stop\nRunning --> [*]\n@enduml',
  sequence: '@startuml\nAlice -> Bob : request\nBob --> Alice : response\n@enduml',
  component: '@startuml\n[API] --> [Encoder]\n[Encoder] --> [Deflate]\n@enduml',
  state: '@startuml\nstate Draft\nstate Published\nDraft --> Published : publish\n@enduml',
  deployment: '@startuml\nnode Server\ndatabase DB\nServer --> DB\n@enduml',
} as const;

export const SEED_DIAGRAM =
  '@startuml\nactor Writer1\nactor Writer2\nrectangle "Front Buffer" as Front\nWriter1 --> Front\nWriter2 --> Front\n@enduml';

/** A diagram of exactly `bytes` UTF-8 bytes (ASCII only). */
export function diagramOfSize(bytes: number): string {
  const head = '@startuml\n';
  const tail = '\n@enduml';
  return head + 'A'.repeat(bytes - head.length - tail.length) + tail;
}
