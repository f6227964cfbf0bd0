// End-to-end: 검색 (search), against the real search API of the one-process server.
//
//   npm run build && node --test e2e/search.test.mjs
//
// From the bottom tab: 초성 suggestions lead to a stock page; a search with Enter shows its
// result sections, and 더보기 loads a second page; the term waits under 최근 검색어 and is
// deleted there. One server and one phone-sized Chromium for the whole file (see support.mjs);
// screenshots go to test-results/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { screenshot, setUpApp, watchProblems } from './support.mjs';

const SEARCH_API = '/main/api/v1/search/';
/** The result sections, by test id, in the order of the page. */
const SECTIONS = ['search-assets', 'search-news', 'search-news-related-assets'];

let baseUrl;
let page;
setUpApp((app) => ({ baseUrl, page } = app));

const pathname = () => new URL(page.url()).pathname;
const searchBox = () => page.getByRole('combobox', { name: '검색어 입력' });

/** Opens 검색 from the bottom tab bar and waits for its box. */
async function openSearchTab() {
  await page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link', { name: '검색', exact: true }).click();
  await page.getByRole('heading', { name: '최근 검색어' }).waitFor();
  assert.equal(pathname(), '/m/search');
}


describe('search', { timeout: 180_000 }, () => {
  test('suggests 삼성전자 for ㅅㅅㅈㅈ, and opens its stock page', async () => {
    await watchProblems(page, SEARCH_API, async () => {
      await page.goto(`${baseUrl}/m`);
      await page.getByRole('heading', { name: '인기 종목' }).waitFor();
      await openSearchTab();
      // The box is focused and takes 40 characters at most.
      assert.equal(await searchBox().evaluate((input) => document.activeElement === input), true);
      assert.equal(await searchBox().getAttribute('maxlength'), '40');
      const boxTop = (await page.locator('.search-box').boundingBox())?.y;

      const autocompletes = [];
      const onRequest = (request) => {
        if (request.url().includes(`${SEARCH_API}autocomplete`)) autocompletes.push(request.url());
      };
      page.on('request', onRequest);
      const answered = page.waitForResponse(
        (response) =>
          response.url().includes(`${SEARCH_API}autocomplete`) &&
          new URL(response.url()).searchParams.get('keyword') === 'ㅅㅅㅈㅈ',
      );
      await searchBox().pressSequentially('ㅅㅅㅈㅈ', { delay: 20 });
      await answered;
      const listbox = page.getByRole('listbox', { name: '추천 종목' });
      const samsung = listbox.getByRole('option', { name: /삼성전자/ }).first();
      await samsung.waitFor();
      page.off('request', onRequest);
      // Asked for the whole text last. Typed 20 ms apart, well inside the debounce, the text
      // is usually asked for once; a loaded machine can pause longer between two keys, so a
      // shorter prefix may be asked first (the debounce itself: use-suggestions.test.tsx).
      const keywords = autocompletes.map((url) => new URL(url).searchParams.get('keyword'));
      assert.equal(keywords.at(-1), 'ㅅㅅㅈㅈ', `asked for ${JSON.stringify(keywords)}`);
      for (const keyword of keywords) assert.ok('ㅅㅅㅈㅈ'.startsWith(keyword), `asked for ${JSON.stringify(keywords)}`);
      assert.match(await samsung.textContent(), /005930/);
      assert.match(await samsung.textContent(), /코스피/);
      // The suggestions open over the page: the box has not moved.
      assert.equal((await page.locator('.search-box').boundingBox())?.y, boxTop);
      await screenshot(page, 'search-suggestions');

      await samsung.tap();
      await page.waitForURL('**/m/stocks/KOREA-A005930');
      await page.getByRole('heading', { name: '삼성전자' }).waitFor();
      // Opening a suggestion is not a search: nothing under 최근 검색어.
      assert.equal(await page.evaluate(() => localStorage.getItem('sise.recent-searches.v1')), null);
    });
  });

  test('searches 삼성 with Enter, loads a second page with 더보기, then deletes the term under 최근 검색어', async () => {
    await watchProblems(page, SEARCH_API, async () => {
      await openSearchTab();
      await searchBox().fill('삼성');
      await searchBox().press('Enter');
      await page.waitForURL((url) => url.pathname === '/m/search/query');
      assert.equal(new URL(page.url()).searchParams.get('keyword'), '삼성');
      assert.equal(await searchBox().inputValue(), '삼성');

      // 종목·지수·환율 first, with prices.
      const assets = page.getByTestId('search-assets');
      await assets.getByRole('link', { name: /삼성전자/ }).first().waitFor();
      await assets.locator('.found-asset__price').first().waitFor();
      for (const price of await assets.locator('.found-asset__price').allTextContents()) {
        assert.match(price.trim(), /^[\d,.]+$/, `a price, got "${price}"`);
      }
      await screenshot(page, 'search-results');

      // Every section has answered (a section that found nothing is left out).
      await page.waitForFunction(() => document.querySelectorAll('main .section .loading').length === 0);
      assert.ok((await page.getByTestId('search-assets').count()) === 1, '삼성 finds assets');

      // 더보기 on the first section that has more: one more page, asked with its cursor.
      let paged = false;
      for (const testId of SECTIONS) {
        const section = page.getByTestId(testId);
        if ((await section.count()) === 0) continue;
        const more = section.getByRole('button', { name: '더보기' });
        if ((await more.count()) === 0) continue;
        const rows = section.locator('ul > li');
        const before = await rows.count();
        const nextPage = page.waitForRequest(
          (request) => request.url().includes(SEARCH_API) && new URL(request.url()).searchParams.has('cursor'),
        );
        await more.scrollIntoViewIfNeeded();
        await more.tap();
        const cursor = new URL((await nextPage).url()).searchParams.get('cursor');
        assert.ok(cursor, 'the second page is asked for with a cursor');
        await page.waitForFunction(
          ([element, count]) => element.querySelectorAll('ul > li').length > count,
          [await section.elementHandle(), before],
        );
        await screenshot(page, 'search-results-more');
        paged = true;
        break;
      }
      assert.ok(paged, 'some section of 삼성 has a second page');

      // Back on /m/search: the term waits under 최근 검색어; ✕ deletes it.
      await openSearchTab();
      const recent = page.getByRole('list', { name: '최근 검색어' });
      assert.deepEqual(await recent.getByRole('link').allTextContents(), ['삼성']);
      await screenshot(page, 'search-recent');
      await recent.getByRole('button', { name: '삼성 삭제' }).tap();
      await page.getByText('최근 검색어가 없습니다.').waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('sise.recent-searches.v1')), '[]');
    });
  });
});
