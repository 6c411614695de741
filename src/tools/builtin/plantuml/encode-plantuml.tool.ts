import { Buffer } from 'node:buffer';
import { ToolProvider } from '../../tool-provider.decorator';
import { type ToolHandler } from '../../tool.contract';
import { PlantUmlConfig } from './plantuml.config';
import { CodeTooLargeError, EmptyCodeError, EncodingFailedError } from './plantuml.errors';
import { encodePlantUmlText } from './plantuml-text-encoding';

export interface EncodePlantUmlInput {
  plantumlCode: string;
}

export interface EncodePlantUmlResult {
  url: string;
  encoded: string;
  format: 'svg';
}

const EXAMPLE_ENCODED = 'SoWkIImgAStDuNBAJrBGjLDmpCbCJbMmKiX8pSd9vt98pKi1IW80';

@ToolProvider({
  name: 'encodePlantUML',
  description: 'Encodes PlantUML diagram code into a shareable URL for viewing on plantuml.com',
  inputSchema: {
    type: 'object',
    properties: {
      plantumlCode: {
        type: 'string',
        description: 'Valid PlantUML diagram code (must start with @startuml and end with @enduml)',
      },
    },
    required: ['plantumlCode'],
  },
  outputSchema: {
    type: 'object',
    properties: {
      url: { type: 'string', description: 'Link that renders the diagram as SVG' },
      encoded: { type: 'string', description: "The diagram in PlantUML's URL encoding" },
      format: { type: 'string', enum: ['svg'] },
    },
    required: ['url', 'encoded', 'format'],
  },
  annotations: {
    title: 'Encode PlantUML diagram',
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  example: {
    input: { plantumlCode: '@startuml\nBob -> Alice : hello\n@enduml' },
    output: {
      url: `https://www.plantuml.com/plantuml/svg/${EXAMPLE_ENCODED}`,
      encoded: EXAMPLE_ENCODED,
      format: 'svg',
    },
  },
  errors: [new EmptyCodeError(), new CodeTooLargeError(50 * 1024), new EncodingFailedError()],
})
export class EncodePlantUmlTool implements ToolHandler<EncodePlantUmlInput, EncodePlantUmlResult> {
  private readonly svgBaseUrl: string;

  constructor(private readonly config: PlantUmlConfig) {
    this.svgBaseUrl = `${config.PLANTUML_SERVER_URL.replace(/\/+$/, '')}/svg/`;
  }

  execute({ plantumlCode }: EncodePlantUmlInput): EncodePlantUmlResult {
    // Checks in a fixed order: empty, size, then valid Unicode (blank and too large is EMPTY_CODE).
    if (plantumlCode.trim() === '') throw new EmptyCodeError();
    if (Buffer.byteLength(plantumlCode, 'utf8') > this.config.MAX_CODE_BYTES) {
      throw new CodeTooLargeError(this.config.MAX_CODE_BYTES);
    }
    // A lone surrogate (e.g. JSON "\ud800") has no UTF-8 form; encoding it would silently
    // substitute U+FFFD and link to a different diagram than the one sent.
    if (!plantumlCode.isWellFormed()) throw new EncodingFailedError();
    let encoded: string;
    try {
      encoded = encodePlantUmlText(plantumlCode);
    } catch {
      throw new EncodingFailedError();
    }
    return { url: this.svgBaseUrl + encoded, encoded, format: 'svg' };
  }

  /** A missing, null or non-string `plantumlCode` is EMPTY_CODE, like an empty one. */
  rejectInput(): EmptyCodeError {
    return new EmptyCodeError();
  }
}
