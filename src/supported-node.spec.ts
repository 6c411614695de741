import { MINIMUM_NODE, isSupportedNode } from './supported-node';

describe('isSupportedNode', () => {
  it.each(['20.19.0', 'v20.19.0', '20.19.5', '20.20.2', '21.0.0', '22.1.0', '24.0.0'])(
    'accepts Node.js %s',
    (version) => expect(isSupportedNode(version)).toBe(true),
  );

  it.each(['18.20.4', 'v18.19.0', '20.0.0', '20.18.3', '20.9.0', '19.99.99', '0.12.0'])(
    'refuses Node.js %s',
    (version) => expect(isSupportedNode(version)).toBe(false),
  );

  it('compares numerically, not as text', () => {
    expect(isSupportedNode('20.100.0', '20.19.0')).toBe(true);
    expect(isSupportedNode('100.0.0', '20.19.0')).toBe(true);
    expect(isSupportedNode('20.2.0', '20.19.0')).toBe(false);
  });

  it('accepts the Node.js running these tests, which package.json requires too', () => {
    expect(isSupportedNode(process.versions.node)).toBe(true);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { engines } = require('../package.json') as { engines: { node: string } };
    expect(engines.node).toBe(`>=${MINIMUM_NODE.replace(/\.0$/, '')}`);
  });
});
