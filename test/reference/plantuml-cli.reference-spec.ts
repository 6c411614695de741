// Reference suite (CI only; needs `apt-get install --no-install-recommends plantuml`, which brings
// `java` (default-jre-headless) but not `javac`: also install `default-jdk-headless`).
// 1. Debian's PlantUML CLI decodes our output back to the exact diagram source.
// 2. Differential test: our encoder vs Java's Deflater(9, true) + PlantUML's AsciiEncoder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodePlantUmlText } from '../../src/tools/builtin/plantuml/plantuml-text-encoding';

const TIMEOUT = 120_000;

// Java's stdout charset follows the locale (LANG=C turns non-ASCII into '?'); force UTF-8.
const javaEnv = {
  ...process.env,
  JAVA_TOOL_OPTIONS: [process.env.JAVA_TOOL_OPTIONS, '-Dfile.encoding=UTF-8']
    .filter(Boolean)
    .join(' '),
};

/**
 * `plantuml -decodeurl X` prints `@startuml\n` + decoded + `\n@enduml\n`, and the decoded text is
 * normalised by PlantUML's ArobaseStringCompressor: whitespace around the body and any
 * @startuml/@enduml lines are dropped, then it is rewrapped as `@startuml\n<body>\n@enduml`.
 * So a canonical `@startuml\n<trimmed body>\n@enduml` source comes back exactly, wrapped once more.
 * PlantUML 1.2020.2 (Debian 12) also reads a leading '0' as Brotli. Deflate yields a leading '0'
 * when zlib picks a stored block first: empty input or short, poorly compressible (e.g. mostly
 * non-ASCII) text. That is PlantUML's own limitation (its encoder emits the same string).
 */
function decodeWithPlantUmlCli(encoded: string): string {
  return execFileSync('plantuml', ['-decodeurl', encoded], {
    encoding: 'utf8',
    env: javaEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
}

const diagrams: Array<[string, string]> = [
  ['sequence', '@startuml\nBob -> Alice : hello\n@enduml'],
  [
    'component',
    '@startuml\npackage "Front End" {\n  [Web UI] as ui\n}\nui --> [Gateway] : HTTPS\n[Gateway] --> [Orders]\n@enduml',
  ],
  [
    'state',
    '@startuml\n[*] --> Idle\nIdle --> Running : start\nstate Running {\n  [*] --> Warmup\n}\nRunning --> [*]\n@enduml',
  ],
  [
    'deployment',
    '@startuml\nnode "k8s" {\n  node api\n}\ndatabase RDS\nqueue SQS\napi --> RDS\napi --> SQS\n@enduml',
  ],
  [
    'activity',
    '@startuml\nstart\n:read;\nif (ok?) then (yes)\n  :emit;\nelse (no)\n  :error;\nendif\nstop\n@enduml',
  ],
  [
    'unicode',
    '@startuml\n사용자 -> 서버 : 로그인 😀 👩‍💻\n서버 --> 사용자 : 환영합니다 😀\n' +
      'Cafe\u0301 --> Zoë : привет 你好\nZoë --> Cafe\u0301 : привет\n@enduml',
  ],
];

describe('PlantUML CLI (-decodeurl) decodes our encoding', () => {
  test.each(diagrams)(
    '%s',
    (_, text) => {
      const encoded = encodePlantUmlText(text);
      // Precondition, see decodeWithPlantUmlCli: a stored (uncompressed) first deflate block
      // encodes to a leading '0', which this PlantUML version misreads as Brotli.
      expect(encoded[0]).not.toBe('0');
      expect(decodeWithPlantUmlCli(encoded)).toBe(`@startuml\n${text}\n@enduml\n`);
    },
    TIMEOUT,
  );
});

// PlantUML's CompressionZlib + AsciiEncoder, fed length-prefixed UTF-8 inputs on stdin.
const JAVA_SOURCE = `
import java.io.*;
import java.util.zip.Deflater;

public class PlantUmlEncode {
  static byte[] compress(byte[] in) {
    for (int len = Math.max(1000, in.length * 2); ; len *= 2) {
      Deflater d = new Deflater(9, true);
      d.setInput(in);
      d.finish();
      byte[] out = new byte[len];
      int n = d.deflate(out);
      boolean done = d.finished();
      d.end();
      if (done) return java.util.Arrays.copyOf(out, n);
    }
  }
  static char encode6bit(int b) {
    return "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_".charAt(b & 0x3F);
  }
  static String ascii(byte[] d) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < d.length; i += 3) {
      int b1 = d[i] & 0xFF, b2 = i + 1 < d.length ? d[i + 1] & 0xFF : 0, b3 = i + 2 < d.length ? d[i + 2] & 0xFF : 0;
      sb.append(encode6bit(b1 >> 2)).append(encode6bit(((b1 & 0x3) << 4) | (b2 >> 4)))
        .append(encode6bit(((b2 & 0xF) << 2) | (b3 >> 6))).append(encode6bit(b3));
    }
    return sb.toString();
  }
  public static void main(String[] args) throws IOException {
    DataInputStream in = new DataInputStream(new BufferedInputStream(System.in));
    PrintStream out = new PrintStream(new BufferedOutputStream(System.out), false, "US-ASCII");
    for (int n; (n = readLength(in)) >= 0; ) {
      byte[] b = new byte[n];
      in.readFully(b);
      out.print(ascii(compress(b)));
      out.print('\\n');
    }
    out.flush();
  }
  static int readLength(DataInputStream in) throws IOException {
    try { return in.readInt(); } catch (EOFException e) { return -1; }
  }
}
`;

/** Deterministic 32-bit LCG returning floats in [0, 1). */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}

const PLANTUML_TOKENS = [
  '@startuml\n',
  '@enduml\n',
  'Alice',
  'Bob',
  '"Web App"',
  ' -> ',
  ' --> ',
  ' : ',
  'hello',
  '\n',
  '\n',
  ' ',
  '  ',
  'note left of',
  'end note',
  'alt',
  'else',
  'end',
  '[*]',
  'state',
  '{',
  '}',
  'node',
  'database',
  '#red',
  '**bold**',
  '사용자',
  'é',
  '😀',
  '\t',
  '\r\n',
  '42',
];
const UNICODE_SAMPLES = Array.from(
  'aZ09 ->:\néßжю가힣中文ア😀🎉👩‍💻🇰🇷\u0301\u0308\ufeff\u0000\u{10ffff}',
);
const MODES = ['ascii', 'plantuml', 'unicode', 'any-code-point', 'repetitive'] as const;

/** One random code point, never a surrogate, so the string stays well-formed. */
function anyCodePoint(rand: () => number): string {
  const cp = Math.floor(rand() * (0x110000 - 0x800));
  return String.fromCodePoint(cp < 0xd800 ? cp : cp + 0x800);
}

function randomInput(
  rand: () => number,
  targetBytes: number,
  mode: (typeof MODES)[number],
): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const next: () => string =
    mode === 'ascii'
      ? () => String.fromCharCode(rand() < 0.05 ? 10 : 32 + Math.floor(rand() * 95))
      : mode === 'plantuml'
        ? () => pick(PLANTUML_TOKENS)
        : mode === 'unicode'
          ? () => pick(UNICODE_SAMPLES)
          : mode === 'any-code-point'
            ? () => anyCodePoint(rand)
            : (() => {
                const unit = Array.from({ length: 1 + Math.floor(rand() * 40) }, () =>
                  pick(UNICODE_SAMPLES),
                ).join('');
                return () => (rand() < 0.02 ? pick(PLANTUML_TOKENS) : unit);
              })();
  let text = '';
  let bytes = 0;
  while (bytes < targetBytes) {
    const piece = next();
    text += piece;
    bytes += Buffer.byteLength(piece, 'utf8');
  }
  return text;
}

