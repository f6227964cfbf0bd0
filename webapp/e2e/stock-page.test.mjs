// End-to-end journeys through the built webapp served by the one-process server.
//
//   npm run build && npm run e2e
//
// One server and one phone-sized Chromium for the whole file (see support.mjs);
// screenshots go to test-results/.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { screenshot, setUpApp, watchConsole } from './support.mjs';

const PRICE_CHANGE_TIMEOUT_MS = 20_000;
const SAMSUNG = '/m/stocks/KOREA-A005930';
/** 현대차: few enough filings (tens) to scroll to the end of its disclosures. */
const HYUNDAI = 'KOREA-A005380';
/** The forex refresh of asset pages polls this path. */
const FOREX_TICK_PATH = '/mweb/api/v1/forexes/tick';

let baseUrl;
let page;
setUpApp((app) => ({ baseUrl, page } = app));

/** Pathname of the page now. */
const pathname = () => new URL(page.url()).pathname;

/** Clicks a tab of a tab row (a navigation landmark) by its label. */
async function clickTab(navName, label) {
  await page.getByRole('navigation', { name: navName }).getByRole('link', { name: label, exact: true }).click();
}

/** The labels of the active tabs of a tab row. */
async function activeTabs(navName) {
  return page
    .getByRole('navigation', { name: navName })
    .locator('a[aria-current="page"]')
    .allTextContents();
}

/** Scrolls to the bottom until `done()` holds (an infinite list loads while scrolling). */
async function scrollUntil(done, { maxRounds = 40 } = {}) {
  for (let round = 0; round < maxRounds; round += 1) {
    if (await done()) return;
    await page.mouse.wheel(0, 4_000);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(250);
  }
  assert.fail('the list did not reach its end while scrolling');
}

