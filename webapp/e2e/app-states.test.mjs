// End-to-end: the app around the web's smaller parts, in a browser and through the harness that
// plays the native app (e2e/app-harness.mjs), on a 390×844 phone.
//
//   npm run build && SISE_BIN=… node --test e2e/app-states.test.mjs
//
// In a browser: the share modal from a stock page (the six channels, Tab kept inside, Escape
// closes it and gives focus back, 링크 복사 copies with the spec's notice, a failed copy shows the
// address to copy by hand); pull to refresh refetches the page's data; the open-in-app price
// button goes to web2app with its target and campaign. Through the harness: 카카오톡 is the
// app's share call, a channel page opens through the app (outerLink), the copy works there too;
// the new-post form goes back by the distance counter to the board the write button remembered
// (and, opened on its own, to the board in its place); a refused session token is renewed by the
// app's token with the refresh flag.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { APP_TYPES, openAppPhone } from './app-harness.mjs';
import { messengerConfig, messengerToken, signUpInApp } from './app-members.mjs';
import { screenshot, setUpApp, watchConsole } from './support.mjs';

let baseUrl;
let page;
let context;
setUpApp((app) => ({ baseUrl, page, context } = app));

const STOCK = 'KOREA-A005930';
const COPIED = '주소가 복사되었습니다. 원하는 곳에 붙여넣기 해주세요.';
const COPY_FAILED = '주소를 복사하지 못했습니다. 아래 주소를 길게 눌러 복사해 주세요.';
const CHANNELS = ['카카오톡', '페이스북', 'X', '이메일', '밴드', '링크 복사'];

/** Whether the focused element is inside the open share modal. */
const focusInModal = (target) => target.evaluate(() => !!document.activeElement?.closest('dialog[open]'));

/** Opens the share modal from the stock page's 공유하기. */
async function openShare(target) {
  await target.getByRole('button', { name: '공유하기' }).click();
  const modal = target.getByRole('dialog');
  await modal.getByRole('heading', { name: '공유하기' }).waitFor();
  return modal;
}

