import { type CatalogTool, ToolCatalog } from './tool-catalog.service';

const tool = (name: string): CatalogTool => ({
  definition: { name, description: name, inputSchema: { type: 'object' } },
  handler: { execute: () => name },
  check: () => [],
});

describe('ToolCatalog scopes', () => {
  let catalog: ToolCatalog;

  beforeEach(() => {
    catalog = new ToolCatalog();
    catalog.replace([
      ['id-b', tool('b_private'), false],
      ['id-a', tool('a_public'), true],
    ]);
  });

  const names = (tools: readonly CatalogTool[]) => tools.map((each) => each.definition.name);

  it('lists the public tools to the public scope and every tool to key holders', () => {
    expect(names(catalog.list('public'))).toEqual(['a_public']);
    expect(names(catalog.list('all'))).toEqual(['a_public', 'b_private']);
  });

  it('finds a private tool for key holders only; agent runs find it by id', () => {
    expect(catalog.find('b_private', 'public')).toBeUndefined();
    expect(catalog.find('b_private', 'all')).toBeDefined();
    expect(catalog.findById('id-b')).toBeDefined();
  });

  it('follows a change of visibility and a rename', () => {
    catalog.set('id-b', tool('b_renamed'), true);
    expect(names(catalog.list('public'))).toEqual(['a_public', 'b_renamed']);
    catalog.set('id-a', tool('a_public'), false);
    expect(names(catalog.list('public'))).toEqual(['b_renamed']);
    catalog.remove('id-b');
    expect(names(catalog.list('public'))).toEqual([]);
    expect(catalog.find('b_renamed', 'all')).toBeUndefined();
  });

  it('keeps run-only tools to the run scope, beside a served tool of the same name', () => {
    const reader = tool('a_public');
    catalog.serveToRuns(reader);
    catalog.serveToRuns(tool('c_reader'));
    expect(names(catalog.list('run'))).toEqual(['a_public', 'c_reader']);
    expect(names(catalog.list('public'))).toEqual(['a_public']);
    expect(names(catalog.list('all'))).toEqual(['a_public', 'b_private']);
    expect(catalog.find('c_reader', 'all')).toBeUndefined();
    expect(catalog.find('a_public', 'run')).toBe(reader);
    expect(catalog.find('a_public', 'all')).not.toBe(reader);
    expect(catalog.find('b_private', 'run')).toBeUndefined();
  });

  it('keeps run-only tools when the registry replaces its tools', () => {
    catalog.serveToRuns(tool('c_reader'));
    catalog.replace([]);
    expect(names(catalog.list('run'))).toEqual(['c_reader']);
    expect(catalog.list('all')).toEqual([]);
  });
});
