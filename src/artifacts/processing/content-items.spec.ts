import { readContentItem } from './content-items';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function item(value: unknown, index = 0) {
  const reading = readContentItem(value, index);
  if (!reading.ok) throw new Error(`malformed: ${reading.reason}`);
  return reading.item;
}

function reason(value: unknown): string {
  const reading = readContentItem(value, 0);
  if (reading.ok) throw new Error('read as valid');
  return reading.reason;
}

describe('readContentItem', () => {
  it('reads a text item with its index', () => {
    expect(item({ type: 'text', text: 'hi' }, 3)).toEqual({
      type: 'text',
      index: 3,
      userOnly: false,
      text: 'hi',
    });
    expect(item({ type: 'text', text: '' })).toMatchObject({ text: '' });
  });

  it('decodes image and audio data', () => {
    const image = item({ type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' });
    expect(image).toEqual({
      type: 'image',
      index: 0,
      userOnly: false,
      bytes: PNG,
      mimeType: 'image/png',
    });
    expect(item({ type: 'audio', data: 'SUQz' })).toMatchObject({
      type: 'audio',
      bytes: Buffer.from('ID3'),
      mimeType: undefined,
    });
  });

  it('takes an optional string of another type, or empty, as absent', () => {
    expect(item({ type: 'image', data: 'AAAA', mimeType: 42 })).toMatchObject({
      mimeType: undefined,
    });
    expect(item({ type: 'resource_link', uri: 'x://a', name: '', description: {} })).toMatchObject({
      name: undefined,
      description: undefined,
    });
  });

  it('reads resources with text, with a blob, or with only a uri', () => {
    expect(
      item({
        type: 'resource',
        resource: { uri: 'file:///a.md', mimeType: 'text/markdown', text: '# A' },
      }),
    ).toEqual({
      type: 'resource',
      index: 0,
      userOnly: false,
      uri: 'file:///a.md',
      mimeType: 'text/markdown',
      text: '# A',
    });
    expect(
      item({ type: 'resource', resource: { uri: 'file:///a.png', blob: PNG.toString('base64') } }),
    ).toEqual({ type: 'resource', index: 0, userOnly: false, uri: 'file:///a.png', blob: PNG });
    expect(item({ type: 'resource', resource: { uri: 'file:///a' } })).toEqual({
      type: 'resource',
      index: 0,
      userOnly: false,
      uri: 'file:///a',
    });
  });

  it('reads a resource whose text or blob is empty as only referred to', () => {
    const referred = {
      type: 'resource',
      index: 0,
      userOnly: false,
      uri: 'file:///q3.pdf',
      mimeType: 'application/pdf',
    };
    for (const empty of [{ text: '' }, { blob: '' }]) {
      const resource = { uri: 'file:///q3.pdf', mimeType: 'application/pdf', ...empty };
      expect(item({ type: 'resource', resource })).toEqual(referred);
    }
  });

  it('keeps a resource text of whitespace only as its content', () => {
    expect(item({ type: 'resource', resource: { uri: 'file:///a.txt', text: ' \n' } })).toEqual({
      type: 'resource',
      index: 0,
      userOnly: false,
      uri: 'file:///a.txt',
      text: ' \n',
    });
  });

  it('reads a resource link', () => {
    expect(
      item({
        type: 'resource_link',
        uri: 'https://x/r.pdf',
        name: 'r',
        mimeType: 'application/pdf',
        description: 'd',
      }),
    ).toEqual({
      type: 'resource_link',
      index: 0,
      userOnly: false,
      uri: 'https://x/r.pdf',
      name: 'r',
      mimeType: 'application/pdf',
      description: 'd',
    });
  });

  it.each([
    [['user'], true],
    [['user', 'user'], true],
    [['user', 'assistant'], false],
    [['assistant'], false],
    [[], false],
    ['user', false],
  ])('takes audience %p for user-only: %p', (audience, userOnly) => {
    expect(item({ type: 'text', text: 'x', annotations: { audience } }).userOnly).toBe(userOnly);
  });

  it.each([
    ['a non-object', 'text', 'the item is not an object'],
    ['an unknown type', { type: 'video' }, 'unknown content type "video"'],
    ['no type', { text: 'x' }, 'the item has no type'],
    ['a text item without text', { type: 'text' }, 'the text item has no text string'],
    ['a text item with a number', { type: 'text', text: 1 }, 'the text item has no text string'],
    [
      'an image without data',
      { type: 'image', mimeType: 'image/png' },
      'the image item has no data string',
    ],
    ['an image with empty data', { type: 'image', data: '' }, 'the image data is empty'],
    ['an audio with empty data', { type: 'audio', data: '' }, 'the audio data is empty'],
    [
      'invalid base64',
      { type: 'audio', data: 'not base64!' },
      'the audio data is not valid base64: character " " at offset 3 is not base64',
    ],
    [
      'a resource without resource',
      { type: 'resource' },
      'the resource item has no resource object',
    ],
    [
      'a resource without uri',
      { type: 'resource', resource: { text: 'x' } },
      'the resource has no uri',
    ],
    [
      'a resource with an empty uri',
      { type: 'resource', resource: { uri: '' } },
      'the resource has no uri',
    ],
    [
      'resource text not a string',
      { type: 'resource', resource: { uri: 'a', text: 1 } },
      'the resource text is not a string',
    ],
    [
      'resource blob not a string',
      { type: 'resource', resource: { uri: 'a', blob: 1 } },
      'the resource blob is not a string',
    ],
    [
      'both text and blob',
      { type: 'resource', resource: { uri: 'a', text: 'x', blob: 'AAAA' } },
      'the resource has both text and blob',
    ],
    [
      'an invalid blob',
      { type: 'resource', resource: { uri: 'a', blob: 'Q' } },
      'the resource blob is not valid base64: a length of 1 leaves a lone character',
    ],
    [
      'a resource link without uri',
      { type: 'resource_link', name: 'x' },
      'the resource link has no uri',
    ],
  ])('refuses %s', (_name, value, expected) => {
    expect(reason(value)).toBe(expected);
  });
});
