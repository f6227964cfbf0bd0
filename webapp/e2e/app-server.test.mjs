// End-to-end: what the page and the server do around the pages (issue 29, docs/app-bridge.md:
// "Maintenance", "Analytics", "Error reporting"), on a 390×844 phone, in a browser and through
// the harness that plays the native app (e2e/app-harness.mjs).
//
//   npm run build && SISE_BIN=… node --test e2e/app-server.test.mjs
//
// - The order modal through the harness (trade on Android, main on iOS): the firms the server
//   lists, filtered (trading enabled, never kakaopay), the fee sentence, and a firm opened through
//   the app's scheme; in a browser a firm goes to /m/web2app/….
// - Maintenance switched on by the operator command (`sise maintenance on --url … --message …`)
//   sends the next page load to its address; `__skipMaintenanceCheck=true` stays; `off` stays.
// - Analytics: page views (and a member's) arrive, read back with `sise analytics report --day
//   today --json` (page views, active members, the top screens as route patterns).
// - A screen's chunk that fails to load is reported (`POST /api/client-errors`, kind chunk_load).
// - The driverEvent promotion (`sise promotions set …`) opens on /m; closing hides it for 1 day,
//   with 일주일간 보지 않기 for 7; hidden it does not open; `sise promotions end`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { describe, test } from 'node:test';

import { APP_TYPES, openAppPhone } from './app-harness.mjs';
import { messengerConfig, messengerToken, signUpInApp } from './app-members.mjs';
import { REPO_ROOT, SERVER_BIN, operatorAccess, screenshot, setUpApp, signUpFromHeader, watchConsole } from './support.mjs';

let baseUrl;
let page;
let context;
// A server of its own: maintenance and the promotion change what every visitor sees, and the
// day's analytics report counts every page view.
setUpApp((app) => ({ baseUrl, page, context } = app), { ownServer: true });

const STOCK = 'KOREA-A005930';
const NO_EXTRA_FEE = '시세에서는 증권사 수수료 외에 추가 수수료가 없습니다.';
const DAY_S = 24 * 60 * 60;

/** Runs `sise <args> --operators <social operators>` as an operator; its output. */
async function sise(...args) {
  const operators = await operatorAccess();
  const output = execFileSync(SERVER_BIN, [...args, '--operators', operators.social], {
    cwd: REPO_ROOT,
    env: { ...process.env, SISE_OPERATOR_TOKEN: operators.token },
    encoding: 'utf8',
  }).trim();
  console.log(`sise ${args.join(' ')}: ${output}`);
  return output;
}

