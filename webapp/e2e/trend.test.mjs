// End-to-end: 트렌드 (the trend pages) and the home page built from live data, against the
// real trend API of the one-process server.
//
//   npm run build && node --test e2e/trend.test.mjs
//
// The home page lists 인기 종목 as the API ranks them; the 트렌드 tab lands on 국내; every trend
// page shows its main content (the tab row leads through them); 업종's heatmap opens a sector,
// whose stock opens the stock page; 환율 refreshes the major rates only while open. One server
// and one phone-sized Chromium for the whole file (see support.mjs); screenshots go to
// test-results/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { screenshot, setUpApp, watchProblems } from './support.mjs';

const MAIN_API = '/main/api/v1/';
const FOREX_TICK_PATH = '/mweb/api/v1/forexes/tick';

let baseUrl;
let page;
setUpApp((app) => ({ baseUrl, page } = app));

const pathname = () => new URL(page.url()).pathname;
const trendTab = (name) => page.getByRole('navigation', { name: '트렌드 메뉴' }).getByRole('link', { name, exact: true });
const rowNames = (list) => list.locator('.trend-stocks__title').allTextContents();

/** GET on the main API host, as JSON. */
async function mainApi(path) {
  const response = await page.request.get(`${baseUrl}${MAIN_API}${path}`);
  assert.equal(response.status(), 200, `${path}: ${response.status()}`);
  return response.json();
}

/** Waits until `list` shows `count` rows. */
async function waitForRows(list, count) {
  await list.locator('.trend-stocks__title').nth(count - 1).waitFor();
  assert.equal(await list.locator('.trend-stocks__title').count(), count);
}


describe('home page from live data', { timeout: 180_000 }, () => {
  test('shows 인기 종목 as the API ranks them, 특징주 counts and 상위 업종', async () => {
    await watchProblems(page, MAIN_API, async () => {
      await page.goto(`${baseUrl}/m`);
      const popular = page.getByRole('list', { name: '인기 종목' });
      await popular.getByRole('link').first().waitFor();
      // The most named in news first, as the API answers (counts of the last 24 hours: ask
      // again if one moved between the two calls).
      let expected = (await mainApi('popular_stocks/news?limit=5')).stocks.map((stock) => stock.name);
      let shown = await rowNames(popular);
      if (JSON.stringify(shown) !== JSON.stringify(expected)) {
        await page.reload();
        await popular.getByRole('link').first().waitFor();
        expected = (await mainApi('popular_stocks/news?limit=5')).stocks.map((stock) => stock.name);
        shown = await rowNames(popular);
      }
      assert.ok(expected.length > 0, 'the API names some popular stocks');
      assert.deepEqual(shown, expected);
      assert.match((await popular.getByRole('link').first().getAttribute('href')) ?? '', /^\/m\/stocks\/KOREA-A\d{6}$/);

      // 거래대금 tab: today's most traded, as ranked by the API.
      await page.getByTestId('popular-stocks').getByRole('button', { name: '거래대금' }).click();
      const traded = (await mainApi('popular_stocks/trading_value?limit=5')).stocks.map((stock) => stock.name);
      await page.waitForFunction(
        (first) => document.querySelector('[data-testid="popular-stocks"] .trend-stocks__title')?.textContent === first,
        traded[0],
      );

      // 특징주: the counts of both markets, as numbers.
      const counts = (await mainApi('trends/special_stocks/counts')).special_stock_counts;
      const high = page.getByTestId('special-stock-counts').getByRole('link', { name: /^코스닥 52주 신고가 \d+종목$/ });
      await high.waitFor();
      assert.match((await high.textContent()) ?? '', /^[\d,]+$/);
      assert.ok(Math.abs(Number((await high.textContent()).replace(/,/g, '')) - counts.kosdaq.high_52week) <= 5);

      // 상위 업종 and the latest news.
      await page.getByRole('list', { name: '상위 업종' }).getByRole('link').first().waitFor();
      await page.getByTestId('market-news').locator('.article-item').first().waitFor();
      await screenshot(page, 'trend-home', { fullPage: true });
    });
  });
});

