import { classifyText, jsonSummary } from './classify-text';

describe('classifyText', () => {
  it('takes a JSON object for JSON and summarises its keys', () => {
    expect(classifyText('  {"b": 1, "a": [1, 2]}\n')).toEqual({
      mimeType: 'application/json',
      extension: 'json',
      metadata: { json: { type: 'object', keys: ['b', 'a'], key_count: 2 } },
    });
  });

  it('takes a JSON array for JSON and gives its length', () => {
    expect(classifyText('[1, {"a": 2}, 3]')).toEqual({
      mimeType: 'application/json',
      extension: 'json',
      metadata: { json: { type: 'array', length: 3 } },
    });
  });

  it.each([['42'], ['"a string"'], ['true'], ['null'], ['{"broken": }']])(
    'does not take %p for JSON',
    (text) => {
      expect(classifyText(text).mimeType).toBe('text/plain');
    },
  );

  it('takes a table for CSV with its rows, columns and headers', () => {
    expect(classifyText('id,name\n1,Ada\n2,Alan\n')).toEqual({
      mimeType: 'text/csv',
      extension: 'csv',
      metadata: { csv: { delimiter: ',', headers: ['id', 'name'], rows: 2, columns: 2 } },
    });
  });

  it('takes structured YAML for YAML', () => {
    expect(classifyText('name: toolhub\nport: 8080\n')).toEqual({
      mimeType: 'application/x-yaml',
      extension: 'yaml',
      metadata: {},
    });
  });

  it('takes clear Markdown for Markdown', () => {
    expect(classifyText('# Report\n\nAll **green**.')).toEqual({
      mimeType: 'text/markdown',
      extension: 'md',
      metadata: {},
    });
  });

  it.each([
    ['Error: the database is unreachable'],
    ['Hello, world\nSecond line, here'],
    ['3 * 4 = 12'],
    ['Note: call me later'],
    ['The quick brown fox.'],
    [''],
  ])('keeps prose %p plain', (text) => {
    expect(classifyText(text)).toEqual({ mimeType: 'text/plain', extension: 'txt', metadata: {} });
  });

  it('checks JSON before CSV and CSV before YAML', () => {
    expect(classifyText('[\n"a,b",\n"1,2",\n"3,4"\n]').extension).toBe('json');
    expect(classifyText('a: 1,b: 2\nc: 3,d: 4\ne: 5,f: 6').extension).toBe('csv');
  });

  it('checks YAML before Markdown', () => {
    expect(classifyText('title: "# not a heading"\nlink: "[a](b)"').extension).toBe('yaml');
  });
});

describe('jsonSummary', () => {
  it('lists at most 50 keys and counts them all', () => {
    const value = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i]));
    const summary = jsonSummary(value) as { json: { keys: string[]; key_count: number } };
    expect(summary.json.keys).toHaveLength(50);
    expect(summary.json.keys[49]).toBe('k49');
    expect(summary.json.key_count).toBe(60);
  });
});
