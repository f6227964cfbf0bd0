// End-to-end: 최근 본 종목 (recently viewed stocks), kept on the device.
//
//   npm run build && node --test e2e/history.test.mjs
//
// Opens two stock pages, finds them under MY newest first with their prices, removes one in
// the editor and sees the change outlive a reload. One server and one phone-sized Chromium for
// the whole file (see support.mjs); screenshots go to test-results/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { screenshot, setUpApp, watchConsole } from './support.mjs';

const SAMSUNG = 'KOREA-A005930';
const HYNIX = 'KOREA-A000660';

let baseUrl;
let page;
setUpApp((app) => ({ baseUrl, page } = app));

const pathname = () => new URL(page.url()).pathname;

/** The names of a quote list's rows, top to bottom, once every name has arrived. */
async function rowNames(list) {
  await page.waitForFunction(
    (element) => ![...element.querySelectorAll('.quote-list__name')].some((name) => name.textContent === '…'),
    await list.elementHandle(),
  );
  return list.locator('.quote-list__name').allTextContents();
}

/** The prices of a quote list's rows, once every row has one. */
async function rowPrices(list, count) {
  const prices = list.locator('.quote-list__price');
  await page.waitForFunction(
    ([element, expected]) => element.querySelectorAll('.quote-list__price').length === expected,
    [await list.elementHandle(), count],
  );
  return (await prices.allTextContents()).map((price) => price.trim());
}

/** Opens a stock page and waits until it has its security (a view is recorded then). */
async function openStock(securityId, name) {
  await page.goto(`${baseUrl}/m/stocks/${securityId}`);
  await page.getByRole('heading', { name }).waitFor();
  await page.waitForFunction(
    (id) => (localStorage.getItem('sise.recent-stocks.v1') ?? '').includes(id),
    securityId,
  );
}

describe('recently viewed stocks', { timeout: 180_000 }, () => {
  test('opens two stock pages, finds them under MY newest first, edits the list, keeps it after a reload', async () => {
    await openStock(SAMSUNG, '삼성전자');
    await openStock(HYNIX, 'SK하이닉스');

    // MY, from the bottom tab bar.
    await page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link', { name: 'MY', exact: true }).click();
    await page.getByRole('heading', { name: 'MY', level: 1 }).waitFor();
    assert.equal(pathname(), '/m/my');
    const myRecent = page.getByTestId('my-recent');
    assert.deepEqual(await rowNames(myRecent.locator('.quote-list')), ['SK하이닉스', '삼성전자']);
    await screenshot(page, 'history-my');

    // 최근 본 종목: both, newest first, with prices.
    await myRecent.getByRole('link', { name: '전체보기' }).click();
    await page.getByRole('heading', { name: '최근 본 종목', level: 1 }).waitFor();
    assert.equal(pathname(), '/m/my/history');
    const list = page.locator('.quote-list');
    assert.deepEqual(await rowNames(list), ['SK하이닉스', '삼성전자']);
    for (const price of await rowPrices(list, 2)) assert.match(price, /^[\d,.]+$/, `a price, got "${price}"`);
    assert.equal(
      await page.getByRole('navigation', { name: '주요 메뉴' }).locator('a[aria-current="page"]').textContent(),
      'MY',
    );
    await screenshot(page, 'history-list');

    // 편집: select SK하이닉스, delete it; 삼성전자 remains and nothing is selected.
    await page.getByRole('link', { name: '편집' }).click();
    await page.getByRole('heading', { name: '최근 본 종목 편집' }).waitFor();
    assert.equal(pathname(), '/m/my/history/edit');
    await page.getByRole('checkbox', { name: 'SK하이닉스' }).check();
    await page.getByText('1개 선택').waitFor();
    await screenshot(page, 'history-edit');
    await page.getByRole('button', { name: '삭제' }).click();
    await page.getByRole('checkbox', { name: 'SK하이닉스' }).waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('checkbox', { name: '삼성전자' }).isChecked(), false);
    await page.getByText('0개 선택').waitFor();

    // 완료: back on the list, which has only 삼성전자.
    await page.getByRole('link', { name: '완료' }).click();
    await page.getByRole('link', { name: '편집' }).waitFor();
    assert.equal(pathname(), '/m/my/history');
    assert.deepEqual(await rowNames(list), ['삼성전자']);

    // Kept on the device: the same after a reload, and mirrored into the cookie as short codes.
    await page.reload();
    await page.getByRole('heading', { name: '최근 본 종목', level: 1 }).waitFor();
    assert.deepEqual(await rowNames(list), ['삼성전자']);
    assert.match((await rowPrices(list, 1))[0] ?? '', /^[\d,.]+$/);
    const cookie = (await page.context().cookies(baseUrl)).find(({ name }) => name === 'recent_stocks');
    assert.equal(cookie?.value, 'A005930');
    assert.equal(cookie?.path, '/');
    assert.equal(cookie?.sameSite, 'Lax');
  });

  test('the home page shows them last once hydrated, without hydration warnings', async () => {
    const { problems } = await watchConsole(page, async () => {
      const response = await page.goto(`${baseUrl}/m`);
      const html = (await response?.text()) ?? '';
      // Served prerendered, without the list (it is this device's).
      assert.match(html, /data-prerendered-path="\/m"/);
      assert.doesNotMatch(html, /최근 본 종목/);
      const strip = page.getByTestId('recently-viewed');
      await strip.getByRole('link', { name: /삼성전자/ }).waitFor();
      await strip.locator('.recent-strip__price').first().waitFor();
      assert.equal(
        await strip.evaluate((element) => element.parentElement?.lastElementChild === element),
        true,
        'the strip comes last on the page',
      );
      await page.waitForTimeout(1_000);
      await screenshot(page, 'home-recently-viewed', { fullPage: true });
    });
    assert.deepEqual(problems, []);
  });
});
