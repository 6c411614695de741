import { isMarkdown } from './markdown-text';

const md = (...lines: string[]) => lines.join('\n');

describe('isMarkdown', () => {
  it.each([
    ['an ATX heading', md('# Results', 'All good.')],
    ['a deeper heading', '### Step 2'],
    ['a fenced code block', md('Run:', '```bash', 'npm test', '```')],
    ['a tilde fence', md('~~~~', 'x', '~~~~~')],
    ['a table', md('| name | age |', '|------|:---:|', '| Ada | 36 |')],
    ['a table without outer pipes', md('a | b', '--- | ---', '1 | 2')],
    ['a link', 'See [the docs](https://example.com/docs) for more.'],
    ['an image', '![chart](chart.png)'],
    ['a list with bold', md('**Todo**', '- milk', '- bread')],
    ['a numbered list with inline code', md('1. run `npm ci`', '2. run `npm test`')],
  ])('recognises %s', (_name, text) => {
    expect(isMarkdown(text)).toBe(true);
  });

  it.each([
    ['arithmetic', '3 * 4 = 12'],
    ['a note', 'Note: call me later'],
    ['an error message', 'Error: the database is unreachable'],
    ['prose with commas', 'Hello, world\nSecond line, here'],
    ['a hashtag', '#hashtag and #another'],
    ['a bare list', md('- milk', '- bread')],
    ['a single list item with bold', md('- **milk**', 'and more')],
    ['an unclosed fence', md('```', 'code')],
    ['a shorter closing fence', md('````', 'code', '```')],
    ['a separator row without a row above with pipes', md('plain', '|---|---|')],
    ['a horizontal rule', md('above', '---', 'below')],
    ['brackets that are no link', 'array[0](x y)'],
    ['emphasis without a list', 'this is **very** important'],
  ])('leaves %s as prose', (_name, text) => {
    expect(isMarkdown(text)).toBe(false);
  });
});
