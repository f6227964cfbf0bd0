// End-to-end: membership through the development messenger login (docs/api.md, "Membership").
//
//   npm run build && node --test e2e/membership.test.mjs
//
// A new person signs in from the header: the development provider's page (labelled 개발용
// 로그인), a new test account, agreeTerms (the all box, refused until every box is ticked),
// setProfile (a nickname of 12 characters is refused on blur and the old one restored, then a
// good one with a birth year, gender and a photo), then settings: font size for the whole
// app, logout, login again; dormancy by moving the member's login clock back a year in the
// database, release; and secession. One server and one phone-sized Chromium (support.mjs).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';

import { screenshot, setUpApp, watchConsole } from './support.mjs';

let baseUrl;
let page;
let dataDir;
// A server of its own: the dormancy step moves every member's login clock back in its database.
setUpApp((app) => ({ baseUrl, page, dataDir } = app), { ownServer: true });

const pathname = () => new URL(page.url()).pathname;

/** A 64×64 PNG (one colour), written to a temporary file for the file input. */
function pngFile() {
  // Built with Python's zlib so the test carries no binary fixture.
  const dir = mkdtempSync(path.join(tmpdir(), 'sise-e2e-photo-'));
  const file = path.join(dir, 'me.png');
  execFileSync('python3', [
    '-c',
    `import struct, zlib, sys
w = h = 64
raw = b''.join(b'\\x00' + b'\\x1e\\x78\\xc8' * w for _ in range(h))
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
open(sys.argv[1], 'wb').write(png)`,
    file,
  ]);
  return file;
}

/** Moves every member's last login back by a year and a day (the dormancy clock). */
function ageLogins() {
  execFileSync('python3', [
    '-c',
    `import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute('UPDATE users SET last_login_at_ms = last_login_at_ms - 31622400000')
db.commit()`,
    path.join(dataDir, 'identity.db'),
  ]);
}

/** From the development provider's page: a new test account, or an existing one. */
async function signInAtProvider(nickname, { existing = false } = {}) {
  await page.getByText('개발용 로그인').first().waitFor();
  if (existing) {
    await page.getByRole('button', { name: new RegExp(`^${nickname} `) }).click();
  } else {
    await page.getByLabel('새 테스트 계정 닉네임').fill(nickname);
    await page.getByRole('button', { name: '만들고 로그인' }).click();
  }
}

describe('membership', () => {
  test('sign up, profile and photo, font size, logout, login, dormancy, secession', { timeout: 240_000 }, async () => {
    const { problems } = await watchConsole(page, async () => {
      await page.goto(`${baseUrl}/m/trend/domestic`);
      await page.getByRole('button', { name: '로그인' }).click();
      await signInAtProvider('개발개미');

      // No member yet: agreeTerms. Not without every box; the all box ticks them all.
      await page.getByRole('heading', { name: '약관 동의' }).waitFor();
      await page.getByLabel('서비스 이용약관 (필수)').check();
      await page.getByRole('button', { name: '동의하고 시작하기' }).click();
      await page.getByText('필수사항 전체 동의가 필요합니다.').waitFor();
      await page.getByLabel('전체 동의').check();
      assert.equal(await page.getByLabel('만 14세 이상 (필수)').isChecked(), true);
      await page.getByRole('button', { name: '동의하고 시작하기' }).click();

      // Signed up and in: setProfile opens.
      await page.getByRole('heading', { name: '프로필 설정' }).waitFor();
      const nickname = page.getByLabel('닉네임');
      const initial = await nickname.inputValue();
      assert.match(initial, /^회원\d+$/);
      await nickname.fill('열두글자닉네임입니다요요');
      await nickname.blur();
      await page.getByText('12자 이내의 닉네임을 적어주세요.').waitFor();
      if (await page.getByRole('button', { name: '확인' }).isVisible()) {
        await page.getByRole('button', { name: '확인' }).click();
      }
      assert.equal(await nickname.inputValue(), initial, 'the previous name is restored');
      await nickname.fill('개발개미');
      await page.getByLabel('출생년도').selectOption('1990');
      await page.getByLabel('여성').check();
      await page.locator('input[type="file"]').setInputFiles(pngFile());
      // The stored photo, re-encoded at 240 px, served back.
      await page.waitForFunction(() => {
        const img = document.querySelector('img[alt="프로필 사진"]');
        return img?.complete && img.naturalWidth === 240;
      });
      await page.getByRole('button', { name: '저장' }).click();
      await page.getByRole('heading', { name: '프로필 설정' }).waitFor({ state: 'detached' });
      await screenshot(page, 'membership-signed-up');

      // The header names the member; settings: the font size for the whole app.
      await page.getByRole('link', { name: '개발개미' }).click();
      await page.waitForURL((url) => url.pathname === '/m/settings');
      await page.getByRole('button', { name: '크게', exact: true }).click();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.fontSize), 'size3');
      await page.reload();
      await page.getByRole('heading', { name: '설정' }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.fontSize), 'size3');
      await screenshot(page, 'membership-settings');

      // Logout: the page reloads, and settings (members only) starts the login at once and
      // comes back here after it.
      await page.getByRole('button', { name: '로그아웃' }).click();
      await signInAtProvider('개발개미', { existing: true });
      await page.waitForURL((url) => url.pathname === '/m/settings');
      await page.getByRole('button', { name: '로그아웃' }).waitFor();

      // A year without a login (the clock moved in the database): dormant; release, then
      // signed in again.
      await page.getByRole('button', { name: '로그아웃' }).click();
      await page.getByText('개발용 로그인').first().waitFor();
      ageLogins();
      await signInAtProvider('개발개미', { existing: true });
      await page.getByRole('heading', { name: '휴면 계정 안내' }).waitFor();
      await page.getByRole('button', { name: '휴면 해제' }).click();
      await page.getByText('휴면 상태가 해제되었습니다.').waitFor();
      await page.getByRole('button', { name: '확인' }).click();
      await page.waitForURL((url) => url.pathname === '/m/settings');
      await page.getByRole('button', { name: '회원 탈퇴' }).waitFor();

      // Leave: confirmed, then signed out; the account is no member any more.
      await page.getByRole('button', { name: '회원 탈퇴' }).click();
      await page.getByRole('dialog').getByRole('button', { name: '탈퇴', exact: true }).click();
      await page.waitForFunction(() => location.pathname !== '/m/settings');
      await page.getByRole('button', { name: '로그인' }).first().waitFor();
      const me = await page.evaluate(async (base) => (await fetch(`${base}/main/api/users/me`)).status, baseUrl);
      assert.equal(me, 401);
    });
    // The login flow's answers are statuses (spec §4): 404 starts the sign-up, 401 with code
    // 1000 is dormancy; Chromium logs each as a failed resource. Anything else is a problem.
    const expected = /Failed to load resource: the server responded with a status of 40[14]/;
    assert.deepEqual(
      problems.filter((problem) => !expected.test(problem)),
      [],
      `the journey logged problems at ${pathname()}`,
    );
  });
});
