// End-to-end: the web inside the native apps, through the harness that plays them
// (e2e/app-harness.mjs, docs/app-bridge.md), and web2app in a browser.
//
//   npm run build && SISE_BIN=… node --test e2e/app-bridge.test.mjs
//
// For each of the six app types (main, trade, virtual-trade on iOS and Android), a phone whose
// web view carries that app's user-agent marker and the fake native side: the page signs the
// member in with the app's token (POST /api/session/activate), takes the app's font size at
// start and when the app changes it, opens a deep link of each kind through the app's scheme
// (an app screen with a path parameter: a news item's newsDetail; one with a DART filing's
// number: disclosureDetail; a query-carrying link out: a post's link as outerLink), and
// refetches on the app's pull to refresh. In a browser: the bridge's code never loads; web2app
// on an Android phone opens the app and falls back to the store with the source and campaign
// parameters; on a desktop it fails with the spec's error.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { ANDROID_BROWSER, APP_TYPES, openAppPhone } from './app-harness.mjs';
import { messengerConfig, messengerToken, postJson as postJsonAt, signUpInApp } from './app-members.mjs';
import { openPhone, screenshot, setUpApp, watchConsole } from './support.mjs';

let baseUrl;
let page;
setUpApp((app) => ({ baseUrl, page } = app));

const STOCK = 'KOREA-A005930';
const LINK = 'https://example.com/sise-e2e';
const STORE = 'https://play.google.com/store/apps/details?id=kr.sise.app';

const postJson = (path, body, accessToken) => postJsonAt(baseUrl, path, body, accessToken);

/** Members signed up in the app (spec §1: sign-up is the app's), one per app type. */
const tokens = new Map();
let postId;
let prepared;

/** The members and the post, made once (after the server is up) for the tests that need them. */
function prepare() {
  prepared ??= (async () => {
    const messenger = await messengerConfig(baseUrl);
    for (const [index, type] of APP_TYPES.entries()) {
      const token = await messengerToken(baseUrl, messenger, `앱회원${index + 1}`);
      await signUpInApp(baseUrl, token);
      tokens.set(type.name, token);
    }
    // A post with a link, for the outerLink deep link.
    const session = await postJson('/main/api/session', { kakao_access_token: tokens.get(APP_TYPES[0].name) });
    assert.equal(session.status, 200);
    const post = await postJson(
      `/social/api/v1/securities/${STOCK}/posts`,
      { content: `앱에서 여는 링크 ${LINK} 확인`, category: 'opinion' },
      session.json.access_token,
    );
    assert.equal(post.status, 201, JSON.stringify(post.json));
    postId = post.json.post.id;
  })();
  return prepared;
}

/** Waits until the fake app recorded a link of `scheme` to `target` and returns it. */
async function waitForOpened(phone, prefix) {
  await phone.page.waitForFunction((start) => (window.__fakeNative?.opened ?? []).some((url) => url.startsWith(start)), prefix);
  return (await phone.opened()).find((url) => url.startsWith(prefix));
}

