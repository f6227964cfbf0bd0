// End-to-end: insight articles (투자전략; docs/api.md, "Insight articles").
//
//   npm run build && (cd .. && cargo build --bin sise) && node --test e2e/insight.test.mjs
//
// A visitor opens an insight article from the home page (인사이트, the embedded default's
// sample articles, labelled 샘플), writes a comment and is sent through the login (sign-up)
// and back to the article with the comment posted, then likes it: the counts on screen and on
// the server; MY 내 댓글 leads back to the article. The article's neighbours lead to the CUSTOM sample, whose stock cards show live
// prices. Then an operator makes that member a contributor (`sise contributor grant`) and
// publishes a Markdown file for them (`sise articles publish`); it is the newest on
// /m/investing_strategies and on the contributor's page, its script gone. First, the daily
// market recap: in the embedded default as a newcomer starts it (market's continuous clock,
// which never closes), the service's own articles of the last closed trading days
// (시세 마켓봇, 자동 작성, 샘플) are listed and open with their movers' stock cards. One
// server (support.mjs); screenshots go to test-results/.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';

import { REPO_ROOT, SERVER_BIN, operatorAccess, screenshot, serverLog, setUpApp, signUpAtProvider, watchConsole } from './support.mjs';

const COMMENT_TEXT = `메모리 사이클 설명이 쉽네요 ${Date.now()}`;

let baseUrl;
let page;
// The embedded default as a newcomer starts it: market's continuous clock replays today's
// trading date and never closes, and the recap is written for the trading days before it.
setUpApp((app) => ({ baseUrl, page } = app));

/** A GET of the main host from the page, with its stored login's token (if any). */
async function main(apiPath) {
  return page.evaluate(
    async ({ base, apiPath }) => {
      const { accessToken } = JSON.parse(localStorage.getItem('sise.login.v1') ?? '{}');
      const response = await fetch(`${base}/main${apiPath}`, {
        headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
      });
      return { status: response.status, body: await response.json() };
    },
    { base: baseUrl, apiPath },
  );
}

/** Waits until `read()` deep-equals `expected`. */
async function until(read, expected, message) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const last = await read();
    try {
      assert.deepEqual(last, expected, message);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await page.waitForTimeout(100);
  }
}

function sise(args, operators, input) {
  return execFileSync(SERVER_BIN, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, SISE_OPERATOR_TOKEN: operators.token },
    input,
    encoding: 'utf8',
    stdio: 'pipe',
  }).trim();
}

/** Answers the flow expects: a visitor's sign-up 404; anything else is a problem. */
const EXPECTED_PROBLEM = /Failed to load resource: the server responded with a status of 404/;

