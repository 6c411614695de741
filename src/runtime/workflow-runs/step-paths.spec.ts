import { compareStepPaths, nestedPath, parentPathOf, topLevelPath } from './step-paths';

describe('step paths', () => {
  it('name a step by its place in the tree', () => {
    expect(topLevelPath(2)).toBe('2');
    expect(nestedPath('3', 'items', 7, 0)).toBe('3/items/7/0');
    expect(nestedPath('1', 'cases', 0, 0)).toBe('1/cases/0/0');
    expect(nestedPath('1', 'default', undefined, 2)).toBe('1/default/2');
    expect(nestedPath('4/branches/b/0', 'items', 1, 0)).toBe('4/branches/b/0/items/1/0');
  });

  it('find the step a step is nested in, whatever its members are named', () => {
    expect(parentPathOf('2')).toBeUndefined();
    expect(parentPathOf('3/items/7/0')).toBe('3');
    expect(parentPathOf('1/default/2')).toBe('1');
    // A branch named like a group is still a member.
    expect(parentPathOf('4/branches/items/0')).toBe('4');
    expect(parentPathOf('4/branches/b/0/items/1/3')).toBe('4/branches/b/0');
    expect(() => parentPathOf('3/things/1/0')).toThrow('Not a step path');
    expect(() => parentPathOf('3/items/1')).toThrow('Not a step path');
  });

  it('order paths by number, item 10 after item 9', () => {
    const paths = ['3/items/10/0', '10', '3', '3/items/9/1', '2', '3/items/9/0'];
    expect(paths.sort(compareStepPaths)).toEqual([
      '2',
      '3',
      '3/items/9/0',
      '3/items/9/1',
      '3/items/10/0',
      '10',
    ]);
  });
});
