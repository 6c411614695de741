import { ApiProperty } from '@nestjs/swagger';

/** A served tool as discovery lists it. */
export class ToolDescriptorDto {
  /** Identifier used in `POST /api/tools/{toolName}`; equal to `name`. */
  @ApiProperty({ example: 'encodePlantUML' })
  id!: string;

  @ApiProperty({ example: 'encodePlantUML' })
  name!: string;

  @ApiProperty({
    example: 'Encodes PlantUML diagram code into a shareable URL for viewing on plantuml.com',
  })
  description!: string;

  /** JSON Schema of the tool's input object. */
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: {
      type: 'object',
      properties: {
        plantumlCode: {
          type: 'string',
          description:
            'Valid PlantUML diagram code (must start with @startuml and end with @enduml)',
        },
      },
      required: ['plantumlCode'],
    },
  })
  inputSchema!: Record<string, unknown>;
}

/** The answer of `GET /api/tools`: every tool served. */
export class ToolListDto {
  @ApiProperty({ type: [ToolDescriptorDto] })
  tools!: ToolDescriptorDto[];
}
