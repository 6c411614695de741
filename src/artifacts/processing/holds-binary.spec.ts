import { holdsBinary } from './holds-binary';

describe('holdsBinary', () => {
  const text = { type: 'text', text: 'hello' };

  it.each([
    ['an image', { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }],
    ['audio', { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' }],
    ['an embedded blob', { type: 'resource', resource: { uri: 'file:///a.bin', blob: 'AAE=' } }],
  ])('finds %s among the content items', (_, item) => {
    expect(holdsBinary([text, item])).toBe(true);
  });

  it.each([
    ['text only', [text]],
    ['an embedded text', [{ type: 'resource', resource: { uri: 'file:///a.txt', text: 'a' } }]],
    ['a resource link', [{ type: 'resource_link', uri: 'file:///a.png', name: 'a.png' }]],
    ['a resource without its object', [{ type: 'resource', resource: 'AAE=' }]],
    ['no content list', { type: 'image', data: 'iVBORw0KGgo=' }],
    ['a list of plain values', ['image', null, 3]],
  ])('finds none in %s', (_, value) => {
    expect(holdsBinary(value)).toBe(false);
  });
});