/** A finger pulling the page down from y 200 by `by` px (Chromium's touch input, through CDP). */
async function pullDown(target, by) {
  const cdp = await target.context().newCDPSession(target);
  const point = (y) => [{ x: 195, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(200) });
  for (let step = 1; step <= 8; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(200 + (by * step) / 8) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The router's index of the current history entry (react-router keeps it in history.state). */
const historyIndex = (target) => target.evaluate(() => window.history.state?.idx);

describe('in a browser', () => {
  test('share: six channels, the keyboard kept inside, Escape, copy and the copy by hand', { timeout: 120_000 }, async () => {
    const origin = new URL(baseUrl).origin;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const { problems } = await watchConsole(page, async () => {
      await page.goto(`${baseUrl}/m/stocks/${STOCK}`);
      const share = page.getByRole('button', { name: '공유하기' });
      await share.focus();
      const modal = await openShare(page);
      assert.deepEqual(await modal.getByRole('listitem').allTextContents(), CHANNELS);
      const facebook = new URL(await modal.getByRole('link', { name: '페이스북' }).getAttribute('href'));
      assert.equal(facebook.searchParams.get('u'), page.url());

      // Tab and Shift+Tab go round the modal's controls and never leave it.
      assert.ok(await focusInModal(page), 'the modal has the focus');
      const seen = new Set();
      for (let press = 0; press < 10; press++) {
        await page.keyboard.press('Tab');
        assert.ok(await focusInModal(page), `Tab ${press + 1} stayed inside`);
        seen.add(await page.evaluate(() => document.activeElement?.textContent));
      }
      for (const label of [...CHANNELS, '닫기']) assert.ok(seen.has(label), `Tab reached ${label}`);
      for (let press = 0; press < 3; press++) {
        await page.keyboard.press('Shift+Tab');
        assert.ok(await focusInModal(page), 'Shift+Tab stayed inside');
      }
      await screenshot(page, 'app-states-share');

      // Escape closes it, and the focus is back on 공유하기.
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      assert.equal(await share.evaluate((button) => button === document.activeElement), true);

      // 링크 복사: the address in the clipboard, the spec's notice.
      await openShare(page);
      await page.getByRole('button', { name: '링크 복사' }).click();
      await page.getByRole('status').filter({ hasText: COPIED }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());
      await page.getByRole('button', { name: '닫기' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // Copying refused (no clipboard, no copy command): the address to copy by hand.
      await page.evaluate(() => {
        navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
        document.execCommand = () => false;
      });
      await openShare(page);
      await page.getByRole('button', { name: '링크 복사' }).click();
      await page.getByRole('alert').filter({ hasText: COPY_FAILED }).waitFor();
      assert.equal(await page.getByRole('textbox', { name: '공유할 주소' }).inputValue(), page.url());
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    });
    assert.deepEqual(problems, []);
  });

  test('pull to refresh refetches the page; the price button goes to web2app', { timeout: 120_000 }, async () => {
    const { problems } = await watchConsole(page, async () => {
      await page.goto(`${baseUrl}/m/stocks/${STOCK}/articles/disclosures`);
      await page.locator('a[data-kind="disclosure"]').first().waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));

      // A short pull lets go without asking anything; a long one refetches.
      let asked = 0;
      const count = (request) => {
        if (request.url().includes(`/api/v1/securities/${STOCK}/disclosures`)) asked += 1;
      };
      page.on('request', count);
      await pullDown(page, 60);
      await page.getByRole('status').filter({ hasText: '당겨서 새로고침' }).waitFor({ state: 'detached' });
      assert.equal(asked, 0, 'a short pull is no refresh');
      const refetched = page.waitForRequest((request) => request.url().includes(`/api/v1/securities/${STOCK}/disclosures`));
      await pullDown(page, 300);
      await refetched;
      page.off('request', count);
      // Still the same page (the browser's own pull, a reload, is off).
      assert.equal(new URL(page.url()).pathname, `/m/stocks/${STOCK}/articles/disclosures`);
    });
    assert.deepEqual(problems, []);
    await screenshot(page, 'app-states-price-button');

    // The open-in-app price button: web2app at the stock, with its campaign.
    await page.getByRole('button', { name: '앱에서 실시간 시세 보기' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/m/web2app/'));
    const web2app = new URL(page.url());
    assert.equal(web2app.pathname, `/m/web2app/viewAsset/${STOCK}`);
    assert.equal(web2app.searchParams.get('utm_campaign'), 'realtime_quotation');
    assert.equal(web2app.searchParams.get('utm_source'), 'mweb');
    // Chromium here passes for a desktop: the web2app page says it cannot open the app.
    await page.getByText('데스크톱에서는 앱을 열 수 없습니다').waitFor();
  });
});

describe('inside an app', () => {
  const type = APP_TYPES[1]; // main-android
  let token;
  let prepared;
  const prepare = () =>
    (prepared ??= (async () => {
      const messenger = await messengerConfig(baseUrl);
      token = await messengerToken(baseUrl, messenger, '상태회원');
      await signUpInApp(baseUrl, token);
    })());

  test('share through the app, a channel page through the app, and the copy', { timeout: 120_000 }, async () => {
    await prepare();
    const phone = await openAppPhone(type, { token });
    const { page: app } = phone;
    try {
      await phone.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseUrl).origin });
      const { problems } = await watchConsole(app, async () => {
        await app.goto(`${baseUrl}/m/stocks/${STOCK}`);
        await app.getByRole('link', { name: /^회원\d+$/ }).waitFor();

        // 카카오톡 is the app's share, with the page's address and title.
        await openShare(app);
        await app.getByRole('button', { name: '카카오톡' }).click();
        await app.getByRole('dialog').waitFor({ state: 'detached' });
        const share = (await phone.calls()).find((call) => call.name === 'share');
        assert.ok(share, 'the app was asked to share');
        assert.equal(share.params.url, app.url());
        assert.equal(share.params.title, await app.title());

        // A channel's share page leaves through the app (outerLink).
        await openShare(app);
        await app.getByRole('link', { name: '밴드' }).click();
        await app.waitForFunction(() => (window.__fakeNative?.opened ?? []).some((url) => url.startsWith('sise://outerLink')));
        const opened = (await phone.opened()).find((url) => url.startsWith('sise://outerLink'));
        const band = new URL(new URL(opened).searchParams.get('url'));
        assert.equal(band.origin + band.pathname, 'https://band.us/plugin/share');
        assert.ok(band.searchParams.get('body').endsWith(app.url()));

        // The copy works in the app's web view too.
        await app.getByRole('button', { name: '링크 복사' }).click();
        await app.getByRole('status').filter({ hasText: COPIED }).waitFor();
        assert.equal(await app.evaluate(() => navigator.clipboard.readText()), app.url());
        await app.keyboard.press('Escape');
        await app.getByRole('dialog').waitFor({ state: 'detached' });
        // No price button inside the app.
        assert.equal(await app.getByRole('button', { name: '앱에서 실시간 시세 보기' }).count(), 0);
      });
      assert.deepEqual(problems, []);
    } finally {
      await phone.close();
    }
  });

  test('the new-post form goes back by the distance to the board it came from', { timeout: 180_000 }, async () => {
    await prepare();
    const phone = await openAppPhone(type, { token });
    const { page: app } = phone;
    try {
      const { problems } = await watchConsole(app, async () => {
        await app.goto(`${baseUrl}/m/stocks/${STOCK}`);
        await app.getByRole('link', { name: /^회원\d+$/ }).waitFor();
        const overview = await historyIndex(app);
        await app.getByRole('link', { name: '토론', exact: true }).click();
        await app.getByTestId('board').waitFor();
        const board = await historyIndex(app);
        assert.equal(board, overview + 1);
        const length = await app.evaluate(() => window.history.length);

        // The write button (the app's: straight to the form) remembers the board.
        await app.getByRole('button', { name: '글쓰기' }).click();
        await app.waitForURL((url) => url.pathname === `/m/stocks/${STOCK}/debates/new`);
        assert.equal(await historyIndex(app), board + 1);
        // The form's own field first: while its chunk loads the board stays on screen, and the
        // board's filter is a 말머리 group too (a click there once chose the board's 의견).
        await app.getByLabel('내용').waitFor();
        await app.getByRole('group', { name: '말머리' }).getByRole('button', { name: '의견' }).click();
        await app.getByLabel('내용').fill('거리만큼 돌아가는 글쓰기 확인');
        await app.getByRole('button', { name: '등록', exact: true }).click();

        // Back by the distance: the board's own entry, the post on top; no copy of the board pushed.
        await app.waitForURL((url) => url.pathname === `/m/stocks/${STOCK}/debates`);
        await app.getByRole('list', { name: '토론 글' }).locator('article').first().getByText('거리만큼 돌아가는 글쓰기 확인').waitFor();
        assert.equal(await historyIndex(app), board);
        assert.equal(await app.evaluate(() => window.history.length), length + 1, 'the form stays ahead, as forward');
        // And back from the board is the overview, as if the form had never been.
        await app.goBack();
        await app.waitForURL((url) => url.pathname === `/m/stocks/${STOCK}`);
        assert.equal(await historyIndex(app), overview);

        // The form opened on its own (nothing to go back to): the board in its place.
        await app.goto(`${baseUrl}/m/stocks/${STOCK}/debates/new`);
        // The form's field first: the router numbers its history entry as the page starts,
        // which the load event does not wait for (read at once, the index was once undefined).
        await app.getByLabel('내용').waitFor();
        const alone = await historyIndex(app);
        await app.getByRole('group', { name: '말머리' }).getByRole('button', { name: '질문' }).click();
        await app.getByLabel('내용').fill('혼자 열린 글쓰기 확인');
        await app.getByRole('button', { name: '등록', exact: true }).click();
        await app.waitForURL((url) => url.pathname === `/m/stocks/${STOCK}/debates`);
        await app.getByText('혼자 열린 글쓰기 확인').first().waitFor();
        assert.equal(await historyIndex(app), alone);
      });
      assert.deepEqual(problems, []);
    } finally {
      await phone.close();
    }
  });

  test('a refused session token is renewed with the app’s fresh token', { timeout: 120_000 }, async () => {
    await prepare();
    const phone = await openAppPhone(type, { token });
    const { page: app } = phone;
    try {
      await app.goto(`${baseUrl}/m/my`);
      await app.getByRole('link', { name: /^회원\d+$/ }).waitFor();
      const before = await app.evaluate(() => JSON.parse(localStorage.getItem('sise.login.v1')).accessToken);
      // The refused call and the renewal are awaited from before the sessions end: a signed
      // call of the page's own (a refetch) may be the one refused, before the pull to refresh.
      const refused = app.waitForResponse((response) => response.status() === 401);
      const activated = app.waitForResponse((response) => response.url().includes('/main/api/session/activate'));
      // Every session of the member ends (as a logout elsewhere would).
      const ended = await fetch(`${baseUrl}/main/api/session`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${before}` },
      });
      assert.equal(ended.status, 204);

      // The next signed call is refused: the app is asked for a fresh token, a session opened
      // with it, and the call answered with the new one. The call comes from the app's pull to
      // refresh on the same page, not a reload: a reload would lose the calls the harness
      // recorded (they live in the page).
      await phone.fire('pullToRefresh');
      await refused;
      assert.equal((await activated).status(), 200);
      await app.getByRole('link', { name: /^회원\d+$/ }).waitFor();
      const calls = await phone.calls();
      assert.ok(
        calls.some((call) => call.name === 'getToken' && call.params.refresh === true),
        `calls: ${JSON.stringify(calls.filter((call) => call.name === 'getToken'))}`,
      );
      const after = await app.evaluate(() => JSON.parse(localStorage.getItem('sise.login.v1')).accessToken);
      assert.notEqual(after, before);
    } finally {
      await phone.close();
    }
  });
});
