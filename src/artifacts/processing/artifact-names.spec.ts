import {
  fileNameFromUri,
  rawName,
  resultName,
  sanitiseFileName,
  structuredName,
  uniqueName,
} from './artifact-names';

const chars = (text: string) => Array.from(text).length;

describe('sanitiseFileName', () => {
  it('keeps an ordinary name', () => {
    expect(sanitiseFileName('report 2024 (final).pdf', 'x')).toBe('report 2024 (final).pdf');
    expect(sanitiseFileName('Grüße 世界.txt', 'x')).toBe('Grüße 世界.txt');
  });

  it('replaces path separators and control characters', () => {
    expect(sanitiseFileName('a/b\\c.txt', 'x')).toBe('a_b_c.txt');
    expect(sanitiseFileName('a\u0000b\nc\u007fd\u0085e.txt', 'x')).toBe('a_b_c_d_e.txt');
  });

  it('leaves no `..`, and no dot or space at either end', () => {
    expect(sanitiseFileName('../../etc/passwd', 'x')).toBe('_._etc_passwd');
    expect(sanitiseFileName('a..b...c.txt', 'x')).toBe('a.b.c.txt');
    expect(sanitiseFileName(' .hidden. ', 'x')).toBe('hidden');
  });

  it.each([[''], ['..'], ['.'], ['   '], [' . . ']])('falls back for %p', (name) => {
    expect(sanitiseFileName(name, 'resource')).toBe('resource');
  });

  it('shortens to 100 characters, keeping the extension', () => {
    const name = sanitiseFileName(`${'a'.repeat(150)}.json`, 'x');
    expect(name).toBe(`${'a'.repeat(95)}.json`);
  });

  it('counts characters, not UTF-16 units, and never ends the stem with a dot', () => {
    const emoji = sanitiseFileName(`${'👋'.repeat(120)}.png`, 'x');
    expect(chars(emoji)).toBe(100);
    expect(emoji.endsWith('👋.png')).toBe(true);
    const dotted = sanitiseFileName(`${'a'.repeat(95)}.b${'c'.repeat(20)}.txt`, 'x');
    expect(dotted).toBe(`${'a'.repeat(95)}.txt`);
  });

  it('shortens a name without an extension plainly', () => {
    expect(sanitiseFileName('x'.repeat(300), 'x')).toBe('x'.repeat(100));
  });
});

describe('fileNameFromUri', () => {
  it.each([
    ['file:///data/reports/q1.csv', 'q1.csv'],
    ['https://example.com/a/b/photo.png?size=large#top', 'photo.png'],
    ['resource://docs/guide/', 'guide'],
    ['memo://insights', 'insights'],
    ['file:///tmp/my%20notes.md', 'my notes.md'],
    ['file:///tmp/a%2Fb.txt', 'a_b.txt'],
    ['file:///tmp/..%2F..%2Fetc%2Fpasswd', '_._etc_passwd'],
    ['file:///tmp/%E0%A4%A', '%E0%A4%A'],
    ['C:\\Users\\me\\report.pdf', 'report.pdf'],
    ['relative/path/data.json', 'data.json'],
    ['file:///tmp/x%00y.txt', 'x_y.txt'],
  ])('names %p %p', (uri, name) => {
    expect(fileNameFromUri(uri)).toBe(name);
  });

  it.each([['file:///'], ['https://example.com/..'], ['file:///a/%2E%2E'], ['']])(
    'falls back to "resource" for %p',
    (uri) => {
      expect(fileNameFromUri(uri)).toBe('resource');
    },
  );

  it('bounds a long segment to 100 characters with its extension', () => {
    const name = fileNameFromUri(`https://x/${'n'.repeat(200)}.parquet`);
    expect(chars(name)).toBe(100);
    expect(name.endsWith('.parquet')).toBe(true);
  });
});

describe('generated names', () => {
  it('names a single item without an index and several with theirs', () => {
    expect(resultName('search', 'txt', 0, 1)).toBe('search_result.txt');
    expect(resultName('search', 'png', 1, 2)).toBe('search_result_1.png');
    expect(resultName('search', 'json', 0, 3)).toBe('search_result_0.json');
  });

  it('sanitises the tool part the same way and bounds it', () => {
    expect(resultName('fs/read..file', 'txt', 0, 1)).toBe('fs_read.file_result.txt');
    expect(resultName('', 'txt', 0, 1)).toBe('tool_result.txt');
    expect(resultName('t'.repeat(200), 'txt', 0, 1)).toBe(`${'t'.repeat(64)}_result.txt`);
    expect(structuredName('a\\b')).toBe('a_b_structured.json');
    expect(rawName('weather')).toBe('weather_raw.json');
  });
});

describe('uniqueName', () => {
  it('numbers a name already taken before its extension', () => {
    const taken = new Set<string>();
    expect(uniqueName('data.json', taken)).toBe('data.json');
    expect(uniqueName('data.json', taken)).toBe('data_2.json');
    expect(uniqueName('data.json', taken)).toBe('data_3.json');
    expect(uniqueName('notes', taken)).toBe('notes');
    expect(uniqueName('notes', taken)).toBe('notes_2');
    expect([...taken]).toEqual(['data.json', 'data_2.json', 'data_3.json', 'notes', 'notes_2']);
  });

  it('stays within 100 characters', () => {
    const long = `${'a'.repeat(95)}.json`;
    const taken = new Set([long]);
    expect(uniqueName(long, taken)).toBe(`${'a'.repeat(93)}_2.json`);
  });
});
