// End-to-end: topics (테마; docs/api.md, "Topics").
//
//   npm run build && node --test e2e/topics.test.mjs
//
// A new member opens /m/investing_strategies, opens the featured topic 2차전지, sees its
// stocks with prices, puts them into a new favorite group through the addTopicStocks modal
// and finds the group (on screen and on the server); 삼성전자's page links to its topics; a
// search for 전지 finds 2차전지 among the topics. One server and one phone-sized Chromium.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { screenshot, setUpApp, signUpFromHeader, watchConsole } from './support.mjs';

let baseUrl;
let page;
setUpApp((app) => ({ baseUrl, page } = app));

const pathname = () => new URL(page.url()).pathname;

/** A GET of the main host from the page, with the stored login's token. */
async function api(apiPath) {
  return page.evaluate(
    async ({ base, apiPath }) => {
      const { accessToken } = JSON.parse(localStorage.getItem('sise.login.v1') ?? '{}');
      const response = await fetch(`${base}/main${apiPath}`, { headers: { Authorization: `Bearer ${accessToken}` } });
      return { status: response.status, body: await response.json() };
    },
    { base: baseUrl, apiPath },
  );
}

describe('topics', () => {
  test('open a topic and put its stocks into a favorite group', { timeout: 180_000 }, async () => {
    const failed = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    const { problems } = await watchConsole(page, async () => {
      await page.goto(`${baseUrl}/m/investing_strategies`);
      await signUpFromHeader(page, `테마${String(Date.now() % 10_000).padStart(4, '0')}`);
      assert.equal(pathname(), '/m/investing_strategies', 'back where the login started');

      const featured = page.getByRole('list', { name: '추천 테마' });
      await featured.getByRole('link', { name: /2차전지/ }).click();
      await page.getByRole('heading', { name: '2차전지', level: 1 }).waitFor();
      assert.match(pathname(), /^\/m\/investing_strategies\/topics\/\d+$/);
      const topicId = Number(pathname().split('/').pop());
      const { body: topic } = await api(`/api/v1/topics/${topicId}`);
      const ids = topic.topic.stocks.map((stock) => stock.security_id);

      const rows = page.getByRole('list', { name: '2차전지 종목' });
      assert.deepEqual(
        await rows.locator('.quote-list__name').allTextContents(),
        topic.topic.stocks.map((stock) => stock.name),
        'every stock of the topic, in order',
      );
      await rows.locator('.quote-list__price').first().waitFor();
      assert.equal(await rows.locator('.quote-list__price').count(), ids.length, 'each with its price');
      assert.equal(
        await rows.getByRole('link').first().getAttribute('href'),
        `/m/stocks/${ids[0]}`,
        'a stock links to its page',
      );
      await screenshot(page, 'topic');

      await page.getByRole('button', { name: '관심종목에 담기' }).click();
      await page.getByRole('heading', { name: '2차전지 종목 담기' }).waitFor();
      assert.equal(await page.getByLabel('새 그룹 이름').inputValue(), '2차전지', 'a new group named after the topic');
      await page.getByRole('button', { name: '담기', exact: true }).click();
      await page.getByRole('heading', { name: '2차전지 종목 담기' }).waitFor({ state: 'detached' });

      const { status, body } = await api('/api/favorite_stock_lists');
      assert.equal(status, 200);
      const group = body.favorite_stock_lists.find((list) => list.name === '2차전지');
      assert.ok(group, 'the group is on the server');
      assert.deepEqual(
        [...group.favorite_stocks.map((stock) => stock.security_id)].sort(),
        [...ids].sort(),
        'holding every stock of the topic',
      );
      await page.goto(`${baseUrl}/m/my/favorite_stock_lists`);
      await page.getByText('2차전지').first().waitFor();

      await page.goto(`${baseUrl}/m/stocks/KOREA-A005930`);
      const topics = page.getByRole('list', { name: '이 종목의 테마' });
      await topics.getByRole('link', { name: '반도체' }).click();
      await page.getByRole('heading', { name: '반도체', level: 1 }).waitFor();

      await page.goto(`${baseUrl}/m/search/query?keyword=${encodeURIComponent('전지')}`);
      const found = page.getByTestId('search-topics');
      await found.getByRole('link', { name: /2차전지/ }).waitFor();
      await screenshot(page, 'topic-search');
    });
    // The sign-up's 404 (no member yet: spec §4) is the one expected failure; Chromium logs it.
    assert.deepEqual(
      failed.filter((line) => !/^404 POST .*\/main\/api\/session$/.test(line)),
      [],
      'no call failed',
    );
    const expected = /Failed to load resource: the server responded with a status of 404/;
    assert.deepEqual(
      problems.filter((problem) => !expected.test(problem)),
      [],
      'nothing else logged',
    );
  });
});
