import { isStructuredYaml } from './structured-yaml';

const yaml = (...lines: string[]) => lines.join('\n');

describe('isStructuredYaml', () => {
  it.each([
    ['a mapping', yaml('name: toolhub', 'version: 1.2.0')],
    ['a sequence', yaml('- apples', '- pears')],
    ['quoted keys and values', yaml('"full name": "Ada Lovelace"', "'born': '1815'")],
    ['a nested mapping', yaml('server:', '  host: localhost', '  port: 8080')],
    ['a one-entry mapping nested under one key', yaml('user:', '  name: ada')],
    ['a sequence of mappings', yaml('- name: a', '  size: 1', '- name: b', '  size: 2')],
    ['a sequence at its key’s indent', yaml('tags:', '- a', '- b', 'owner: me')],
    ['flow values and comments', yaml('# settings', 'ports: [80, 443]  # web', 'env: {a: 1}')],
    ['a block scalar', yaml('script: |', '  echo "a: b"', '  - not an item', 'shell: bash')],
    ['a null value', yaml('a:', 'b: 2')],
    ['keys with dots, slashes and dashes', yaml('app.kubernetes.io/name: x', 'max-size: 1')],
    ['a `---` start with one entry', yaml('---', 'name: x')],
    ['several documents', yaml('---', 'a: 1', '---', 'b: 2', '...')],
    ['CRLF line ends', 'a: 1\r\nb: 2\r\n'],
    ['URLs as values', yaml('home: https://example.com/a', 'docs: http://x.y/z#top')],
    ['an empty sequence item with a nested mapping', yaml('-', '  a: 1', '- b')],
    ['capitalised keys with a nested block', yaml('Server:', '  Host: localhost', 'Port: 80')],
    ['capitalised keys after `---`', yaml('---', 'Name: x', 'Size: 1')],
    ['capitalised keys beside a lowercase one', yaml('Name: x', 'size: 1')],
  ])('recognises %s', (_name, text) => {
    expect(isStructuredYaml(text)).toBe(true);
  });

  it.each([
    ['a single entry', 'Note: call me later'],
    ['an error message', 'Error: the database is unreachable'],
    ['prose', 'Hello, world\nSecond line, here'],
    ['arithmetic', '3 * 4 = 12'],
    ['keys with spaces', yaml('Step 1: open', 'Step 2: close')],
    ['a bare line among entries', yaml('a: 1', 'just some text', 'b: 2')],
    ['a mapping value in a value', yaml('a: b: c', 'd: e')],
    ['a sequence in a value', yaml('a: - b', 'c: d')],
    ['`key:value` without a space', yaml('a:1', 'b:2')],
    ['an unclosed quote', yaml('a: "open', 'b: 2')],
    ['text after a closing quote', yaml('a: "x" y', 'b: 2')],
    ['an unclosed flow collection', yaml('a: [1, 2', 'b: 3')],
    ['a Markdown link after a flow', yaml('- [docs](https://x.y)', '- [api](https://x.y)')],
    ['aliases and tags', yaml('a: *ref', 'b: !tag x')],
    ['Markdown emphasis in items', yaml('- **bold** move', '- second')],
    ['a mapping key after a sequence item at one indent', yaml('- a', 'b: 1')],
    ['a line less indented than the document', yaml('  a: 1', '  b: 2', 'c: 3')],
    ['an indent matching no open block', yaml('a:', '    b: 1', '  c: 2')],
    ['tab indentation', yaml('a:', '\tb: 1')],
    ['nested sequences on one line', yaml('- - a', '- - b')],
    ['a multi-line plain scalar', yaml('a: one', '  two', 'b: 3')],
    ['a bad block scalar header', yaml('a: |x', '  text', 'b: 1')],
    ['a Markdown heading over a list', yaml('# Todo', '- milk', '- bread')],
    ['`---` with no entry', yaml('---', '# nothing')],
    ['`---` before prose', yaml('---', 'Hello there')],
    [
      'labelled lines of an error',
      yaml('Error: the database is unreachable', 'Cause: connection timed out', 'Hint: retry'),
    ],
    ['a warning with a figure', yaml('Warning: disk almost full', 'Usage: 95%')],
    ['a test summary', yaml('Total: 5', 'Failed: 0', 'Passed: 5')],
    ['nothing', ''],
  ])('refuses %s', (_name, text) => {
    expect(isStructuredYaml(text)).toBe(false);
  });
});
