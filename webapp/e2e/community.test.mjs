// End-to-end: the community (토론) with two members (docs/api.md, "Community").
//
//   npm run build && (cd .. && cargo build --bin sise) && node --test e2e/community.test.mjs
//
// Two phones, A and B (two browser contexts, each signed up through the development messenger
// login). B keeps SK하이닉스's board open while A writes a post with a picture from the write
// button (appDownload → 웹에서 글쓰기): it appears at the top of B's board without a reload.
// B, still a visitor, writes a comment and is sent through the login (sign-up) and back to the
// post with the comment posted; then likes, switches to dislike and cancels it (the counts as
// spec §4 says at each step, on screen and on the server), and reports with 기타 and text. An
// operator hides the post with the `sise moderation` command (the one-process server prints
// the operators' address and the development token at start); B sees 신고로 숨겨진 글입니다 with
// the reason, A sees the reason and objects once. A deletes the post: it leaves A's board, MY
// and B's board. Then an operator publishes a notice with `sise notices` (it cannot be
// withdrawn before 7 days) and a visitor reads it from MY. Last, A writes to 고객센터, an
// operator finds the message with `sise support list --open` and answers it with `sise support
// answer`, and A reads the answer. One server (support.mjs); screenshots go to test-results/.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';

import { REPO_ROOT, SERVER_BIN, openPhone, operatorAccess, screenshot, setUpApp, signUpAtProvider, watchConsole } from './support.mjs';

// A board no other file writes to: the files share one server (e2e/run.mjs), and the board's
// order is checked post by post.
const HYNIX = 'KOREA-A000660';
const BOARD = `/m/stocks/${HYNIX}/debates`;
const POST_TEXT = `반도체 업황 바닥 확인\n수주 공시 https://dart.fss.or.kr 참고 ${Date.now()}`;
const COMMENT_TEXT = '좋은 분석이네요. 다음 분기도 기대합니다';
const REPORT_TEXT = '근거 없는 수치를 퍼뜨립니다';
const HIDE_REASON = '운영정책 위반: 확인되지 않은 정보';
const OBJECTION_TEXT = '공시 링크를 근거로 쓴 글입니다. 다시 검토해 주세요.';

let baseUrl;
/** A: the writer (startApp's phone). */
let pageA;
setUpApp((app) => ({ baseUrl, page: pageA } = app));

/** B: the other member, on a phone of its own. */
let phoneB;
after(async () => {
  await phoneB?.close();
});

/** A 64×64 PNG (one colour), written to a temporary file for the file input. */
function pngFile() {
  const dir = mkdtempSync(path.join(tmpdir(), 'sise-e2e-post-'));
  const file = path.join(dir, 'chart.png');
  execFileSync('python3', [
    '-c',
    `import struct, zlib, sys
w = h = 64
raw = b''.join(b'\\x00' + b'\\xe2\\x2f\\x2f' * w for _ in range(h))
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
open(sys.argv[1], 'wb').write(png)`,
    file,
  ]);
  return file;
}

