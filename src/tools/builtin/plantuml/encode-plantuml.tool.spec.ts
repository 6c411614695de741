import 'reflect-metadata';
// An independent decoder: proves the encoded text is the diagram that was sent.
import { decode } from 'plantuml-encoder';
import { DomainError } from '../../../core/errors';
import { type ToolDefinition } from '../../tool.contract';
import { ToolProvider } from '../../tool-provider.decorator';
import { EncodePlantUmlTool } from './encode-plantuml.tool';
import { PlantUmlConfig } from './plantuml.config';
import { CodeTooLargeError, EmptyCodeError, EncodingFailedError } from './plantuml.errors';

const SPEC_DIAGRAM = '@startuml\nBob -> Alice : hello\n@enduml';
const SPEC_ENCODED = 'SoWkIImgAStDuNBAJrBGjLDmpCbCJbMmKiX8pSd9vt98pKi1IW80';
const DEFAULT_LIMIT = 50 * 1024;

function toolWith(overrides: Partial<PlantUmlConfig> = {}): EncodePlantUmlTool {
  const config = new PlantUmlConfig();
  Object.assign(config, overrides);
  return new EncodePlantUmlTool(config);
}

function failureOf(tool: EncodePlantUmlTool, plantumlCode: string): DomainError {
  try {
    tool.execute({ plantumlCode });
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('execute did not throw');
}

describe('EncodePlantUmlTool', () => {
  describe('encoding', () => {
    it('encodes the spec diagram to the default plantuml.com SVG link', () => {
      expect(toolWith().execute({ plantumlCode: SPEC_DIAGRAM })).toEqual({
        url: `https://www.plantuml.com/plantuml/svg/${SPEC_ENCODED}`,
        encoded: SPEC_ENCODED,
        format: 'svg',
      });
    });

    it('encodes multi-byte text (Korean, emoji) so it decodes back exactly', () => {
      const code = '@startuml\n사용자 -> 서버 : 요청 🚀\n@enduml';
      const { encoded } = toolWith().execute({ plantumlCode: code });
      expect(decode(encoded)).toBe(code);
    });

    it('keeps surrounding whitespace as part of the diagram', () => {
      const code = `  \n${SPEC_DIAGRAM}\n\n`;
      expect(decode(toolWith().execute({ plantumlCode: code }).encoded)).toBe(code);
    });

    it.each([
      ['without a trailing slash', 'http://plantuml.internal:8080/plantuml'],
      ['with a trailing slash', 'http://plantuml.internal:8080/plantuml/'],
      ['with several trailing slashes', 'http://plantuml.internal:8080/plantuml///'],
    ])('builds <base>/svg/<encoded> from PLANTUML_SERVER_URL %s', (_name, base) => {
      const result = toolWith({ PLANTUML_SERVER_URL: base }).execute({
        plantumlCode: SPEC_DIAGRAM,
      });
      expect(result.url).toBe(`http://plantuml.internal:8080/plantuml/svg/${SPEC_ENCODED}`);
      expect(result.encoded).toBe(SPEC_ENCODED);
    });

    it('produces the output its own definition documents as the example', () => {
      const definition = Reflect.getMetadata(
        ToolProvider.KEY,
        EncodePlantUmlTool,
      ) as ToolDefinition;
      expect(definition.name).toBe('encodePlantUML');
      expect(definition.example).toBeDefined();
      const input = definition.example?.input as { plantumlCode: string };
      expect(toolWith().execute(input)).toEqual(definition.example?.output);
    });

    it('documents exactly the error codes it can throw', () => {
      const definition = Reflect.getMetadata(
        ToolProvider.KEY,
        EncodePlantUmlTool,
      ) as ToolDefinition;
      expect(definition.errors?.map((e) => [e.code, e.status])).toEqual([
        ['EMPTY_CODE', 400],
        ['CODE_TOO_LARGE', 413],
        ['ENCODING_FAILED', 500],
      ]);
    });
  });

  describe('empty code', () => {
    it.each([
      ['an empty string', ''],
      ['spaces', '   '],
      ['mixed whitespace', ' \n\t\r\n '],
      ['non-breaking and ideographic spaces', '\u00a0\u3000'],
    ])('rejects %s with EMPTY_CODE (400)', (_name, code) => {
      const error = failureOf(toolWith(), code);
      expect(error).toBeInstanceOf(EmptyCodeError);
      expect(error.code).toBe('EMPTY_CODE');
      expect(error.status).toBe(400);
      expect(error.message).toBe('plantumlCode is required and cannot be empty');
    });

    it('returns EMPTY_CODE from rejectInput (missing, null or non-string code)', () => {
      const error = toolWith().rejectInput();
      expect(error).toBeInstanceOf(EmptyCodeError);
      expect(error.code).toBe('EMPTY_CODE');
      expect(error.status).toBe(400);
      expect(error.message).toBe('plantumlCode is required and cannot be empty');
    });
  });

  describe('size limit', () => {
    it('accepts exactly 50KB (51,200 bytes) of ASCII', () => {
      const code = 'A'.repeat(DEFAULT_LIMIT);
      expect(decode(toolWith().execute({ plantumlCode: code }).encoded)).toBe(code);
    });

    it('rejects 51,201 bytes of ASCII with CODE_TOO_LARGE (413) and its exact message', () => {
      const error = failureOf(toolWith(), 'A'.repeat(DEFAULT_LIMIT + 1));
      expect(error).toBeInstanceOf(CodeTooLargeError);
      expect(error.code).toBe('CODE_TOO_LARGE');
      expect(error.status).toBe(413);
      expect(error.message).toBe('PlantUML code exceeds maximum size of 50KB');
    });

    it('counts UTF-8 bytes, not characters: 17,067 × "가" (51,201 bytes) is too large', () => {
      const code = '가'.repeat(17_067);
      expect(code.length).toBeLessThan(DEFAULT_LIMIT);
      expect(Buffer.byteLength(code)).toBe(51_201);
      expect(failureOf(toolWith(), code).code).toBe('CODE_TOO_LARGE');
    });

    it('accepts 17,066 × "가" (51,198 bytes)', () => {
      const code = '가'.repeat(17_066);
      expect(Buffer.byteLength(code)).toBe(51_198);
      expect(decode(toolWith().execute({ plantumlCode: code }).encoded)).toBe(code);
    });

    it('counts an emoji as its 4 UTF-8 bytes', () => {
      const tool = toolWith({ MAX_CODE_BYTES: 8 });
      expect(tool.execute({ plantumlCode: '👍👍' }).format).toBe('svg');
      expect(failureOf(tool, '👍👍a').code).toBe('CODE_TOO_LARGE');
    });

    it('states a limit that is not a whole number of KB in bytes', () => {
      const tool = toolWith({ MAX_CODE_BYTES: 1000 });
      expect(tool.execute({ plantumlCode: 'x'.repeat(1000) }).format).toBe('svg');
      const error = failureOf(tool, 'x'.repeat(1001));
      expect(error.code).toBe('CODE_TOO_LARGE');
      expect(error.message).toBe('PlantUML code exceeds maximum size of 1000 bytes');
    });

    it('states a limit that is a whole number of KB in KB', () => {
      const tool = toolWith({ MAX_CODE_BYTES: 2048 });
      expect(tool.execute({ plantumlCode: 'x'.repeat(2048) }).format).toBe('svg');
      const error = failureOf(tool, 'x'.repeat(2049));
      expect(error.code).toBe('CODE_TOO_LARGE');
      expect(error.message).toBe('PlantUML code exceeds maximum size of 2KB');
    });
  });

  describe('text with no UTF-8 form', () => {
    it.each([
      ['a lone high surrogate', '@startuml\nA -> B : \ud800\n@enduml'],
      ['a lone low surrogate', '@startuml\nA -> B : \udc00\n@enduml'],
      ['a low surrogate before a high one', '\udc00\ud800'],
      ['a high surrogate at the very end', `${SPEC_DIAGRAM}\ud83d`],
      ['a surrogate-escaped invalid byte from the JSON body parser', 'x\udcffy'],
    ])('rejects %s with ENCODING_FAILED (500)', (_name, code) => {
      const error = failureOf(toolWith(), code);
      expect(error).toBeInstanceOf(EncodingFailedError);
      expect(error.code).toBe('ENCODING_FAILED');
      expect(error.status).toBe(500);
      expect(error.message).toBe('Failed to encode PlantUML code');
    });

    it('accepts a properly paired surrogate (an astral character)', () => {
      const code = '\ud83d\ude80';
      expect(decode(toolWith().execute({ plantumlCode: code }).encoded)).toBe('🚀');
    });
  });

  describe('validation order: empty, then size, then encoding', () => {
    it('reports a 60KB whitespace-only string as EMPTY_CODE, not CODE_TOO_LARGE', () => {
      const code = ' \n\t '.repeat((60 * 1024) / 4);
      expect(Buffer.byteLength(code)).toBe(60 * 1024);
      expect(failureOf(toolWith(), code).code).toBe('EMPTY_CODE');
    });

    it('reports a 51,201-byte string with a lone surrogate as CODE_TOO_LARGE, not ENCODING_FAILED', () => {
      // A lone surrogate counts as the 3 bytes of the U+FFFD it would become.
      const code = 'a'.repeat(DEFAULT_LIMIT - 2) + '\ud800';
      expect(Buffer.byteLength(code)).toBe(51_201);
      expect(failureOf(toolWith(), code).code).toBe('CODE_TOO_LARGE');
    });

    it('reports a lone surrogate within the limit as ENCODING_FAILED', () => {
      const code = 'a'.repeat(DEFAULT_LIMIT - 3) + '\ud800';
      expect(Buffer.byteLength(code)).toBe(DEFAULT_LIMIT);
      expect(failureOf(toolWith(), code).code).toBe('ENCODING_FAILED');
    });

    it('reports whitespace plus a lone surrogate as ENCODING_FAILED, since it is not empty', () => {
      expect(failureOf(toolWith(), '  \ud800  ').code).toBe('ENCODING_FAILED');
    });
  });
});
