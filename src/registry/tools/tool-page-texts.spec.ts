import { type ToolRowPage } from './tool-page-cache';
import { ToolPageTexts } from './tool-page-texts';

describe('ToolPageTexts', () => {
  const page = (): ToolRowPage => ({ rows: [], total: 0 });

  it('serialises a page once while its unavailability reasons stay the same', () => {
    const texts = new ToolPageTexts();
    const render = jest.fn(() => ({ items: [], total: 0 }));
    const cached = page();
    expect(texts.textOf(cached, [undefined], render)).toBe('{"items":[],"total":0}');
    expect(texts.textOf(cached, [undefined], render)).toBe('{"items":[],"total":0}');
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('renders anew when a reason changed or the page is another one', () => {
    const texts = new ToolPageTexts();
    let reason = 'none';
    const render = () => ({ reason });
    const cached = page();
    expect(texts.textOf(cached, [undefined], render)).toBe('{"reason":"none"}');
    reason = 'its agent is gone';
    expect(texts.textOf(cached, ['its agent is gone'], render)).toBe(
      '{"reason":"its agent is gone"}',
    );
    reason = 'back';
    expect(texts.textOf(page(), ['its agent is gone'], render)).toBe('{"reason":"back"}');
  });
});
