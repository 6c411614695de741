import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const SCRIPT = join(__dirname, '..', 'scripts', 'check-layers.js');

function check(src?: string) {
  const result = spawnSync(process.execPath, src ? [SCRIPT, src] : [SCRIPT], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe('the layering check', () => {
  let src: string;
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(src, file)), { recursive: true });
    writeFileSync(join(src, file), text);
  };

  beforeEach(() => {
    src = mkdtempSync(join(tmpdir(), 'toolhub-layers-'));
    write('core/errors.ts', 'export const x = 1;\n');
    write('tools/tool.ts', "import { x } from '../core/errors';\nexport const y = x;\n");
  });
  afterEach(() => rmSync(src, { recursive: true, force: true }));

  it('passes on this repository', () => {
    expect(check()).toMatchObject({ status: 0 });
  });

  it('passes imports that point down', () => {
    expect(check(src)).toMatchObject({ status: 0 });
  });

  it('names a file that imports a higher layer, with the line and the rule', () => {
    write('core/uses-tools.ts', "\nimport { y } from '../tools/tool';\nexport const z = y;\n");
    const { status, output } = check(src);
    expect(status).toBe(1);
    expect(output).toContain(
      "src/core/uses-tools.ts:2 imports '../tools/tool': core may not import tools",
    );
  });

  it('refuses a folder with no place in the order, and a dynamic import that points up', () => {
    write('widgets/widget.ts', 'export const w = 1;\n');
    write('database/lazy.ts', "export const load = () => import('../registry/x');\n");
    const { status, output } = check(src);
    expect(status).toBe(1);
    expect(output).toContain("the folder 'widgets' has no place in LAYERS");
    expect(output).toContain('database may not import registry');
  });

  it('lets the conformance fixtures be loaded with import() only', () => {
    write(
      'mcp/conformance/fixture.ts',
      "import { y } from '../../tools/tool';\nexport const f = y;\n",
    );
    write('mcp/conformance/server.ts', "import { f } from './fixture';\nexport const s = f;\n");
    write('mcp/loader.ts', "export const load = () => import('./conformance/server');\n");
    expect(check(src)).toMatchObject({ status: 0 });

    write('mcp/endpoint.ts', "import { s } from './conformance/server';\nexport const e = s;\n");
    const { status, output } = check(src);
    expect(status).toBe(1);
    expect(output).toContain(
      "src/mcp/endpoint.ts:1 imports './conformance/server': src/mcp/conformance is loaded on demand only",
    );
  });

  it('lets a spec assemble higher layers', () => {
    write('core/errors.spec.ts', "import { y } from '../tools/tool';\ntest('y', () => y);\n");
    expect(check(src)).toMatchObject({ status: 0 });
  });
});