/** A page where maintenance sends browsers, served here (an operator's status page). */
async function maintenancePage() {
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><meta charset="utf-8"><title>점검 중</title><h1>서비스 점검 중입니다</h1>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  // Chromium may keep a connection open (or one it opened ahead, idle): closed with the server.
  const close = () =>
    new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${port}/maintenance.html`, close };
}

/**
 * Resolves with the next analytics batch the page posts (its request and answer) holding a page
 * view of `screen` (fetched: not a beacon of the page before).
 */
function nextAnalyticsBatch(target, screen) {
  return target.waitForResponse(
    (response) => {
      const request = response.request();
      if (!response.url().includes('/main/api/analytics/events') || request.resourceType() !== 'fetch') return false;
      const events = request.postDataJSON()?.events ?? [];
      return events.some((event) => event.name === 'page_view' && event.screen === screen);
    },
    { timeout: 30_000 },
  );
}

/** The server's firms as the order modal must list them (spec §2 Order). */
async function orderableFirms() {
  const answer = await fetch(`${baseUrl}/main/v13/security_firms?os=web&market_code=nomarket&version_code=-1`);
  assert.equal(answer.status, 200);
  const { security_firms: firms } = await answer.json();
  assert.ok(firms.some((firm) => firm.key === 'kakaopay'), 'the server lists the messenger provider\'s firm');
  assert.ok(firms.some((firm) => !firm.trading_enabled), 'the server lists firms without trading');
  return firms.filter((firm) => firm.trading_enabled && firm.key !== 'kakaopay');
}

/** Opens the order modal from the stock page's 주문 and returns it. */
async function openOrder(target) {
  await target.getByRole('button', { name: '주문', exact: true }).click();
  const modal = target.getByRole('dialog');
  await modal.getByRole('heading', { name: '삼성전자 주문하기' }).waitFor();
  await modal.getByRole('list', { name: '증권사' }).waitFor();
  return modal;
}

describe('the order modal', () => {
  let token;
  let prepared;
  const prepare = () =>
    (prepared ??= (async () => {
      const messenger = await messengerConfig(baseUrl);
      token = await messengerToken(baseUrl, messenger, '주문회원');
      await signUpInApp(baseUrl, token);
    })());

  for (const type of [APP_TYPES[3], APP_TYPES[0]]) {
    test(`${type.name}: the orderable firms, no extra fee, a firm opened through the app`, { timeout: 180_000 }, async () => {
      await prepare();
      const expected = await orderableFirms();
      const phone = await openAppPhone(type, { token });
      const { page: app } = phone;
      try {
        const { problems } = await watchConsole(app, async () => {
          await app.goto(`${baseUrl}/m/stocks/${STOCK}`);
          await app.getByRole('link', { name: /^회원\d+$/ }).waitFor();
          const modal = await openOrder(app);
          const listed = await modal.getByRole('list', { name: '증권사' }).getByRole('button').allTextContents();
          assert.deepEqual(listed, expected.map((firm) => firm.name));
          assert.ok(!listed.includes('카카오페이증권'));
          await modal.getByText(NO_EXTRA_FEE).waitFor();
          await screenshot(app, `order-modal-${type.name}`);

          await modal.getByRole('button', { name: '키움증권' }).click();
          await modal.waitFor({ state: 'detached' });
          await app.waitForFunction(
            (link) => (window.__fakeNative?.opened ?? []).includes(link),
            `${type.scheme}://viewAsset/${STOCK}?action=order&firm=kiwoom`,
          );
          // The page stays where it was: the app took the link.
          assert.equal(new URL(app.url()).pathname, `/m/stocks/${STOCK}`);
        });
        assert.deepEqual(problems, []);
      } finally {
        await phone.close();
      }
    });
  }

  test('in a browser a firm opens the app or its store through web2app', { timeout: 120_000 }, async () => {
    const { problems } = await watchConsole(page, async () => {
      await page.goto(`${baseUrl}/m/stocks/${STOCK}`);
      const modal = await openOrder(page);
      assert.deepEqual(
        await modal.getByRole('list', { name: '증권사' }).getByRole('button').allTextContents(),
        (await orderableFirms()).map((firm) => firm.name),
      );
      await screenshot(page, 'order-modal-browser');
      await modal.getByRole('button', { name: '미래에셋증권' }).click();
      await page.waitForURL((url) => url.pathname === `/m/web2app/viewAsset/${STOCK}`);
      const query = new URL(page.url()).searchParams;
      assert.equal(query.get('action'), 'order');
      assert.equal(query.get('firm'), 'mirae');
      assert.equal(query.get('utm_medium'), 'order_modal');
    });
    // A desktop Chromium cannot open the app: web2app says so (its own report, not a failure here).
    assert.deepEqual(
      problems.filter((problem) => !/app bridge|scheme_launch_failed/.test(problem)),
      [],
    );
  });
});

