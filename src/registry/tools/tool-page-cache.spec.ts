import { type ListToolsQueryDto } from './dto/list-tools-query.dto';
import { type ToolRowPage, ToolPageCache } from './tool-page-cache';

describe('ToolPageCache', () => {
  let now = 0;
  const cache = () => new ToolPageCache(() => now);
  const query = (fields: Partial<ListToolsQueryDto> = {}) => ({ limit: 20, offset: 0, ...fields });
  const pageOf = (total: number): ToolRowPage => ({ rows: [], total });
  /** A read that answers only when `answer` is called, to race it against a change. */
  const pendingRead = () => {
    let answer!: (page: ToolRowPage) => void;
    const read = jest.fn(() => new Promise<ToolRowPage>((resolve) => (answer = resolve)));
    return { read, answer: (page: ToolRowPage) => answer(page) };
  };

  beforeEach(() => (now = 0));

  test('a page asked again is answered without reading', async () => {
    const pages = cache();
    const read = jest.fn(() => Promise.resolve(pageOf(1)));
    expect(await pages.page(query(), read)).toEqual(pageOf(1));
    expect(await pages.page(query(), read)).toEqual(pageOf(1));
    expect(read).toHaveBeenCalledTimes(1);
  });

  test('queries differing in any field are pages of their own', async () => {
    const pages = cache();
    const read = jest.fn(() => Promise.resolve(pageOf(1)));
    for (const fields of [{}, { limit: 21 }, { offset: 1 }, { is_active: true }, { search: 'a' }]) {
      await pages.page(query(fields), read);
    }
    expect(read).toHaveBeenCalledTimes(5);
  });

  test('after forgetAll, a page is read afresh', async () => {
    const pages = cache();
    await pages.page(query(), () => Promise.resolve(pageOf(1)));
    pages.forgetAll();
    expect(await pages.page(query(), () => Promise.resolve(pageOf(2)))).toEqual(pageOf(2));
  });

  test('a page read while a change landed is answered but not kept', async () => {
    const pages = cache();
    const stale = pendingRead();
    const answered = pages.page(query(), stale.read);
    pages.forgetAll();
    stale.answer(pageOf(1));
    expect(await answered).toEqual(pageOf(1));
    expect(await pages.page(query(), () => Promise.resolve(pageOf(2)))).toEqual(pageOf(2));
  });

  test('a page is read afresh once it is 30 s old', async () => {
    const pages = cache();
    await pages.page(query(), () => Promise.resolve(pageOf(1)));
    now = 29_999;
    expect(await pages.page(query(), () => Promise.resolve(pageOf(2)))).toEqual(pageOf(1));
    now = 30_000;
    expect(await pages.page(query(), () => Promise.resolve(pageOf(3)))).toEqual(pageOf(3));
  });

  test('beyond 100 pages, the oldest kept goes first', async () => {
    const pages = cache();
    for (let offset = 0; offset <= 100; offset++) {
      await pages.page(query({ offset }), () => Promise.resolve(pageOf(offset)));
    }
    const read = jest.fn(() => Promise.resolve(pageOf(-1)));
    expect(await pages.page(query({ offset: 100 }), read)).toEqual(pageOf(100));
    expect(await pages.page(query({ offset: 1 }), read)).toEqual(pageOf(1));
    expect(read).not.toHaveBeenCalled();
    expect(await pages.page(query({ offset: 0 }), read)).toEqual(pageOf(-1));
  });
});
