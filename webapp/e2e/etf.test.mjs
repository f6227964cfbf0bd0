// End-to-end: an ETF's pages, as a new user finds them (issue 28, "ETFs").
//
//   npm run build && node --test e2e/etf.test.mjs
//
// Search 코덱스200 (a nickname), open KODEX 200, see its facts on the overview, open its
// components (the whole basket on 분석, labelled as computed), with NAV against price, and
// follow a component to its own stock page.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { screenshot, setUpApp, watchConsole } from './support.mjs';

const KODEX_200 = 'KOREA-A069500';

let baseUrl;
let page;
setUpApp((app) => ({ baseUrl, page } = app));

const pathname = () => new URL(page.url()).pathname;

describe('ETF pages', { timeout: 180_000 }, () => {
  test('finds KODEX 200 by its nickname and opens its components', async () => {
    await watchConsole(page, async () => {
      await page.goto(`${baseUrl}/m/search`);
      const box = page.getByRole('combobox', { name: '검색어 입력' });
      await box.waitFor();
      await box.pressSequentially('코덱스200', { delay: 20 });
      const suggestion = page.getByRole('option', { name: /KODEX 200/ }).first();
      await suggestion.waitFor();
      await suggestion.tap();
      await page.waitForURL(`**/m/stocks/${KODEX_200}`);
      await page.getByRole('heading', { name: 'KODEX 200' }).waitFor();

      // The overview: the ETF's facts instead of a company summary, and its top components.
      const facts = page.getByTestId('etf-facts');
      await facts.waitFor();
      const factsText = (await facts.textContent()) ?? '';
      assert.match(factsText, /삼성자산운용/);
      assert.match(factsText, /코스피 200/);
      assert.match(factsText, /연 0\.15%/);
      const top = page.getByTestId('etf-components').locator('tbody tr');
      await top.first().waitFor();
      assert.equal(await top.count(), 5);
      assert.match((await top.first().textContent()) ?? '', /삼성전자/);
      await screenshot(page, 'etf-overview');

      // 전체 보기 opens the whole basket on 분석, labelled as computed (샘플 데이터).
      const section = page.getByTestId('etf-components-section');
      await section.getByRole('link', { name: '전체 보기' }).click();
      await page.waitForURL(`**/m/stocks/${KODEX_200}/analysis`);
      await page.getByTestId('etf-analysis').waitFor();
      const rows = page.getByTestId('etf-components').locator('tbody tr');
      await rows.nth(199).waitFor();
      assert.equal(await rows.count(), 200);
      assert.match((await page.getByTestId('etf-components-section').textContent()) ?? '', /샘플 데이터/);
      assert.match((await page.getByTestId('etf-components-section').textContent()) ?? '', /전체 200종목/);

      // NAV against price, newest first, with the premium or discount.
      const values = page.getByTestId('etf-values').locator('tbody tr');
      await values.first().waitFor();
      assert.equal(await values.count(), 20);
      assert.match((await values.first().textContent()) ?? '', /03\.17/);
      assert.match((await page.getByTestId('etf-values-section').textContent()) ?? '', /운용사가 공시한 NAV가 아닙니다/);
      await screenshot(page, 'etf-components', { fullPage: true });

      // A component is a listed stock with its own page.
      await rows.first().getByRole('link').click();
      await page.waitForURL('**/m/stocks/KOREA-A005930');
      assert.equal(pathname(), '/m/stocks/KOREA-A005930');
      await page.getByRole('heading', { name: '삼성전자' }).waitFor();
    });
  });

  test('a foreign-index ETF says why it shows no components', async () => {
    await watchConsole(page, async () => {
      await page.goto(`${baseUrl}/m/stocks/KOREA-A360750/analysis`);
      await page.getByTestId('etf-analysis').waitFor();
      const section = page.getByTestId('etf-components-section');
      await section.getByText('구성종목을 표시하지 않습니다', { exact: false }).waitFor();
      assert.equal(await page.getByTestId('etf-components').count(), 0);
    });
  });
});
