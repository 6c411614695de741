import { TemplateError } from './step-template.errors';
import { type TemplateScope, renderTemplate, templateProblems } from './step-templates';

describe('renderTemplate', () => {
  const scope: TemplateScope = {
    input: { market: 'KOSPI', limit: 3, tags: ['a', 'b'], nested: { deep: { value: true } } },
    outputs: [
      { items: [{ symbol: '005930' }, { symbol: '000660' }, 'third'], count: 3 },
      'a plain string output',
      null,
    ],
    keys: new Map([
      ['fetch', 0],
      ['summary', 1],
      ['nothing', 2],
    ]),
  };
  const render = (template: unknown, index = 3) => renderTemplate(template, scope, index);
  const failure = (template: unknown, index = 3): TemplateError => {
    try {
      render(template, index);
    } catch (error) {
      if (error instanceof TemplateError) return error;
      throw error;
    }
    throw new Error(`${JSON.stringify(template)} rendered`);
  };

  test.each([
    ['an object', '{{ input.nested }}', { deep: { value: true } }],
    ['a number', '{{input.limit}}', 3],
    ['an array', '{{ input.tags }}', ['a', 'b']],
    ['a boolean', '{{ input.nested.deep.value }}', true],
    ['null', '{{ steps.2.output }}', null],
    ['a string', '{{ steps.1.output }}', 'a plain string output'],
    ['the whole input', '{{ input }}', scope.input],
  ])('a string that is only a path becomes the value read, type kept: %s', (_k, text, value) => {
    expect(render(text)).toEqual(value);
  });

  test.each([
    ['a number as JSON text', 'limit={{ input.limit }}', 'limit=3'],
    ['an object as JSON text', 'deep: {{ input.nested.deep }}', 'deep: {"value":true}'],
    ['an array as JSON text', 'tags {{ input.tags }}', 'tags ["a","b"]'],
    ['null as JSON text', 'was {{ steps.2.output }}', 'was null'],
    ['a string as is, unquoted', '"{{ input.market }}"', '"KOSPI"'],
    ['two paths', '{{ input.market }}/{{input.limit}}', 'KOSPI/3'],
    ['spaces around a lone path', ' {{ input.limit }} ', ' 3 '],
  ])('other strings get each path as text: %s', (_k, text, rendered) => {
    expect(render(text)).toBe(rendered);
  });

  test('text without a path, and values that are not strings, are kept as they are', () => {
    for (const literal of ['', 'plain text', 'a } and a { and }}', 42, true, null, [], {}]) {
      expect(render(literal)).toEqual(literal);
    }
  });

  test('spaces inside the braces, any amount, are allowed', () => {
    expect(render('{{input.market}}')).toBe('KOSPI');
    expect(render('{{   input.market\t}}')).toBe('KOSPI');
  });

  test('a numeric segment indexes an array, after output and after input', () => {
    expect(render('{{ steps.0.output.items.1.symbol }}')).toBe('000660');
    expect(render('{{ steps.fetch.output.items.2 }}')).toBe('third');
    expect(render('{{ input.tags.0 }}')).toBe('a');
  });

  test('a step is read by index or by key, alike', () => {
    expect(render('{{ steps.fetch.output.count }}')).toBe(3);
    expect(render('{{ steps.0.output.count }}')).toBe(3);
    expect(render('{{ steps.summary.output }}')).toBe(render('{{ steps.1.output }}'));
  });

  test('previous.output is the step before; for step 0 it is the workflow input', () => {
    expect(render('{{ previous.output }}', 2)).toBe('a plain string output');
    expect(render('{{ previous.output.items.0.symbol }}', 1)).toBe('005930');
    expect(render('{{ previous.output }}', 0)).toEqual(scope.input);
    expect(render('{{ previous.output.market }}', 0)).toBe('KOSPI');
  });

  test('templates inside arrays and objects are rendered; keys are not', () => {
    const template = {
      '{{ input.market }}': [
        '{{ input.limit }}',
        { symbol: '{{ steps.0.output.items.0.symbol }}' },
      ],
      note: 'for {{ input.market }}',
      fixed: 7,
    };
    expect(render(template)).toEqual({
      '{{ input.market }}': [3, { symbol: '005930' }],
      note: 'for KOSPI',
      fixed: 7,
    });
  });

  test('a __proto__ key of a template stays a plain key of the result', () => {
    const template = JSON.parse('{"__proto__": {"polluted": "{{ input.market }}"}}') as unknown;
    const rendered = render(template) as Record<string, unknown>;
    expect(Object.getPrototypeOf(rendered)).toBe(Object.prototype);
    expect(Object.hasOwn(rendered, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('unicode in text, paths and values', () => {
    const unicode: TemplateScope = {
      input: { 종목: '삼성전자 🚀', emoji: { '😀': 'smile' } },
      outputs: [],
      keys: new Map(),
    };
    expect(renderTemplate('{{ input.종목 }}의 RSI — {{ input.emoji }}', unicode, 0)).toBe(
      '삼성전자 🚀의 RSI — {"😀":"smile"}',
    );
    expect(renderTemplate('{{ input.emoji.😀 }}', unicode, 0)).toBe('smile');
  });

  test('a huge input and a huge template are rendered whole', () => {
    const big = 'x'.repeat(5_000_000);
    const items = Array.from({ length: 100_000 }, (_, i) => ({ i }));
    const huge: TemplateScope = { input: { big, items }, outputs: [], keys: new Map() };
    expect(renderTemplate('{{ input.items }}', huge, 0)).toBe(items);
    expect(renderTemplate('[{{ input.big }}]', huge, 0)).toBe(`[${big}]`);
    const many = '{{ input.items.99999.i }},'.repeat(10_000);
    expect(renderTemplate(many, huge, 0)).toBe('99999,'.repeat(10_000));
  });

  test.each([
    ['a missing key', '{{ input.missing }}', 'input.missing', "input has no 'missing'"],
    [
      'a key of a string',
      '{{ input.market.length }}',
      'input.market.length',
      "input.market has no 'length'",
    ],
    [
      'an index past the end',
      '{{ steps.0.output.items.3 }}',
      'steps.0.output.items.3',
      "steps.0.output.items has no '3'",
    ],
    [
      'a key of an array',
      '{{ input.tags.first }}',
      'input.tags.first',
      "input.tags has no 'first'",
    ],
    ['an index of an object', '{{ input.nested.0 }}', 'input.nested.0', "input.nested has no '0'"],
    [
      'a key of null',
      '{{ steps.nothing.output.x }}',
      'steps.nothing.output.x',
      "steps.nothing.output has no 'x'",
    ],
    [
      'an unknown step key',
      '{{ steps.nope.output }}',
      'steps.nope.output',
      "no step has the key 'nope'",
    ],
    [
      'a step that has not run',
      '{{ steps.3.output }}',
      'steps.3.output',
      'step 3 has no output yet',
    ],
    [
      'an inherited member',
      '{{ input.constructor }}',
      'input.constructor',
      "input has no 'constructor'",
    ],
  ])('a path that resolves to nothing is a TemplateError naming it: %s', (_k, text, path, why) => {
    const error = failure(`before ${text} after`);
    expect(error).toMatchObject({ code: 'TEMPLATE_ERROR', status: 422, path });
    expect(error.message).toBe(`Template path '${path}' resolves to nothing: ${why}`);
    expect(failure(text).path).toBe(path);
  });

  test('a step cannot read itself or a later step, even when their outputs are in scope', () => {
    expect(failure('{{ steps.1.output }}', 1).path).toBe('steps.1.output');
    expect(failure('{{ steps.summary.output }}', 0).path).toBe('steps.summary.output');
  });

  test('a path nested in an array or object fails the whole render', () => {
    expect(failure({ a: ['ok', { b: '{{ input.missing }}' }] }).path).toBe('input.missing');
  });

  test('a template with bad syntax is a TemplateError, not text', () => {
    const error = failure('Hello {{ input.market');
    expect(error.code).toBe('TEMPLATE_ERROR');
    expect(error.message).toContain('never closed');
  });
});

describe('templateProblems', () => {
  const steps = (...inputs: unknown[]) => inputs.map((input) => ({ input }));

  test('none for valid templates, steps without input and earlier references', () => {
    expect(
      templateProblems([
        { key: 'fetch', input: { market: '{{ input.market }}', first: '{{ previous.output }}' } },
        {},
        {
          input: [
            '{{ steps.0.output.items.2 }}',
            '{{ steps.fetch.output }}',
            'n={{ previous.output.n }}',
          ],
        },
        { key: 'last', input: 'no placeholders at all' },
        { input: 42 },
      ]),
    ).toEqual([]);
  });

  test('previous.output in the first step reads the workflow input: allowed', () => {
    expect(templateProblems(steps('{{ previous.output.market }}'))).toEqual([]);
  });

  test.each([
    ['an unclosed {{', 'Hi {{ input.name', "'{{' at character 3 is never closed by '}}'"],
    ['an empty path', 'x{{  }}y', "'{{  }}' names no path"],
    ['an unknown root', '{{ output.a }}', "'{{ output.a }}' starts with 'output'"],
    ['an empty segment', '{{ input..a }}', "'{{ input..a }}' is not a path"],
    ['a trailing dot', '{{ input. }}', "'{{ input. }}' is not a path"],
    ['a space inside the path', '{{ input. a }}', "'{{ input. a }}' is not a path"],
    ['braces inside the path', '{{ {{ input }} }}', "'{{ {{ input }}' is not a path"],
    ['steps without output', '{{ steps.0 }}', "'{{ steps.0 }}' must read steps.<index|key>.output"],
    ['steps.<i>.input', '{{ steps.0.input }}', 'must read steps.<index|key>.output'],
    ['a leading zero', '{{ steps.01.output }}', 'must read steps.<index|key>.output'],
    ['a key that is not a key', '{{ steps.Fetch.output }}', 'must read steps.<index|key>.output'],
    ['previous alone', '{{ previous }}', "'{{ previous }}' must read previous.output"],
  ])('syntax: %s', (_k, text, problem) => {
    const [found, ...more] = templateProblems([{}, { input: { q: text } }]);
    expect(more).toEqual([]);
    expect(found).toMatch(/^steps\.1\.input\.q: /);
    expect(found).toContain(problem);
  });

  test.each([
    [
      'itself by index',
      '{{ steps.1.output }}',
      "'{{ steps.1.output }}' reads step 1, which is this step itself",
    ],
    [
      'itself by key',
      '{{ steps.rank.output }}',
      "'{{ steps.rank.output }}' reads step 'rank' (step 1), which is this step itself",
    ],
    [
      'a later step by index',
      '{{ steps.2.output.x }}',
      "'{{ steps.2.output.x }}' reads step 2, which runs after this step",
    ],
    [
      'a later step by key',
      '{{ steps.report.output }}',
      "'{{ steps.report.output }}' reads step 'report' (step 2), which runs after this step",
    ],
    [
      'a step past the end',
      '{{ steps.3.output }}',
      "'{{ steps.3.output }}' reads step 3, but the workflow has 3 steps (0 to 2)",
    ],
    [
      'an unknown key',
      '{{ steps.nope.output }}',
      "'{{ steps.nope.output }}' reads step 'nope', but no step has that key",
    ],
  ])('references: %s', (_k, text, problem) => {
    const problems = templateProblems([
      { key: 'fetch' },
      { key: 'rank', input: ['ok', { text: `see ${text}` }] },
      { key: 'report' },
    ]);
    expect(problems).toEqual([`steps.1.input.1.text: ${problem}`]);
  });

  test('every problem of every step is listed, in step order', () => {
    expect(
      templateProblems(steps('{{ steps.1.output }} and {{ steps.2.output }}', '{{ nope }}', {})),
    ).toEqual([
      "steps.0.input: '{{ steps.1.output }}' reads step 1, which runs after this step",
      "steps.0.input: '{{ steps.2.output }}' reads step 2, which runs after this step",
      "steps.1.input: '{{ nope }}' starts with 'nope'; a path starts with input, previous.output or steps.<index|key>.output",
    ]);
  });
});