describe("our encoder vs Java's Deflater(9, true) + AsciiEncoder", () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'plantuml-java-'));
    writeFileSync(join(dir, 'PlantUmlEncode.java'), JAVA_SOURCE);
    execFileSync('javac', ['-d', dir, join(dir, 'PlantUmlEncode.java')], { stdio: 'pipe' });
  }, TIMEOUT);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test(
    '200 seeded random inputs (1 B .. 60 KB) encode identically',
    () => {
      const rand = lcg(0x5eed);
      const inputs = Array.from({ length: 200 }, (_, i) => {
        const mode = MODES[i % MODES.length];
        // Log-uniform sizes so small inputs (tail cases) and large ones are both well covered.
        const targetBytes = i < 5 ? i + 1 : Math.round(Math.exp(rand() * Math.log(60_000)));
        return { mode, text: randomInput(rand, targetBytes, mode) };
      });

      const stdin = Buffer.concat(
        inputs.flatMap(({ text }) => {
          const bytes = Buffer.from(text, 'utf8');
          const header = Buffer.alloc(4);
          header.writeInt32BE(bytes.length);
          return [header, bytes];
        }),
      );
      const javaOut = execFileSync('java', ['-cp', dir, 'PlantUmlEncode'], {
        input: stdin,
        env: javaEnv,
        maxBuffer: 256 * 1024 * 1024,
        stdio: ['pipe', 'pipe', 'pipe'],
        timeout: 100_000,
      })
        .toString('ascii')
        .split('\n');
      expect(javaOut.pop()).toBe('');
      expect(javaOut).toHaveLength(inputs.length);

      // Summaries rather than 60 KB strings when something differs.
      const mismatches = inputs.flatMap(({ mode, text }, i) => {
        const ours = encodePlantUmlText(text);
        if (ours === javaOut[i]) return [];
        let at = 0;
        while (ours[at] === javaOut[i][at]) at++;
        return [{ i, mode, utf8Bytes: Buffer.byteLength(text), firstDiffAt: at }];
      });
      expect(mismatches).toEqual([]);
      expect(Math.max(...inputs.map(({ text }) => Buffer.byteLength(text)))).toBeGreaterThan(
        30_000,
      );
    },
    TIMEOUT,
  );
});
