import { triggerInputOf, triggerInputProblems } from './trigger-input';

const delivery = {
  body: { repository: { name: 'toolhub' }, commits: [{ id: 'a1' }] },
  headers: { 'x-github-event': 'push' },
};

describe('a webhook trigger’s input', () => {
  it('is the body without a template', () => {
    expect(triggerInputOf(null, delivery)).toBe(delivery.body);
    expect(triggerInputOf(undefined, { body: undefined, headers: {} })).toBeNull();
  });

  it('renders the template over the body and the headers, types kept', () => {
    const template = {
      repo: '{{ input.body.repository.name }}',
      first: '{{ input.body.commits.0 }}',
      line: '{{ input.headers.x-github-event }} to {{ input.body.repository.name }}',
    };
    expect(triggerInputOf(template, delivery)).toEqual({
      repo: 'toolhub',
      first: { id: 'a1' },
      line: 'push to toolhub',
    });
  });

  it('refuses templates that read steps or are not templates, naming where', () => {
    expect(triggerInputProblems({ a: '{{ input.body }}' })).toEqual([]);
    expect(triggerInputProblems({ a: '{{ steps.fetch.output }}' })).toEqual([
      expect.stringMatching(/^input\.a: .*no step has that key/),
    ]);
    expect(triggerInputProblems('{{ input.body')).toEqual([
      expect.stringMatching(/^input: .*never closed/),
    ]);
  });
});