describe('inside the apps', () => {
  for (const type of APP_TYPES) {
    test(`${type.name}: sign in by the app's token, font size, deep links, pull to refresh`, { timeout: 180_000 }, async () => {
      await prepare();
      const phone = await openAppPhone(type, { token: tokens.get(type.name), fontSizeLevel: 4 });
      const { page: app } = phone;
      try {
        const { problems } = await watchConsole(app, async () => {
          // The home page (prerendered, hydrated without a warning in the app too).
          const activated = app.waitForResponse((response) => response.url().includes('/main/api/session/activate'));
          await app.goto(`${baseUrl}/m`);

          // Signed in with the app's token: the header names the member.
          assert.equal((await activated).status(), 200);
          await app.getByRole('link', { name: /^회원\d+$/ }).waitFor();
          const calls = (await phone.calls()).map((call) => call.name);
          assert.ok(calls.includes('getToken'), `calls: ${calls.join(', ')}`);
          if (type.os === 'ios') assert.ok(calls.includes('checkFunction'), 'iOS checks each function first');
          // A new page load keeps the session: the app is not asked for the token again.
          await app.goto(`${baseUrl}/m/stocks/${STOCK}/articles`);
          await app.getByRole('link', { name: /^회원\d+$/ }).waitFor();
          assert.ok(!(await phone.calls()).some((call) => call.name === 'getToken'));

          // The app's font size at start (level 4 → size3), then as the app changes it.
          await app.waitForFunction(() => document.documentElement.dataset.fontSize === 'size3');
          await phone.fire('fontSizeLevel', { level: 5 });
          await app.waitForFunction(() => document.documentElement.dataset.fontSize === 'size4');

          // Deep links through the app's scheme: a news item, a filing.
          await app.locator('a[data-kind="news"]').first().click();
          const news = await waitForOpened(phone, `${type.scheme}://newsDetail/`);
          assert.match(news, new RegExp(`^${type.scheme}://newsDetail/[^/?]+\\?url=https?%3A%2F%2F`));
          await app.getByRole('link', { name: '공시', exact: true }).click();
          await app.waitForURL((url) => url.pathname.endsWith('/articles/disclosures'));
          await app.locator('a[data-kind="disclosure"]').first().click();
          const filing = await waitForOpened(phone, `${type.scheme}://disclosureDetail/`);
          assert.match(filing, new RegExp(`^${type.scheme}://disclosureDetail/\\d+`));
          // Nothing left the page: the app took both.
          assert.equal(new URL(app.url()).pathname, `/m/stocks/${STOCK}/articles/disclosures`);

          // Pull to refresh: the page's data asked again.
          const refetched = app.waitForRequest((request) => request.url().includes(`/api/v1/securities/${STOCK}/disclosures`));
          await phone.fire('pullToRefresh');
          await refetched;

          // A member's link leaves through the app (outerLink, its address in the query).
          await app.goto(`${baseUrl}/m/stocks/${STOCK}/debates/${postId}`);
          await app.getByRole('link', { name: LINK }).click();
          const out = await waitForOpened(phone, `${type.scheme}://outerLink`);
          assert.equal(out, `${type.scheme}://outerLink?url=${encodeURIComponent(LINK)}`);
          // Still signed in after the load (the session was kept); the size is what the app
          // answers at start (the fake app still says level 4).
          await app.getByRole('link', { name: /^회원\d+$/ }).waitFor();
          await app.waitForFunction(() => document.documentElement.dataset.fontSize === 'size3');
          await screenshot(app, `app-bridge-${type.name}`);
        });
        assert.deepEqual(problems, []);
      } finally {
        await phone.close();
      }
    });
  }
});

describe('in a browser', () => {
  test('the bridge does not load; web2app on a desktop fails with the spec error', { timeout: 120_000 }, async () => {
    const scripts = [];
    const onRequest = (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    };
    page.on('request', onRequest);
    await page.goto(`${baseUrl}/m/stocks/${STOCK}/articles`);
    await page.locator('a[data-kind="news"]').first().waitFor();
    page.off('request', onRequest);
    assert.deepEqual(
      scripts.filter((file) => /app-bridge|deep-links|bridge/i.test(file)),
      [],
      `scripts: ${scripts.join(', ')}`,
    );
    assert.equal(await page.evaluate(() => 'SiseBridge' in window), false);

    await page.goto(`${baseUrl}/m/web2app/test`);
    await page.getByRole('heading', { name: '앱을 열 수 없습니다' }).waitFor();
    await page.getByText('데스크톱에서는 앱을 열 수 없습니다').waitFor();
  });

  test('web2app on an Android phone opens the app, then falls back to the store', { timeout: 120_000 }, async () => {
    const phone = await openPhone({ userAgent: ANDROID_BROWSER });
    try {
      // The page names the store (the gateway's meta tag, set here as an operator would).
      await phone.context.route(/\/m\/web2app\//, async (route) => {
        const response = await route.fetch();
        const headers = { ...response.headers() };
        delete headers['content-encoding'];
        delete headers['content-length'];
        const body = (await response.text()).replace('</head>', `<meta name="sise-app-store-android" content="${STORE}"></head>`);
        await route.fulfill({ status: response.status(), headers, body });
      });
      await phone.context.route('https://play.google.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>store</title>' }),
      );
      const cdp = await phone.context.newCDPSession(phone.page);
      await cdp.send('Page.enable');
      const launched = [];
      cdp.on('Page.frameRequestedNavigation', ({ url }) => launched.push(url));

      await phone.page.goto(`${baseUrl}/m/web2app/viewAsset/${STOCK}/debates?utm_source=e2e&utm_campaign=spring`);
      await phone.page.getByText('앱을 여는 중입니다…').waitFor();
      await phone.page.waitForURL((url) => url.hostname === 'play.google.com', { timeout: 30_000 });
      const store = new URL(phone.page.url());
      assert.equal(store.searchParams.get('id'), 'kr.sise.app');
      assert.equal(store.searchParams.get('source'), 'mweb');
      assert.equal(store.searchParams.get('referrer'), 'utm_source=e2e&utm_campaign=spring');
      // The app was asked first, at its target, with the campaign.
      assert.ok(
        launched.includes(`sise://viewAsset/${STOCK}/debates?utm_source=e2e&utm_campaign=spring`),
        `launched: ${launched.join(', ')}`,
      );
    } finally {
      await phone.close();
    }
  });
});