describe('trend pages', { timeout: 300_000 }, () => {
  test('the 트렌드 tab lands on 국내', async () => {
    await watchProblems(page, MAIN_API, async () => {
      await page.goto(`${baseUrl}/m`);
      await page.getByRole('heading', { name: '인기 종목' }).waitFor();
      await page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link', { name: '트렌드', exact: true }).click();
      await page.waitForURL(`${baseUrl}/m/trend/domestic`);
      const domestic = page.getByTestId('trend-domestic');
      await domestic.waitFor();
      assert.equal(await page.title(), '국내 트렌드 : 시세');
      assert.equal(await trendTab('국내').getAttribute('aria-current'), 'page');
      await page.getByTestId('sample-data-notice').waitFor();
      // KOSPI and KOSDAQ live, leading to their trend pages.
      const indexes = page.getByTestId('market-indexes').getByRole('link');
      assert.deepEqual(
        await indexes.evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
        ['/m/trend/kospi', '/m/trend/kosdaq'],
      );
      await page.getByTestId('market-indexes').locator('.asset-cards__price').first().waitFor();
      await page.getByTestId('special-stock-counts').getByRole('link', { name: /^코스피 상한가 \d+종목$/ }).waitFor();
      await page.getByRole('list', { name: '상위 업종' }).getByRole('link').first().waitFor();
      await page.getByRole('list', { name: '인기 종목' }).getByRole('link').first().waitFor();
      await waitForRows(page.getByRole('list', { name: '거래대금 상위' }), 5);
      await waitForRows(page.getByRole('list', { name: '시가총액 상위' }), 5);
      await screenshot(page, 'trend-domestic', { fullPage: true });
    });
  });

  test('every trend page shows its main content', async () => {
    await watchProblems(page, MAIN_API, async () => {
      await page.goto(`${baseUrl}/m/trend/domestic`);
      await page.getByTestId('trend-domestic').waitFor();

      // 해외: the four groups of index cards.
      await trendTab('해외').click();
      await page.waitForURL(`${baseUrl}/m/trend/foreign`);
      for (const group of ['major_indexes', 'asia_indexes', 'america_indexes', 'europe_indexes']) {
        await page.getByTestId(`foreign-${group}`).locator('.asset-cards__price').first().waitFor();
      }
      assert.match(
        (await page.getByTestId('foreign-major_indexes').getByRole('link').first().getAttribute('href')) ?? '',
        /^\/m\/assets\/INDEX-/,
      );
      await screenshot(page, 'trend-foreign', { fullPage: true });

      // 환율: the major pairs and the converter.
      await trendTab('환율').click();
      await page.waitForURL(`${baseUrl}/m/trend/forex`);
      await page.getByTestId('major-forexes').locator('.asset-cards__price').first().waitFor();
      await page.waitForFunction(() =>
        /^[\d,.]+$/.test(document.querySelector('[data-testid="forex-result"]')?.textContent ?? ''),
      );
      await screenshot(page, 'trend-forex', { fullPage: true });

      // 코스피 and 코스닥: the index, 상승 stocks, and 특징주 by category.
      for (const [tab, market] of [['코스피', 'kospi'], ['코스닥', 'kosdaq']]) {
        await trendTab(tab).click();
        await page.waitForURL(`${baseUrl}/m/trend/${market}`);
        await page.getByTestId('asset-price').waitFor();
        await page.locator('[data-testid="asset-chart"] canvas').first().waitFor();
        const movers = page.getByTestId('market-movers');
        await movers.getByRole('list', { name: '상승 종목' }).getByRole('link').first().waitFor();
        await movers.getByRole('button', { name: '하락' }).click();
        await movers.getByRole('list', { name: '하락 종목' }).getByRole('link').first().waitFor();
        // The category with the most stocks shows them; its chip names the count.
        const special = (await mainApi(`trends/special_stocks?market=${market}`)).special_stocks;
        const [category, { stocks_count: count }] = Object.entries(special).sort((a, b) => b[1].stocks_count - a[1].stocks_count)[0];
        const labels = { top_limit: '상한가', bottom_limit: '하한가', high_52week: '52주 신고가', low_52week: '52주 신저가', vi: 'VI 발동' };
        await page.getByTestId('special-stocks').getByRole('button', { name: new RegExp(`^${labels[category]} \\d+$`) }).click();
        if (count > 0) {
          await page.getByRole('list', { name: `${tab} 특징주` }).getByRole('link').first().waitFor();
        } else {
          await page.getByTestId('special-stocks-empty').waitFor();
        }
        await screenshot(page, `trend-${market}`, { fullPage: true });
      }

      // 거래대금 상위: ranked with the trading value, 20 then 더보기 for 20 more; a market filter.
      await trendTab('거래대금').click();
      await page.waitForURL(`${baseUrl}/m/trend/collection_a`);
      const collectionA = page.getByRole('list', { name: '거래대금 상위' });
      await waitForRows(collectionA, 20);
      assert.equal(await collectionA.locator('.trend-stocks__rank').first().textContent(), '1');
      assert.match((await collectionA.locator('.trend-stocks__figure').first().textContent()) ?? '', /[조억]/);
      const more = page.waitForRequest((request) => request.url().includes('ordered_stocks') && request.url().includes('cursor='));
      await page.getByRole('button', { name: '더보기' }).click();
      await more;
      await waitForRows(collectionA, 40);
      await page.getByRole('group', { name: '시장' }).getByRole('button', { name: '코스닥' }).click();
      await page.waitForURL(`${baseUrl}/m/trend/collection_a?market=kosdaq`);
      await page.waitForFunction(() => {
        const markets = [...document.querySelectorAll('.trend-stocks__market')];
        return markets.length === 20 && markets.every((market) => market.textContent === '코스닥');
      });
      await screenshot(page, 'trend-collection-a', { fullPage: true });

      // 시가총액 상위: the largest first, as the API ranks them.
      await trendTab('시가총액').click();
      await page.waitForURL(`${baseUrl}/m/trend/collection_b`);
      const collectionB = page.getByRole('list', { name: '시가총액 상위' });
      await waitForRows(collectionB, 20);
      const largest = (await mainApi('trends/ordered_stocks?key=collection_b&limit=1')).stocks[0].name;
      assert.equal((await rowNames(collectionB))[0], largest);
      assert.match((await collectionB.locator('.trend-stocks__figure').first().textContent()) ?? '', /조/);
      await screenshot(page, 'trend-collection-b', { fullPage: true });
    });
  });

  test('업종: a heatmap tile opens the sector, which lists its stocks; a stock opens its page', async () => {
    await watchProblems(page, MAIN_API, async () => {
      await page.goto(`${baseUrl}/m/trend/wics_sectors`);
      const tiles = page.getByTestId('sector-heatmap').getByRole('link');
      await tiles.first().waitFor();
      const sectors = (await mainApi('trends/wics_sectors')).wics_sectors;
      assert.equal(await tiles.count(), sectors.filter((sector) => sector.market_cap > 0).length);
      await page.getByRole('list', { name: '업종' }).getByRole('link').first().waitFor();
      await screenshot(page, 'trend-wics-sectors', { fullPage: true });

      // The largest sector's tile, named by its name and change.
      const first = tiles.first();
      const label = (await first.getAttribute('aria-label')) ?? '';
      assert.match(label, /^\S.* [+-]?\d+\.\d{2}%$/);
      const href = (await first.getAttribute('href')) ?? '';
      assert.match(href, /^\/m\/trend\/wics_sectors\/G\d+$/);
      await first.click();
      await page.waitForURL(`${baseUrl}${href}`);
      const name = label.replace(/ [+-]?\d+\.\d{2}%$/, '');
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      assert.equal(await page.title(), `${name} : 시세`);
      assert.equal(await trendTab('업종').getAttribute('aria-current'), 'page');
      const stocks = page.getByRole('list', { name: '구성 종목' });
      await stocks.getByRole('link').first().waitFor();
      await screenshot(page, 'trend-wics-sector', { fullPage: true });

      const stock = stocks.getByRole('link').first();
      const stockName = await stock.locator('.trend-stocks__title').textContent();
      const stockHref = (await stock.getAttribute('href')) ?? '';
      await stock.click();
      await page.waitForURL(`${baseUrl}${stockHref}`);
      await page.getByRole('heading', { name: stockName }).waitFor();
      await page.getByTestId('quote-price').waitFor();
    });
  });

  test('an unknown sector says so', async () => {
    await page.goto(`${baseUrl}/m/trend/wics_sectors/G0000`);
    await page.getByTestId('sector-not-found').getByText('업종 정보를 찾을 수 없습니다.').waitFor();
  });

  test('환율 refreshes the major rates while open, and stops after leaving', async () => {
    const ticks = [];
    const onRequest = (request) => {
      if (new URL(request.url()).pathname === FOREX_TICK_PATH) ticks.push(Date.now());
    };
    page.on('request', onRequest);
    try {
      await page.goto(`${baseUrl}/m/trend/forex`);
      await page.getByTestId('major-forexes').locator('.asset-cards__price').first().waitFor();
      await page.waitForTimeout(11_000);
      assert.ok(ticks.length >= 2, `the refresh runs while open (${ticks.length} requests)`);
      await trendTab('국내').click();
      await page.getByTestId('trend-domestic').waitFor();
      await page.waitForTimeout(500);
      const afterLeaving = ticks.length;
      await page.waitForTimeout(11_000);
      assert.equal(ticks.length, afterLeaving, 'no forex tick request after leaving 환율');
    } finally {
      page.off('request', onRequest);
    }
    assert.equal(pathname(), '/m/trend/domestic');
  });
});
