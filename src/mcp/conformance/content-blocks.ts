/**
 * The content blocks the fixtures answer with. The media are the smallest that are valid,
 * generated for the fixtures: a 1×1 PNG of one blue pixel, and a WAV of eight silent 8-bit mono
 * samples at 8 kHz.
 */
export const PIXEL_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGOQz98CAAHzAUMBh4NgAAAAAElFTkSuQmCC';

export const SILENCE_WAV_BASE64 =
  'UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA==';

export const text = (value: string) => ({ type: 'text' as const, text: value });

export const pixelImage = () => ({
  type: 'image' as const,
  data: PIXEL_PNG_BASE64,
  mimeType: 'image/png',
});
