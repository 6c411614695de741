import { type WorkflowRunStep } from '../../database/schema';
import { definitionAt } from './step-definitions';

const tool = (key: string) => ({ type: 'tool', ref_id: `${key}-id`, name: key, key });

// Control-flow steps keep their nested steps where the workflow definition writes them.
const steps = [
  tool('first'),
  {
    type: 'branch',
    key: 'choose',
    cases: [{ when: 'true', steps: [tool('yes'), tool('also')] }],
    default: [tool('no')],
  },
  { type: 'parallel', key: 'both', branches: { a: [tool('left')], b: [tool('right')] } },
  { type: 'map', key: 'each', steps: [{ type: 'loop', key: 'again', steps: [tool('deep')] }] },
] as unknown as WorkflowRunStep[];

describe('the definition of a step run', () => {
  it('is found by its path at every depth', () => {
    const keyAt = (path: string) => definitionAt(steps, path)?.key;
    expect(keyAt('0')).toBe('first');
    expect(keyAt('1/cases/0/1')).toBe('also');
    expect(keyAt('1/default/0')).toBe('no');
    expect(keyAt('2/branches/b/0')).toBe('right');
    expect(keyAt('3/items/41/0')).toBe('again');
    expect(keyAt('3/items/41/0/iterations/7/0')).toBe('deep');
  });

  it('is undefined where the definition has no such step', () => {
    for (const path of [
      '9',
      '0/items/0/0',
      '1/cases/5/0',
      '2/branches/c/0',
      '2/branches/toString/0',
    ]) {
      expect(definitionAt(steps, path)).toBeUndefined();
    }
  });
});