describe('maintenance', () => {
  test('switched on by the operator, the next page load goes to its address; off, it stays', { timeout: 120_000 }, async () => {
    const status = await maintenancePage();
    try {
      assert.match(await sise('maintenance', 'on', '--url', status.url, '--message', '서비스 점검 중입니다'), /maintenance ON/);
      await page.goto(`${baseUrl}/m`);
      await page.waitForURL(status.url, { timeout: 30_000 });
      await page.getByRole('heading', { name: '서비스 점검 중입니다' }).waitFor();

      // The query flag skips the check: the page stays, and never asks.
      const asked = [];
      const onRequest = (request) => {
        if (request.url().includes('/main/api/maintenance')) asked.push(request.url());
      };
      page.on('request', onRequest);
      const batch = nextAnalyticsBatch(page, '/m/stocks/:securityId');
      await page.goto(`${baseUrl}/m/stocks/${STOCK}?__skipMaintenanceCheck=true`);
      await page.getByTestId('quote-price').waitFor();
      // The first analytics batch leaves a second after the first paint: the check would be long done.
      await batch;
      page.off('request', onRequest);
      assert.deepEqual(asked, []);
      assert.equal(new URL(page.url()).pathname, `/m/stocks/${STOCK}`);

      assert.match(await sise('maintenance', 'off'), /maintenance off/);
      const checked = page.waitForResponse((response) => response.url().includes('/main/api/maintenance'));
      const after = nextAnalyticsBatch(page, '/m');
      await page.goto(`${baseUrl}/m?utm_source=e2e`);
      const answer = await checked;
      const request = new URL(answer.url());
      assert.equal(request.searchParams.get('phase'), 'prod');
      assert.match(request.searchParams.get('time') ?? '', /^\d{13}$/);
      assert.equal(request.searchParams.get('utm_source'), 'e2e', "the page's own query passes through");
      assert.deepEqual(await answer.json(), { maintenance: false, maintenance_url: null, message: null });
      await after;
      assert.equal(new URL(page.url()).pathname, '/m');
    } finally {
      await sise('maintenance', 'off').catch(() => undefined);
      await status.close();
    }
  });
});

