import { configurationTable } from './configuration-table';
import { envExample } from './env-example';
import { Describe, VariableGroup, documentedVariables } from './variable-docs.decorator';

@VariableGroup('Example')
class ExampleVariables {
  @Describe('Port to listen on')
  EXAMPLE_PORT = 3000;

  @Describe('`a` | `b`: which one', { unset: 'neither' })
  EXAMPLE_CHOICE = '';

  @Describe('Where files go', { shownDefault: '~/files' })
  EXAMPLE_DIR = '/home/someone/files';
}

@VariableGroup('Long')
class LongVariables {
  @Describe(
    'A description long enough to be wrapped onto a second comment line in the example file, at one hundred characters',
  )
  EXAMPLE_LONG = true;
}

class UndocumentedVariables {
  @Describe('Documented')
  DOCUMENTED = 1;

  FORGOTTEN = 2;
}

describe('documented variables', () => {
  it('lists the variables of a class in order with their defaults and documentation', () => {
    expect(documentedVariables(ExampleVariables).map(({ name }) => name)).toEqual([
      'EXAMPLE_PORT',
      'EXAMPLE_CHOICE',
      'EXAMPLE_DIR',
    ]);
    expect(documentedVariables(ExampleVariables)[1]).toEqual({
      name: 'EXAMPLE_CHOICE',
      defaultValue: '',
      description: '`a` | `b`: which one',
      unset: 'neither',
    });
  });

  it('refuses a variable without a description, naming it', () => {
    expect(() => documentedVariables(UndocumentedVariables)).toThrow(
      'UndocumentedVariables.FORGOTTEN has no @Describe',
    );
  });

  it('makes a Markdown table: the shown default, what unset means, pipes escaped, padded', () => {
    expect(configurationTable([ExampleVariables]).split('\n')).toEqual([
      '| Variable         | Default          | Meaning               |',
      '| ---------------- | ---------------- | --------------------- |',
      '| `EXAMPLE_PORT`   | `3000`           | Port to listen on     |',
      '| `EXAMPLE_CHOICE` | (unset: neither) | `a` \\| `b`: which one |',
      '| `EXAMPLE_DIR`    | `~/files`        | Where files go        |',
    ]);
  });

  it('makes .env.example: a group heading, descriptions as wrapped plain comments, defaults', () => {
    const text = envExample([ExampleVariables, LongVariables]);
    expect(text.slice(text.indexOf('# --- Example'))).toBe(
      [
        `# --- Example ${'-'.repeat(86)}`,
        '# Port to listen on.',
        '# EXAMPLE_PORT=3000',
        '# a | b: which one. Unset: neither.',
        '# EXAMPLE_CHOICE=',
        '# Where files go. Default: ~/files.',
        '# EXAMPLE_DIR=',
        '',
        `# --- Long ${'-'.repeat(89)}`,
        '# A description long enough to be wrapped onto a second comment line in the example file, at one',
        '# hundred characters.',
        '# EXAMPLE_LONG=true',
        '',
      ].join('\n'),
    );
  });
});
