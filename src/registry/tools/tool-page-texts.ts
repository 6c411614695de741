import { isDeepStrictEqual } from 'node:util';
import { type ToolRowPage } from './tool-page-cache';

/**
 * The JSON text of the tool pages `ToolPageCache` keeps, serialised once per page: a page of
 * tools with their schemas costs more to serialise than the rest of a list request. A text is
 * reused only with the unavailability reasons it was rendered with, the one part of a tool's
 * view that can change while its page stays cached; a page the cache did not keep is a new
 * object, rendered anew.
 */
export class ToolPageTexts {
  private readonly texts = new WeakMap<
    ToolRowPage,
    { reasons: readonly (string | undefined)[]; text: string }
  >();

  textOf(page: ToolRowPage, reasons: readonly (string | undefined)[], render: () => unknown) {
    const kept = this.texts.get(page);
    if (kept && isDeepStrictEqual(kept.reasons, reasons)) return kept.text;
    const text = JSON.stringify(render());
    this.texts.set(page, { reasons, text });
    return text;
  }
}