describe('insight articles', () => {
  // First: the later journeys expect the recap to be written already (the newest article).
  test('the service writes the market recap of the closed trading days by itself', { timeout: 300_000 }, async (t) => {
    // The replayed date (always the regular session) and the recaps of the days before it:
    // written by the service at its start, the oldest first, three of them.
    const { market_condition: condition } = await (await fetch(`${baseUrl}/mweb/api/v1/market_condition`)).json();
    assert.equal(condition.session, 'REGULAR');
    const recaps = async () =>
      (await (await fetch(`${baseUrl}/main/api/v1/contributors/-1000/insight_articles`)).json()).articles.map((a) => a.title);
    const deadline = Date.now() + 180_000;
    let titles = await recaps();
    while (titles.length < 3) {
      assert.ok(Date.now() < deadline, `three recaps not written within 3 minutes (${titles}):\n${serverLog()}`);
      await page.waitForTimeout(500);
      titles = await recaps();
    }
    t.diagnostic(`recaps: ${titles.join(', ')} (replaying ${condition.trading_date})`);
    for (const written of titles) assert.match(written, /^\d{1,2}월 \d{1,2}일 시장 마감 리뷰$/);
    // The newest is of the trading day before the replayed one (never the replayed day).
    const [, month, day] = condition.trading_date.split('-').map(Number);
    const title = titles[0];
    assert.notEqual(title, `${month}월 ${day}일 시장 마감 리뷰`);
    const { problems } = await watchConsole(page, async () => {
      await page.goto(`${baseUrl}/m/investing_strategies`);
      const row = page.getByRole('list', { name: '최신 인사이트' }).getByRole('link').filter({ hasText: title });
      await row.waitFor();
      // Labelled as the service's, and as sample data.
      await row.locator('.insight-automated', { hasText: '자동 작성' }).waitFor();
      await row.getByText('샘플', { exact: true }).waitFor();
      await row.locator('.insight-row__meta', { hasText: '시세 마켓봇' }).waitFor();
      await screenshot(page, 'insight-recap-listed');
      await row.click();
      await page.waitForURL((url) => url.pathname.startsWith('/m/investing_strategies/articles/'));
      const heading = page.getByRole('heading', { level: 1, name: new RegExp(title) });
      await heading.waitFor();
      await heading.getByText('자동 작성').waitFor();
      await page.getByText('자동 작성한 글입니다', { exact: false }).waitFor();
      for (const section of ['지수', '상승률 상위', '하락률 상위', '업종 히트맵', '주요 공시', '토론이 활발했던 종목']) {
        await page.locator('.insight-content h2', { hasText: section }).first().waitFor();
      }
      await page.getByText('왜 움직였나', { exact: false }).first().waitFor();
      // The movers' stock cards: each a link to the stock's page, with its price.
      const cards = page.locator('.insight-content__stock');
      await until(async () => (await cards.count()) >= 2, true, 'the movers\' stock cards');
      const link = cards.first().getByRole('link').first();
      await link.waitFor();
      assert.match((await link.getAttribute('href')) ?? '', /\/m\/stocks\//, 'a card links to the stock page');
      await until(async () => /\d/.test((await cards.first().textContent()) ?? ''), true, 'a price on the card');
      await screenshot(page, 'insight-recap');
      // The contributor: the service itself.
      await page.locator('.insight-article__meta a').click();
      await page.waitForURL((url) => url.pathname === '/m/investing_strategies/contributors/-1000');
      await page.getByRole('heading', { level: 1, name: /시세 마켓봇/ }).getByText('자동 작성').waitFor();
    });
    assert.deepEqual(problems, [], `the recap logged problems at ${page.url()}`);
  });

  test('open an insight article from the home page, comment and like it', { timeout: 300_000 }, async () => {
    const { problems } = await watchConsole(page, async () => {
      await page.goto(`${baseUrl}/m`);
      const section = page.getByTestId('home-insight');
      // The sample articles are written in the background at the server's first start.
      const first = section.getByRole('link').filter({ hasText: '메모리 반도체 사이클' });
      await first.waitFor({ timeout: 60_000 });
      assert.match(await first.textContent(), /샘플/, 'sample commentary says so');
      await first.click();
      await page.waitForURL((url) => url.pathname.startsWith('/m/investing_strategies/articles/'));
      const articleId = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByRole('heading', { level: 1, name: /메모리 반도체 사이클/ }).waitFor();
      await page.getByText('샘플 해설입니다.', { exact: false }).first().waitFor();
      // The Markdown became HTML: its headings and emphasis are there.
      await page.locator('.insight-content h2', { hasText: '메모리 반도체는 왜 사이클을 탈까' }).waitFor();
      await screenshot(page, 'insight-article');

      // A visitor comments: through the sign-up and back, the comment posted.
      await page.getByLabel('댓글 입력').fill(COMMENT_TEXT);
      await page.getByRole('button', { name: '등록' }).click();
      await signUpAtProvider(page, `인사이트독자${Date.now() % 100000}`);
      await page.waitForURL((url) => url.pathname === `/m/investing_strategies/articles/${articleId}`);
      await page.getByRole('list', { name: '댓글 목록' }).getByText(COMMENT_TEXT).waitFor();

      // Likes it: the count on screen, then on the server.
      const like = page.getByRole('group', { name: '공감' }).getByRole('button', { name: /좋아요/ });
      await like.click();
      await until(async () => [await like.getAttribute('aria-pressed'), (await like.textContent()).replace(/\D/g, '')], ['true', '1']);
      await until(
        async () => {
          const { body } = await main(`/api/v1/insight_articles/${articleId}`);
          return [body.article.likes_count, body.article.comments_count, body.article.my_emotion.liked];
        },
        [1, 1, true],
        'the server holds the like and the comment',
      );
      await page.getByRole('heading', { name: /댓글/ }).getByText('1').waitFor();
      await screenshot(page, 'insight-article-commented');

      // MY 내 댓글: the comment names the article and leads back to it.
      await page.goto(`${baseUrl}/m/my/comments`);
      const mine = page.getByRole('list', { name: '내 댓글' }).getByRole('link').filter({ hasText: COMMENT_TEXT });
      await mine.waitFor();
      assert.match(await mine.textContent(), /메모리 반도체 사이클/, 'the row names the article');
      await screenshot(page, 'insight-my-comment');
      await mine.click();
      await page.waitForURL((url) => url.pathname === `/m/investing_strategies/articles/${articleId}` && url.hash === '#comments');
      await page.getByRole('list', { name: '댓글 목록' }).getByText(COMMENT_TEXT).waitFor();

      // 다음 글 (older) leads to the CUSTOM sample: its stock cards show prices.
      await page.getByRole('link', { name: /다음 글/ }).click();
      await page.getByRole('heading', { level: 1, name: /인터넷 플랫폼/ }).waitFor();
      const cards = page.locator('.insight-content__stock');
      await until(async () => cards.count(), 2, 'two stock cards');
      await cards.first().getByRole('link').first().waitFor();
      await until(async () => /\d/.test((await cards.first().textContent()) ?? ''), true, 'a price on the card');
      await screenshot(page, 'insight-article-custom');
    });
    assert.deepEqual(
      problems.filter((problem) => !EXPECTED_PROBLEM.test(problem)),
      [],
      `the article logged problems at ${page.url()}`,
    );
  });

  test('an operator makes the member a contributor and publishes with the sise command', { timeout: 120_000 }, async () => {
    const operators = await operatorAccess();
    const { body: me } = await main('/api/users/me');
    const memberId = me.user?.id ?? me.id;
    assert.ok(Number.isInteger(memberId), `signed in: ${JSON.stringify(me)}`);
    const granted = sise(['contributor', 'grant', String(memberId), '반도체', '담당', '--operators', operators.identity], operators);
    assert.match(granted, new RegExp(`^member ${memberId}: contributor`));

    const dir = mkdtempSync(path.join(tmpdir(), 'sise-e2e-article-'));
    const file = path.join(dir, 'hbm.md');
    writeFileSync(file, '## HBM 수요\n\n**고대역폭 메모리** 비중을 봅니다.<script>alert(1)</script>\n');
    const title = `HBM 전망 ${Date.now()}`;
    // Social hears of the role on the bus: publishing waits for it.
    let published = '';
    const deadline = Date.now() + 15_000;
    for (;;) {
      try {
        published = sise(
          ['articles', 'publish', file, '--contributor', String(memberId), '--title', title, '--security', 'KOREA-A000660', '--featured', '--operators', operators.social],
          operators,
        );
        break;
      } catch (error) {
        assert.match(String(error.stderr), /기고자로 등록된 회원이 아닙니다/);
        assert.ok(Date.now() < deadline, 'the contributor role reached social');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    assert.match(published, /^#\d+ "HBM 전망/);
    const id = Number(/^#(\d+)/.exec(published)[1]);

    const { problems } = await watchConsole(page, async () => {
      await page.goto(`${baseUrl}/m/investing_strategies`);
      const newest = page.getByRole('list', { name: '최신 인사이트' }).getByRole('link').first();
      await until(async () => (await newest.textContent())?.includes(title), true, 'the newest article first');
      await newest.click();
      await page.waitForURL((url) => url.pathname === `/m/investing_strategies/articles/${id}`);
      await page.locator('.insight-content strong', { hasText: '고대역폭 메모리' }).waitFor();
      assert.equal(await page.locator('.insight-content script').count(), 0, 'no script kept');
      // The contributor line links to their page.
      await page.locator('.insight-article__meta a').click();
      await page.waitForURL((url) => url.pathname === `/m/investing_strategies/contributors/${memberId}`);
      await page.getByText('반도체 담당').waitFor();
      await page.getByRole('list', { name: /의 글$/ }).getByText(title).waitFor();
      await screenshot(page, 'insight-contributor');
    });
    assert.deepEqual(problems, [], `the contributor's pages logged problems at ${page.url()}`);
  });
});
