import { importedToolName } from './imported-tool-name';

const free = () => false;

describe('importedToolName', () => {
  it('joins the source and upstream names with two underscores', () => {
    expect(importedToolName('github', 'create_issue', free)).toBe('github__create_issue');
  });

  it('makes every character outside [A-Za-z0-9_-] an underscore', () => {
    expect(importedToolName('db', 'query.run/all é', free)).toBe('db__query_run_all__');
  });

  it('cuts a name past 64 characters and suffixes a hash of the upstream name', () => {
    const name = importedToolName('src', 'x'.repeat(500), free);
    expect(name).toHaveLength(64);
    expect(name).toMatch(/^src__x{50}_[0-9a-f]{8}$/);
  });

  it('keeps two long names that share their start apart, and each the same every time', () => {
    const first = importedToolName('src', `${'x'.repeat(100)}a`, free);
    const second = importedToolName('src', `${'x'.repeat(100)}b`, free);
    expect(first).not.toBe(second);
    expect(importedToolName('src', `${'x'.repeat(100)}a`, free)).toBe(first);
  });

  it('suffixes a cleaned name another tool already has', () => {
    const taken = new Set(['db__a_b']);
    const name = importedToolName('db', 'a.b', (candidate) => taken.has(candidate));
    expect(name).toMatch(/^db__a_b_[0-9a-f]{8}$/);
    expect(name).not.toBe(importedToolName('db', 'a-b', (candidate) => taken.has(candidate)));
  });
});