/** Counts every item of a cursor-paged list through the API, to compare with the screen. */
async function countAllPages(apiPath, key) {
  let total = 0;
  let cursor = null;
  for (let i = 0; i < 100; i += 1) {
    const url = `${baseUrl}${apiPath}?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await page.request.get(url);
    assert.equal(response.status(), 200, `${url} answered ${response.status()}`);
    const body = await response.json();
    total += body[key].length;
    cursor = body.next_cursor;
    if (!cursor) return total;
  }
  assert.fail('too many pages');
}

/**
 * Loads `path` and records what the console and the page report meanwhile: errors, warnings
 * and anything about hydration (a mismatch is reported as an error, React #418 and the like).
 */
async function loadWatchingConsole(path, ready) {
  const { result: html, problems } = await watchConsole(page, async () => {
    const response = await page.goto(`${baseUrl}${path}`);
    const markup = (await response?.text()) ?? '';
    await ready();
    // Hydration and the data's first answers come after the first paint: give them time to complain.
    await page.waitForTimeout(1_500);
    return markup;
  });
  return { html, problems };
}

describe('first load', { timeout: 120_000 }, () => {
  // The first element of the app as the browser parsed it from the page: hydration keeps it,
  // a render from scratch replaces it.
  before(async () => {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        window.__siseParsedApp = document.querySelector('#root > .app');
      });
    });
  });
  const keptParsedApp = () =>
    page.evaluate(() => window.__siseParsedApp != null && window.__siseParsedApp === document.querySelector('#root > .app'));

  test('the home page loads without console errors or hydration warnings', async () => {
    const { html, problems } = await loadWatchingConsole('/m', async () => {
      await page.getByTestId('sample-data-notice').waitFor();
      await page.getByRole('list', { name: '인기 종목' }).getByRole('link').first().waitFor();
    });
    assert.deepEqual(problems, []);
    // The gateway answers /m with the build's prerendered page, which React hydrates.
    assert.match(html, /data-prerendered-path="\/m"/);
    assert.match(html, /<h2 class="section__title">인기 종목<\/h2>/);
    assert.equal(await keptParsedApp(), true, 'the prerendered markup is hydrated, not replaced');
  });

  test('the stock page loads without console errors or hydration warnings, its price shown', async () => {
    const { html, problems } = await loadWatchingConsole(SAMSUNG, async () => {
      await page.getByTestId('sample-data-notice').first().waitFor();
      await page.getByTestId('quote-price').waitFor();
      await page.getByTestId('key-figures').waitFor();
    });
    assert.deepEqual(problems, []);
    assert.match((await page.getByTestId('quote-price').textContent())?.trim() ?? '', /^[\d,.]+$/);
    assert.equal(await page.title(), '삼성전자 005930 : 시세');
    // The gateway fills the prerendered page with the id, the header and its data; React
    // hydrates it as it is.
    assert.ok(html.includes(`data-prerendered-path="${SAMSUNG}"`), 'served prerendered');
    assert.match(html, /data-testid="quote-price">[\d,.]+</, 'the header is filled by the gateway');
    assert.match(html, /id="sise-initial-data"/);
    assert.doesNotMatch(html, /SISESECURITYID/, 'the gateway replaces the sentinel id');
    assert.equal(await keptParsedApp(), true, 'the prerendered markup is hydrated, not replaced');
    // React takes the page's <title> over (from scratch, it would add its own before index.html's).
    assert.equal(await page.locator('title').count(), 1);
  });
});

describe('stock page', { timeout: 120_000 }, () => {
  test('shows a security and its price changes live, without a reload', async () => {
    await page.goto(`${baseUrl}${SAMSUNG}`);

    await page.getByRole('heading', { name: '삼성전자' }).waitFor();
    assert.equal((await page.getByTestId('security-code').textContent())?.trim(), '005930');
    await page.getByText('샘플 데이터 · 실제 KRX 과거 시세 기반 모의 시세').first().waitFor();

    const price = page.getByTestId('quote-price');
    const firstPrice = (await price.textContent())?.trim() ?? '';
    assert.match(firstPrice, /^[\d,.]+$/, `price should be a number, got "${firstPrice}"`);

    // A marker on window disappears if the page reloads.
    await page.evaluate(() => {
      window.__siseNoReload = true;
    });
    // The price the page showed when it changed (read again later, a 100 ms tick may have
    // brought it back to the first).
    const changed = await page.waitForFunction(
      (initial) => {
        const shown = document.querySelector('[data-testid="quote-price"]')?.textContent?.trim();
        return shown !== undefined && shown !== initial ? shown : false;
      },
      firstPrice,
      { timeout: PRICE_CHANGE_TIMEOUT_MS },
    );
    assert.equal(await page.evaluate(() => window.__siseNoReload), true, 'the page must not reload');
    const nextPrice = await changed.jsonValue();
    assert.match(nextPrice, /^[\d,.]+$/);
    assert.notEqual(nextPrice, firstPrice);

    await screenshot(page, 'stock-page');
  });

  test('accepts a format suffix', async () => {
    await page.goto(`${baseUrl}${SAMSUNG}.json`);
    await page.getByRole('heading', { name: '삼성전자' }).waitFor();
    await page.goto(`${baseUrl}${SAMSUNG}/quotations/foreign.json`);
    await page.getByTestId('investor-trends').waitFor();
    assert.equal(pathname(), `${SAMSUNG}/quotations/foreign`);
  });

  test('says so for an unknown security', async () => {
    await page.goto(`${baseUrl}/m/stocks/KOREA-A999999`);
    // The header says so, and the overview's sections too as their calls come back.
    await page.getByText('종목을 찾을 수 없습니다.').first().waitFor();
  });

  test('shows the fallback page for an unknown path', async () => {
    for (const path of ['/m/no-such-page', `${SAMSUNG}/nope`]) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByText('페이지를 찾을 수 없습니다.').waitFor();
      const home = page.getByRole('link', { name: '홈으로' });
      assert.equal(await home.getAttribute('href'), '/m');
    }
  });
});

describe('stock tabs of 삼성전자', { timeout: 180_000 }, () => {
  test('the overview has a chart, key figures, company, related stocks and articles', async () => {
    await page.goto(`${baseUrl}${SAMSUNG}`);
    await page.getByTestId('stock-overview').waitFor();
    assert.deepEqual(await activeTabs('종목 메뉴'), ['개요']);

    // The chart library loads lazily and draws on canvases.
    await page.locator('[data-testid="price-chart"] canvas').first().waitFor();
    const keyFigures = page.getByTestId('key-figures');
    await keyFigures.waitFor();
    assert.match((await page.getByTestId('figure-market-cap').textContent()) ?? '', /^[\d,]+조( [\d,]+억)?$/);
    await page.waitForFunction(
      () => /^[\d,]+$/.test(document.querySelector('[data-testid="figure-high-52-week"]')?.textContent ?? ''),
    );
    await page.waitForFunction(
      () => /^\d+\.\d\d%$/.test(document.querySelector('[data-testid="figure-foreign-ratio"]')?.textContent ?? ''),
    );
    await page.getByTestId('company-summary').getByText('삼성전자').first().waitFor();
    assert.ok((await page.getByTestId('related-stocks').getByRole('link').count()) >= 1, 'related stocks');
    assert.ok((await page.getByTestId('latest-articles').getByRole('link').count()) >= 1, 'latest articles');
    await screenshot(page, 'stock-overview', { fullPage: true });

    // Daily candles of a longer period.
    await page.getByRole('button', { name: '3개월' }).click();
    await page.locator('[data-testid="price-chart"][data-chart-type="candles"] canvas').first().waitFor();
    assert.equal(new URL(page.url()).searchParams.get('chart'), '3m');
    await screenshot(page, 'stock-chart-3m');
  });

  test('every tab shows its content, and back and forward move between tabs', async () => {
    await page.goto(`${baseUrl}${SAMSUNG}`);
    await page.getByTestId('stock-overview').waitFor();

    await clickTab('종목 메뉴', '시세');
    await page.getByTestId('daily-quotes').locator('tbody tr').nth(9).waitFor();
    assert.equal(pathname(), `${SAMSUNG}/quotations/daily`);
    assert.deepEqual(await activeTabs('시세 메뉴'), ['일별']);
    await screenshot(page, 'stock-quotations-daily');

    await clickTab('시세 메뉴', '투자자별');
    const investors = page.getByTestId('investor-trends');
    await investors.locator('tbody tr').nth(9).waitFor();
    await investors.getByText('샘플 데이터', { exact: false }).first().waitFor();
    assert.equal(pathname(), `${SAMSUNG}/quotations/foreign`);
    await screenshot(page, 'stock-quotations-foreign');

    await clickTab('시세 메뉴', '거래원');
    const traders = page.getByTestId('trader-board');
    await traders.getByText('최근 거래일').waitFor();
    assert.match((await traders.locator('.trader-column__name').first().textContent()) ?? '', /\S/);
    await traders.getByText('샘플 데이터', { exact: false }).first().waitFor();
    await screenshot(page, 'stock-quotations-trader');

    await clickTab('종목 메뉴', '분석');
    const statements = page.getByTestId('statement-table');
    await statements.waitFor();
    assert.equal(await statements.locator('thead th').count(), 1 + 8, 'eight quarters');
    await page.getByTestId('financial-statements').getByText('샘플 데이터', { exact: false }).first().waitFor();
    await page.getByRole('navigation', { name: '재무제표 기간' }).getByRole('link', { name: '연간' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="statement-table"] thead th').length === 6);
    assert.equal(new URL(page.url()).searchParams.get('term'), 'yearly');
    await screenshot(page, 'stock-analysis');

    await clickTab('종목 메뉴', '뉴스·공시');
    const articles = page.getByTestId('article-list-all');
    await articles.getByRole('link').nth(4).waitFor();
    assert.deepEqual(await activeTabs('뉴스·공시 메뉴'), ['전체']);
    await screenshot(page, 'stock-articles');

    // Back: 분석 (연간), 분석 (분기), 거래원, 투자자별, 일별, 개요; then forward again.
    await page.goBack();
    await page.getByTestId('statement-table').waitFor();
    assert.equal(pathname(), `${SAMSUNG}/analysis`);
    assert.equal(new URL(page.url()).searchParams.get('term'), 'yearly');
    await page.goBack();
    await page.goBack();
    await page.getByTestId('trader-board').waitFor();
    assert.deepEqual(await activeTabs('시세 메뉴'), ['거래원']);
    await page.goBack();
    await page.getByTestId('investor-trends').waitFor();
    await page.goBack();
    await page.getByTestId('daily-quotes').waitFor();
    await page.goBack();
    await page.getByTestId('stock-overview').waitFor();
    assert.equal(pathname(), SAMSUNG);
    await page.goForward();
    await page.getByTestId('daily-quotes').waitFor();
    await page.goForward();
    await page.getByTestId('investor-trends').waitFor();
    assert.deepEqual(await activeTabs('종목 메뉴'), ['시세']);
  });

  test('a scroll-to-top button appears after a third of the screen', async () => {
    await page.goto(`${baseUrl}${SAMSUNG}/quotations/daily`);
    await page.getByTestId('daily-quotes').locator('tbody tr').nth(20).waitFor();
    const button = page.getByRole('button', { name: '맨 위로' });
    const third = await page.evaluate(() => window.innerHeight / 3);

    await page.evaluate((y) => window.scrollTo(0, y), Math.floor(third) - 20);
    await page.waitForTimeout(200);
    assert.equal(await button.count(), 0, 'hidden before a third of the screen');

    await page.evaluate((y) => window.scrollTo(0, y), Math.ceil(third) + 40);
    await button.waitFor();
    await screenshot(page, 'scroll-to-top');
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await button.waitFor({ state: 'detached' });
  });
});

describe('news and disclosures', { timeout: 180_000 }, () => {
  test('disclosures load while scrolling down to the end', async () => {
    const total = await countAllPages(`/main/api/v1/securities/${HYUNDAI}/disclosures`, 'disclosures');
    assert.ok(total > 20, `현대차 should have more than one page of filings, has ${total}`);

    await page.goto(`${baseUrl}/m/stocks/${HYUNDAI}/articles/disclosures`);
    const list = page.getByTestId('article-list-disclosures');
    await list.getByRole('link').first().waitFor();
    assert.equal(await list.getByRole('link').count(), 20, 'the first page has 20 filings');

    const end = page.getByText('마지막 공시입니다.');
    await scrollUntil(async () => (await end.count()) > 0);
    assert.equal(await list.getByRole('link').count(), total, 'every filing is listed once');
    await screenshot(page, 'disclosures-end');

    // Filings open their DART page in a new tab.
    const first = list.getByRole('link').first();
    assert.match((await first.getAttribute('href')) ?? '', /^https:\/\/dart\.fss\.or\.kr\/dsaf001\/main\.do\?rcpNo=\d{14}$/);
    assert.equal(await first.getAttribute('target'), '_blank');
  });

  test('/m/news sends the browser to the external news address', async () => {
    // No outside network here: answer the external address locally.
    await page.route('https://news.naver.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>news</title>external news' }),
    );
    try {
      await page.goto(`${baseUrl}/m/news/latest`);
      await page.waitForURL('https://news.naver.com/section/101');
    } finally {
      await page.unroute('https://news.naver.com/**');
    }
  });
});

describe('asset pages', { timeout: 180_000 }, () => {
  test('index and FX pages refresh the major rates while open, and stop after leaving', async () => {
    const tickRequests = [];
    const onRequest = (request) => {
      if (new URL(request.url()).pathname === FOREX_TICK_PATH) tickRequests.push(Date.now());
    };
    page.on('request', onRequest);
    try {
      // From the home page's index cards, as a person would.
      await page.goto(`${baseUrl}/m`);
      await page.getByTestId('market-indexes').getByRole('link', { name: /코스피/ }).first().click();
      await page.waitForURL(`${baseUrl}/m/assets/INDEX-KOSPI`);
      await page.getByRole('heading', { name: '코스피' }).waitFor();
      assert.match((await page.getByTestId('asset-price').textContent()) ?? '', /^[\d,.]+$/);
      await page.locator('[data-testid="asset-chart"] canvas').first().waitFor();
      await page.getByTestId('major-forexes').getByRole('link').first().waitFor();
      assert.match((await page.getByTestId('index-days').locator('tbody tr td').first().textContent()) ?? '', /^[\d,.]+$/);
      await screenshot(page, 'asset-index', { fullPage: true });

      // Polling: more tick requests arrive while the page stays open.
      const start = tickRequests.length;
      assert.ok(start >= 1, 'the refresh starts on entry');
      await page.waitForTimeout(11_000);
      assert.ok(tickRequests.length >= start + 2, `polling continues (${start} → ${tickRequests.length})`);

      // Into the dollar by a link (no reload): converter and daily rates.
      await page.getByTestId('major-forexes').getByRole('link', { name: /USD|달러/ }).first().click();
      await page.waitForURL(`${baseUrl}/m/assets/FOREX-USDKRW`);
      await page.getByTestId('asset-price').waitFor();
      const result = page.getByTestId('forex-result');
      await page.waitForFunction(
        () => /^[\d,.]+$/.test(document.querySelector('[data-testid="forex-result"]')?.textContent ?? ''),
      );
      await page.getByRole('textbox').fill('100');
      await page.waitForFunction(
        (previous) => {
          const text = document.querySelector('[data-testid="forex-result"]')?.textContent ?? '';
          return /^[\d,.]+$/.test(text) && text !== previous;
        },
        (await result.textContent()) ?? '',
      );
      await page.getByTestId('day-forexes').locator('tbody tr').first().waitFor();
      await screenshot(page, 'asset-forex', { fullPage: true });

      // Leave through the app's own navigation: the refresh must stop.
      await page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link', { name: '홈' }).click();
      await page.getByRole('heading', { name: '인기 종목' }).waitFor();
      await page.waitForTimeout(500);
      const afterLeaving = tickRequests.length;
      await page.waitForTimeout(12_000);
      assert.equal(tickRequests.length, afterLeaving, 'no forex tick request after leaving the asset page');
    } finally {
      page.off('request', onRequest);
    }
  });

  test('the home page shows 인기 종목 from the API, and 삼성전자 (opened above) in 최근 본 종목', async () => {
    await page.goto(`${baseUrl}/m`);
    await page.getByRole('list', { name: '인기 종목' }).getByRole('link').first().waitFor();
    await page.getByTestId('recently-viewed').getByRole('link', { name: /삼성전자/ }).waitFor();
    await screenshot(page, 'home');
  });
});