describe('analytics', () => {
  test('page views and a member arrive, read in the operators\' report by route pattern', { timeout: 240_000 }, async () => {
    const before = JSON.parse(await sise('analytics', 'report', '--day', 'today', '--json'));
    const { problems } = await watchConsole(page, async () => {
      // A visitor's page views.
      const first = nextAnalyticsBatch(page, '/m');
      await page.goto(`${baseUrl}/m`);
      const batch = await first;
      assert.equal(batch.status(), 202);
      const sent = batch.request().postDataJSON();
      assert.match(sent.device_id, /^[0-9a-f-]{36}$/);
      assert.match(sent.session_id, /^[0-9a-f-]{36}$/);
      assert.deepEqual(
        sent.events.map((event) => [event.name, event.screen]),
        [['page_view', '/m']],
      );
      const cookies = await context.cookies(baseUrl);
      const device = cookies.find((cookie) => cookie.name === 'sise_aid');
      assert.equal(device?.value, sent.device_id);
      assert.equal(device?.sameSite, 'Lax');
      assert.ok(Math.abs(device.expires - (Date.now() / 1000 + 365 * DAY_S)) < 120, 'the device cookie lasts 365 days');

      // A member's: signed up from the header, then a stock page (a signed batch).
      await signUpFromHeader(page, '분석회원');
      const signed = nextAnalyticsBatch(page, '/m/stocks/:securityId');
      await page.goto(`${baseUrl}/m/stocks/${STOCK}`);
      await page.getByTestId('quote-price').waitFor();
      const member = await signed;
      assert.equal(member.status(), 202);
      assert.match(member.request().headers().authorization ?? '', /^Bearer /);
    });
    // The sign-up's 404 (no member yet: spec §4) is the one expected failure; Chromium logs it.
    const expected = /Failed to load resource: the server responded with a status of 404/;
    assert.deepEqual(
      problems.filter((problem) => !expected.test(problem)),
      [],
    );

    // The events went to the bus; social counts them for the report (a moment later).
    const deadline = Date.now() + 60_000;
    let report;
    for (;;) {
      report = JSON.parse(await sise('analytics', 'report', '--day', 'today', '--json'));
      const screens = new Map(report.top_screens.map(({ screen, views }) => [screen, views]));
      if (
        report.page_views >= before.page_views + 2 &&
        report.active_members >= 1 &&
        screens.get('/m/stocks/:securityId') >= 1 &&
        screens.get('/m') >= 1
      ) {
        break;
      }
      assert.ok(Date.now() < deadline, `the report did not count the page views: ${JSON.stringify(report)}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    assert.match(report.day, /^\d{4}-\d{2}-\d{2}$/);
    // Screens are route patterns, never a stock's own address.
    assert.ok(report.top_screens.every(({ screen }) => !screen.includes(STOCK)), JSON.stringify(report.top_screens));
  });
});

describe('error reporting', () => {
  test("a screen's chunk that fails to load is reported as chunk_load", { timeout: 120_000 }, async () => {
    const broken = /\/m\/static\/search-[^/]+\.js$/;
    await page.route(broken, (route) => route.abort('failed'));
    try {
      await page.goto(`${baseUrl}/m`);
      await page.getByTestId('popular-stocks').waitFor();
      const reported = page.waitForRequest(
        (request) => request.url().includes('/main/api/client-errors') && request.postDataJSON()?.kind === 'chunk_load',
        { timeout: 30_000 },
      );
      const answered = page.waitForResponse((response) => response.url().includes('/main/api/client-errors'));
      await page.getByRole('link', { name: '검색', exact: true }).click();
      const report = (await reported).postDataJSON();
      assert.equal(report.kind, 'chunk_load');
      assert.match(report.message, /search-[^/]+\.js/);
      assert.equal(report.page, '/m/search');
      assert.equal(report.app_type, 'browser');
      assert.match(report.release, /^[0-9a-f]{16}$/);
      assert.equal((await answered).status(), 204);
      // The reader sees the screen's error, with a retry.
      await page.getByRole('button', { name: '다시 시도' }).waitFor();
    } finally {
      await page.unroute(broken);
    }
  });
});

describe('the driverEvent promotion', () => {
  test('opens on /m; closing hides it for 1 day, with 일주일간 보지 않기 for 7; hidden, it does not open', { timeout: 180_000 }, async () => {
    const set = await sise('promotions', 'set', '--title', '봄맞이 이벤트', '--body', '관심종목을 등록하고 선물을 받으세요', '--ends-in-days', '3');
    const id = /#(\d+)/.exec(set)?.[1];
    assert.ok(id, `a promotion id in: ${set}`);
    const cookie = `sise_promo_hide_${id}`;
    const expiry = async () => (await context.cookies(baseUrl)).find((each) => each.name === cookie)?.expires;
    try {
      await context.clearCookies({ name: cookie });
      await page.goto(`${baseUrl}/m`);
      const modal = page.getByRole('dialog');
      await modal.getByRole('heading', { name: '봄맞이 이벤트' }).waitFor();
      await modal.getByText('관심종목을 등록하고 선물을 받으세요').waitFor();
      await screenshot(page, 'driver-event');
      await modal.getByRole('button', { name: '닫기' }).click();
      await modal.waitFor({ state: 'detached' });
      const oneDay = await expiry();
      assert.ok(oneDay && Math.abs(oneDay - (Date.now() / 1000 + DAY_S)) < 120, `1 day: ${oneDay}`);

      await context.clearCookies({ name: cookie });
      await page.goto(`${baseUrl}/m`);
      await modal.getByRole('checkbox', { name: '일주일간 보지 않기' }).check();
      // Escape closes it too (the modal frame).
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      const week = await expiry();
      assert.ok(week && Math.abs(week - (Date.now() / 1000 + 7 * DAY_S)) < 120, `7 days: ${week}`);

      // Hidden: the promotion is asked for, and does not open.
      const asked = page.waitForResponse((response) => response.url().includes('/main/api/promotion'));
      const batch = nextAnalyticsBatch(page, '/m');
      await page.goto(`${baseUrl}/m`);
      assert.equal((await (await asked).json()).promotion?.id, Number(id));
      await batch;
      assert.equal(await page.getByRole('dialog').count(), 0);
    } finally {
      await sise('promotions', 'end').catch(() => undefined);
    }
    // Ended: nothing runs.
    const none = await (await fetch(`${baseUrl}/main/api/promotion`)).json();
    assert.equal(none.promotion, null);
  });
});
