// "Why it moved" on the stock page (docs/architecture.md, "Why it moved"): the chart's
// largest moves carry ▲/▼ markers; tapping one opens the sheet with the move and its
// 공시, 뉴스 and 토론 sections, each linking on.
//
//   npm run build && node --test e2e/moves.test.mjs
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { screenshot, setUpApp, watchConsole } from './support.mjs';

const SAMSUNG = 'KOREA-A005930';

let baseUrl;
let page;
setUpApp((app) => ({ baseUrl, page } = app));

describe('why it moved', () => {
  test('a marker of the year chart opens the sheet with disclosures, news and the board', { timeout: 120_000 }, async () => {
    const { problems } = await watchConsole(page, async () => {
      await page.goto(`${baseUrl}/m/stocks/${SAMSUNG}?chart=1y`);
      const chart = page.getByTestId('stock-chart');
      const markers = chart.getByRole('button', { name: /이유 보기$/ });
      await markers.first().waitFor({ timeout: 60_000 });
      // The three largest moves of the year, as the API has them.
      const response = await page.request.get(`${baseUrl}/main/api/v1/securities/${SAMSUNG}/moves?period=1y`);
      assert.equal(response.status(), 200);
      const { moves } = await response.json();
      assert.equal(await markers.count(), moves.length);
      const largest = moves[0];
      const sign = largest.change_rate > 0 ? '+' : '';
      const label = new RegExp(`${Math.abs(largest.change_rate).toFixed(2)}% (급등|급락) 이유 보기$`);
      const marker = chart.getByRole('button', { name: label }).first();
      await screenshot(page, 'moves-markers');
      await marker.click();

      const sheet = page.getByRole('dialog').getByTestId('move-sheet');
      await sheet.getByRole('heading', { name: '왜 움직였을까?' }).waitFor();
      assert.ok((await sheet.textContent()).includes(`${sign}${largest.change_rate.toFixed(2)}%`));
      for (const section of ['공시', '뉴스', '토론']) {
        await sheet.getByRole('region', { name: section }).waitFor();
      }
      // Each section lists its items as links, or says it has none.
      const disclosures = sheet.getByRole('region', { name: '공시' });
      if (largest.disclosures.length > 0) {
        assert.equal(await disclosures.getByRole('link').count(), largest.disclosures.length);
        assert.match(await disclosures.getByRole('link').first().getAttribute('href'), /^https:\/\/dart\.fss\.or\.kr\//);
      } else {
        assert.ok((await disclosures.textContent()).includes('공시가 없습니다'));
      }
      const news = sheet.getByRole('region', { name: '뉴스' });
      if (largest.news.length > 0) {
        assert.equal(await news.getByRole('link').count(), largest.news.length);
      } else {
        assert.ok((await news.textContent()).includes('뉴스가 없습니다'));
      }
      await screenshot(page, 'moves-sheet');

      // 토론 보기 goes to the stock's board; the sheet closes with the page.
      await sheet.getByRole('region', { name: '토론' }).getByRole('link', { name: '토론 보기' }).click();
      await page.waitForURL(`**/m/stocks/${SAMSUNG}/debates`);
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    });
    assert.deepEqual(problems, []);
  });

  test('the week chart has markers too, and 닫기 closes the sheet', { timeout: 60_000 }, async () => {
    await page.goto(`${baseUrl}/m/stocks/${SAMSUNG}?chart=1w`);
    const marker = page.getByTestId('stock-chart').getByRole('button', { name: /이유 보기$/ }).first();
    await marker.waitFor({ timeout: 30_000 });
    await marker.click();
    const sheet = page.getByTestId('move-sheet');
    await sheet.getByRole('heading', { name: '왜 움직였을까?' }).waitFor();
    await sheet.getByRole('button', { name: '닫기' }).click();
    await sheet.waitFor({ state: 'detached' });
  });
});