/** A call to the social host from the page, with its stored login's token (if any). */
async function social(page, method, apiPath) {
  return page.evaluate(
    async ({ base, method, apiPath }) => {
      const { accessToken } = JSON.parse(localStorage.getItem('sise.login.v1') ?? '{}');
      const response = await fetch(`${base}/social${apiPath}`, {
        method,
        headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { base: baseUrl, method, apiPath },
  );
}

/** The ids of the posts a board list shows, in order. */
async function shownPostIds(page, label = '토론 글') {
  const ids = await page
    .getByRole('list', { name: label })
    .locator('article[data-post-id]')
    .evaluateAll((articles) => articles.map((article) => Number(article.getAttribute('data-post-id'))));
  return ids;
}

/** Waits until `read()` deep-equals `expected` (the screen settles after a call or an event). */
async function until(page, read, expected, message) {
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

/** [좋아요 count, pressed, 싫어요 count, pressed] of the post on screen. */
async function reactionsShown(page) {
  const bar = page.getByRole('group', { name: '공감' }).first();
  const like = bar.getByRole('button', { name: /좋아요/ });
  const dislike = bar.getByRole('button', { name: /싫어요/ });
  return [
    await like.locator('.reaction-bar__count').textContent(),
    await like.getAttribute('aria-pressed'),
    await dislike.locator('.reaction-bar__count').textContent(),
    await dislike.getAttribute('aria-pressed'),
  ];
}

/** Answers the flow expects: the sign-up's 404 (and a deleted post's), a visitor's 401, the second report's 409; anything else is a problem. */
const EXPECTED_PROBLEM = /Failed to load resource: the server responded with a status of 40[149]/;

describe('community', () => {
  test('two members: post, live board, comment, reactions, report, moderation, objection, deletion', { timeout: 420_000 }, async () => {
    phoneB = await openPhone();
    const pageB = phoneB.page;
    let postId;

    const { problems: problemsA } = await watchConsole(pageA, async () => {
      const { problems: problemsB } = await watchConsole(pageB, async () => {
        // A signs up from the header; B opens SK하이닉스's board as a visitor and keeps it open.
        await pageA.goto(`${baseUrl}${BOARD}`);
        await pageA.getByRole('button', { name: '로그인' }).first().click();
        await signUpAtProvider(pageA, '작성개미');
        await pageA.waitForURL((url) => url.pathname === BOARD);
        await pageB.goto(`${baseUrl}${BOARD}`);
        await pageB.getByTestId('board').waitFor();
        await pageB.getByRole('list', { name: '토론 글' }).waitFor();
        const before = await shownPostIds(pageB);

        // A writes: the write button offers the app, or 웹에서 글쓰기.
        await pageA.getByRole('button', { name: '글쓰기' }).click();
        await pageA.getByRole('link', { name: '웹에서 글쓰기' }).click();
        await pageA.waitForURL((url) => url.pathname === `${BOARD}/new`);
        // The form's own field first: while its chunk loads the board stays on screen, and the
        // board's filter is a 말머리 group too.
        await pageA.getByLabel('내용').waitFor();
        await pageA.getByRole('group', { name: '말머리' }).getByRole('button', { name: '의견' }).click();
        await pageA.getByLabel('내용').fill(POST_TEXT);
        await pageA.getByText(`${[...POST_TEXT].length}/1,000`).waitFor();
        await pageA.getByLabel('사진 고르기').setInputFiles(pngFile());
        // The preview, drawn (the page's CSP allows it).
        await pageA.waitForFunction(() => {
          const img = document.querySelector('img[alt="첨부 사진 1"]');
          return img instanceof HTMLImageElement && img.complete && img.naturalWidth === 64;
        });
        await pageA.getByRole('button', { name: '등록', exact: true }).click();
        await pageA.waitForURL((url) => url.pathname === BOARD);
        const top = pageA.getByRole('list', { name: '토론 글' }).locator('article').first();
        await top.getByText('반도체 업황 바닥 확인').waitFor();
        postId = Number(await top.getAttribute('data-post-id'));
        assert.ok(postId > 0, 'the new post has an id');
        // Its picture, stored and served back as a thumbnail.
        await pageA.waitForFunction(
          (id) => {
            const img = document.querySelector(`article[data-post-id="${id}"] .post-images img`);
            return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
          },
          postId,
        );
        await screenshot(pageA, 'community-a-board');

        // B's board, never reloaded, has it on top (the board's stream).
        await until(pageB, async () => (await shownPostIds(pageB))[0], postId, 'the new post reached the open board');
        assert.deepEqual((await shownPostIds(pageB)).slice(1, before.length + 1), before);

        // B opens it; the link in the text is a link that leaves without a referrer to follow.
        await pageB.locator(`article[data-post-id="${postId}"] .post-item__link`).click();
        await pageB.waitForURL((url) => url.pathname === `${BOARD}/${postId}`);
        const link = pageB.getByRole('link', { name: 'https://dart.fss.or.kr', exact: true });
        assert.equal(await link.getAttribute('rel'), 'nofollow noopener ugc');
        assert.equal(await link.getAttribute('target'), '_blank');
        await pageB.getByRole('button', { name: '사진 1 크게 보기' }).click();
        await pageB.getByRole('img', { name: '사진 1' }).waitFor();
        await pageB.getByRole('button', { name: '닫기' }).click();

        // B, a visitor, comments: sent through the login (a sign-up) and back with it posted.
        await pageB.getByLabel('댓글 입력').fill(COMMENT_TEXT);
        await pageB.getByRole('button', { name: '등록', exact: true }).click();
        await signUpAtProvider(pageB, '댓글개미');
        await pageB.waitForURL((url) => url.pathname === `${BOARD}/${postId}`);
        await pageB.getByRole('list', { name: '댓글 목록' }).getByText(COMMENT_TEXT).waitFor();
        await pageB.getByRole('heading', { name: /^댓글 1$/ }).waitFor();
        const comments = await social(pageB, 'GET', `/api/v1/posts/${postId}/comments`);
        assert.deepEqual(
          comments.body.comments.map((comment) => [comment.content, comment.is_my_comment]),
          [[COMMENT_TEXT, true]],
        );

        // Reactions (spec §4): like, switch to dislike, cancel; on screen and on the server.
        const serverCounts = async () => {
          const { body } = await social(pageB, 'GET', `/api/v1/posts/${postId}`);
          return [body.post.likes_count, body.post.dislikes_count, body.post.my_emotion];
        };
        assert.deepEqual(await reactionsShown(pageB), ['0', 'false', '0', 'false']);
        await pageB.getByRole('button', { name: /좋아요/ }).first().click();
        await until(pageB, () => reactionsShown(pageB), ['1', 'true', '0', 'false']);
        await until(pageB, serverCounts, [1, 0, { liked: true, disliked: false }]);
        await pageB.getByRole('button', { name: /싫어요/ }).first().click();
        await until(pageB, () => reactionsShown(pageB), ['0', 'false', '1', 'true']);
        await until(pageB, serverCounts, [0, 1, { liked: false, disliked: true }]);
        await pageB.getByRole('button', { name: /싫어요/ }).first().click();
        await until(pageB, () => reactionsShown(pageB), ['0', 'false', '0', 'false']);
        await until(pageB, serverCounts, [0, 0, { liked: false, disliked: false }]);

        // B reports with 기타 and text.
        await pageB.getByRole('button', { name: '글 메뉴', exact: true }).click();
        await pageB.getByRole('button', { name: '신고', exact: true }).click();
        await pageB.getByRole('button', { name: '기타' }).click();
        await pageB.getByLabel('신고 내용').fill(REPORT_TEXT);
        await screenshot(pageB, 'community-b-report');
        await pageB.getByRole('button', { name: '신고하기' }).click();
        await pageB.getByText('신고가 접수되었습니다.').waitFor();
        await pageB.getByRole('button', { name: '확인' }).click();
        // Once per member: a second report is refused with the server's message.
        await pageB.getByRole('button', { name: '글 메뉴', exact: true }).click();
        await pageB.getByRole('button', { name: '신고', exact: true }).click();
        await pageB.getByRole('button', { name: '욕설/인신공격' }).click();
        await pageB.getByRole('button', { name: '신고하기' }).click();
        const refusal = await pageB.getByRole('dialog').getByRole('alert').textContent();
        assert.ok(refusal && refusal.length > 0, 'the refusal says why');
        await pageB.getByRole('button', { name: '취소' }).click();

        // The report reached the operators' queue; an operator hides the post with the sise
        // command, on the operators' listener.
        const operators = await operatorAccess();
        const sise = (...args) =>
          execFileSync(SERVER_BIN, ['moderation', ...args, '--operators', operators.social], {
            cwd: REPO_ROOT,
            env: { ...process.env, SISE_OPERATOR_TOKEN: operators.token },
            encoding: 'utf8',
          }).trim();
        const shown = sise('show', 'post', String(postId));
        console.log(`sise moderation show post ${postId}: ${shown}`);
        assert.match(shown, /\bvisible reporters=1 /, 'one report, still visible');
        const hidden = sise('hide', 'post', String(postId), HIDE_REASON);
        console.log(`sise moderation hide post ${postId}: ${hidden}`);
        assert.match(hidden, /hidden:operator reason="운영정책 위반: 확인되지 않은 정보"/);

        // B sees 신고로 숨겨진 글입니다 with the reason (the stream marks it hidden; a reload shows the same).
        await pageB.reload();
        await pageB.getByText('신고로 숨겨진 글입니다').first().waitFor();
        await pageB.getByText(`사유: ${HIDE_REASON}`).waitFor();
        assert.equal(await pageB.getByText('반도체 업황 바닥 확인').count(), 0, 'others do not read a hidden post');
        await screenshot(pageB, 'community-b-hidden');

        // A sees the reason with the text, and objects once.
        await pageA.goto(`${baseUrl}${BOARD}/${postId}`);
        await pageA.getByText('내 글이 숨겨졌습니다').waitFor();
        await pageA.getByText(`사유: ${HIDE_REASON}`).waitFor();
        await pageA.getByLabel('이의 신청').fill(OBJECTION_TEXT);
        await pageA.getByRole('button', { name: '이의 신청하기' }).click();
        await pageA.getByText(new RegExp(`이의 신청 \\(.+\\): ${OBJECTION_TEXT}`)).waitFor();
        assert.equal(await pageA.getByRole('button', { name: '이의 신청하기' }).count(), 0, 'one objection');
        // The objection reopens the case for the operators.
        const objected = sise('show', 'post', String(postId));
        console.log(`sise moderation show post ${postId}: ${objected}`);
        assert.match(objected, /hidden:operator reason="[^"]+" objection="공시 링크를 근거로/);
        await screenshot(pageA, 'community-a-objection');

        // B goes back to the board (no reload): the hidden post shows its reason there.
        await pageB.goto(`${baseUrl}${BOARD}`);
        await pageB.locator(`article[data-post-id="${postId}"]`).getByText('신고로 숨겨진 글입니다').waitFor();

        // A deletes it (after 삭제 하시겠습니까?): it leaves A's board, A's MY and B's open board.
        await pageA.getByRole('button', { name: '글 메뉴', exact: true }).click();
        await pageA.getByRole('button', { name: '삭제', exact: true }).click();
        await pageA.getByText('삭제 하시겠습니까?').waitFor();
        await pageA.getByRole('dialog').getByRole('button', { name: '삭제', exact: true }).click();
        await pageA.waitForURL((url) => url.pathname === BOARD);
        await pageA.getByRole('list', { name: '토론 글' }).locator('article').first().waitFor();
        assert.ok(!(await shownPostIds(pageA)).includes(postId), "gone from A's board");
        await until(pageB, async () => (await shownPostIds(pageB)).includes(postId), false, "gone from B's open board");
        await pageA.getByRole('link', { name: 'MY' }).click();
        await pageA.waitForURL((url) => url.pathname === '/m/my');
        await pageA.getByTestId('my-posts').getByText('아직 쓴 글이 없습니다.').waitFor();
        const mine = await social(pageA, 'GET', '/api/v1/posts?scope=mine');
        assert.deepEqual(mine.body.posts, [], "gone from A's posts on the server");
        assert.equal((await social(pageA, 'GET', `/api/v1/posts/${postId}`)).status, 404);
        await screenshot(pageA, 'community-a-my');
      });
      assert.deepEqual(
        problemsB.filter((problem) => !EXPECTED_PROBLEM.test(problem)),
        [],
        `B's journey logged problems at ${pageB.url()}`,
      );
    });
    assert.deepEqual(
      problemsA.filter((problem) => !EXPECTED_PROBLEM.test(problem)),
      [],
      `A's journey logged problems at ${pageA.url()}`,
    );
  });

  test('an operator publishes a notice with the sise command; a visitor reads it from MY', { timeout: 120_000 }, async () => {
    const operators = await operatorAccess();
    const title = `시스템 점검 안내 ${Date.now()}`;
    const body = '11월 30일 02:00–04:00 점검합니다.\n자세한 내용: https://example.com/notice';
    const published = execFileSync(SERVER_BIN, ['notices', 'publish', '-', title, '--operators', operators.social], {
      cwd: REPO_ROOT,
      env: { ...process.env, SISE_OPERATOR_TOKEN: operators.token },
      input: body,
      encoding: 'utf8',
    }).trim();
    console.log(`sise notices publish: ${published}`);
    assert.match(published, /^#\d+ "시스템 점검 안내/);
    // Not withdrawn within its first 7 days (spec §9).
    const id = /^#(\d+)/.exec(published)[1];
    const refused = (() => {
      try {
        execFileSync(SERVER_BIN, ['notices', 'withdraw', id, '--operators', operators.social], {
          cwd: REPO_ROOT,
          env: { ...process.env, SISE_OPERATOR_TOKEN: operators.token },
          encoding: 'utf8',
          stdio: 'pipe',
        });
        return '';
      } catch (error) {
        return String(error.stderr);
      }
    })();
    assert.match(refused, /7일이 지나야 내릴 수 있습니다/);

    const phone = await openPhone();
    try {
      const { page } = phone;
      const { problems } = await watchConsole(page, async () => {
        await page.goto(`${baseUrl}/m/my`);
        await page.getByTestId('my-service').getByRole('link', { name: '공지사항' }).click();
        await page.waitForURL((url) => url.pathname === '/m/notices');
        await page.getByRole('list', { name: '공지사항' }).getByRole('link', { name: new RegExp(title) }).click();
        await page.waitForURL((url) => url.pathname === `/m/notices/${id}`);
        await page.getByRole('heading', { name: title }).waitFor();
        await page.getByText('11월 30일 02:00–04:00 점검합니다.', { exact: false }).waitFor();
        const link = page.getByRole('link', { name: 'https://example.com/notice', exact: true });
        assert.equal(await link.getAttribute('href'), 'https://example.com/notice');
        await screenshot(page, 'notice');
      });
      assert.deepEqual(problems, [], `the notice logged problems at ${page.url()}`);
    } finally {
      await phone.close();
    }
  });

  test('a member writes to customer support; an operator answers with the sise command', { timeout: 120_000 }, async () => {
    const text = `관심그룹 순서가 저장되지 않아요 ${Date.now()}`;
    const { problems } = await watchConsole(pageA, async () => {
      await pageA.goto(`${baseUrl}/m/my`);
      await pageA.getByTestId('my-service').getByRole('link', { name: '고객센터' }).click();
      await pageA.waitForURL((url) => url.pathname === '/m/customer_support');
      await pageA.getByText('토론방에 글을 몇 개까지 쓸 수 있나요?').click();
      await pageA.getByText('글은 하루에 30개, 댓글은 50개까지', { exact: false }).waitFor();
      await pageA.getByLabel('문의 유형').selectOption('bug');
      await pageA.getByLabel('문의 내용').fill(text);
      await pageA.getByRole('button', { name: '문의하기' }).click();
      await pageA.getByRole('status').getByText('문의가 접수되었습니다.', { exact: false }).waitFor();
      const mine = pageA.getByRole('list', { name: '내 문의 내역' });
      await mine.getByText(text).waitFor();
      await mine.getByText('답변 대기').first().waitFor();
    });
    assert.deepEqual(problems, [], `customer support logged problems at ${pageA.url()}`);

    const operators = await operatorAccess();
    const run = (args, input) =>
      execFileSync(SERVER_BIN, [...args, '--operators', operators.social], {
        cwd: REPO_ROOT,
        env: { ...process.env, SISE_OPERATOR_TOKEN: operators.token },
        input,
        encoding: 'utf8',
      });
    const open = run(['support', 'list', '--open']);
    const heading = open.split('\n').findLast((line, i, lines) => line.startsWith('#') && lines[i + 1]?.trim() === text);
    assert.ok(heading, `the message in the open queue:\n${open}`);
    assert.match(heading, /^#\d+ \[bug\] member \d+ sent \d+$/);
    const id = /^#(\d+)/.exec(heading)[1];
    const answered = run(['support', 'answer', id, '-'], '저장 오류를 고쳤습니다.\n다시 시도해 보세요.');
    assert.match(answered, /answered \d+ by /);

    await pageA.reload();
    const mine = pageA.getByRole('list', { name: '내 문의 내역' });
    await mine.getByText('답변 완료').first().waitFor();
    await mine.getByText('저장 오류를 고쳤습니다.', { exact: false }).waitFor();
    await screenshot(pageA, 'customer-support');
  });
});
