// Shared pieces of the end-to-end tests: start the one-process server, open
// Chromium like a phone, stop both (startApp, or setUpApp for a whole test file); record
// what the page complains about (watchConsole).
//
// The server binary is $SISE_BIN (default ../target/debug/sise, resolved from
// webapp/); it prints "listening on http://…" once it serves.
//
// `npm run e2e` (e2e/run.mjs) starts one server for all the files and passes it in
// $SISE_E2E_SERVER: a file uses it unless it asks for a server of its own (`ownServer`: it
// changes what every visitor sees, or the database behind the server's back). A file run
// alone (`node --test e2e/x.test.mjs`) starts its own.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

export const WEBAPP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(WEBAPP_DIR, '..');
export const DIST_DIR = path.join(WEBAPP_DIR, 'dist');
export const RESULTS_DIR = path.join(WEBAPP_DIR, 'test-results');
export const SERVER_BIN = path.resolve(WEBAPP_DIR, process.env.SISE_BIN ?? '../target/debug/sise');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * A fresh data dir means seeding the databases first (day candles of every stock):
 * minutes on a busy 2-core machine.
 */
const SERVER_START_TIMEOUT_MS = Number(process.env.SISE_E2E_START_TIMEOUT_MS ?? 600_000);
/** Set to drive an already running server (with this webapp's dist) instead of starting one. */
const EXTERNAL_BASE_URL = process.env.SISE_E2E_BASE_URL?.replace(/\/+$/, '');
/** The server run.mjs started for every file: `{ baseUrl, dataDir, announced }`. */
const SHARED_SERVER = process.env.SISE_E2E_SERVER ? JSON.parse(process.env.SISE_E2E_SERVER) : undefined;
const LISTENING_LINE = /listening on (http:\/\/[^\s]+)/;
// Log lines may be coloured.
// eslint-disable-next-line no-control-regex
const ANSI_ESCAPES = /\u001b\[[0-9;]*m/g;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The last lines the server printed, for failure messages. */
const serverOutput = [];
/** Every line the server printed that starts `sise:` (its addresses and credentials), kept whole. */
const serverAnnounced = [];
function remember(stream, line) {
  serverOutput.push(`[${stream}] ${line.slice(0, 500)}`);
  if (serverOutput.length > 60) serverOutput.shift();
  if (line.startsWith('sise: ')) serverAnnounced.push(line);
}
/** Whether this file drives the shared server (its announcements are the shared ones). */
let onSharedServer = false;
/** The `sise: …` lines the server printed so far (the operators' address, the development token). */
export function serverAnnouncements() {
  return onSharedServer ? [...SHARED_SERVER.announced] : [...serverAnnounced];
}

/**
 * The operators' listeners of identity and social and the development token, as the server
 * printed them (`SISE_E2E_OPERATORS_URL` and `SISE_OPERATOR_TOKEN` for an external server,
 * whose social listener it names).
 */
export async function operatorAccess() {
  if (EXTERNAL_BASE_URL) {
    const url = process.env.SISE_E2E_OPERATORS_URL;
    const token = process.env.SISE_OPERATOR_TOKEN;
    assert.ok(url && token, 'with SISE_E2E_BASE_URL, set SISE_E2E_OPERATORS_URL and SISE_OPERATOR_TOKEN');
    return { social: url, token };
  }
  const deadline = Date.now() + 10_000;
  for (;;) {
    const lines = serverAnnouncements();
    const at = (service) =>
      lines.map((line) => new RegExp(`operators' API \\(${service}\\) at (http://\\S+)`).exec(line)?.[1]).find(Boolean);
    const token = lines.map((line) => /SISE_OPERATOR_TOKEN=(\S+)/.exec(line)?.[1]).find(Boolean);
    if (at('identity') && at('social') && token) return { identity: at('identity'), social: at('social'), token };
    assert.ok(Date.now() < deadline, `the server printed no operators' addresses and token:\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
export function serverLog() {
  return serverOutput.length > 0 ? serverOutput.join('\n') : '(no output)';
}

/**
 * Spawns the server and resolves with its base URL once it prints the
 * "listening on" line; rejects if it exits first or stays silent too long. Every line it
 * prints also goes to `log` (a writable stream) when given.
 */
export function startServer(dataDir, env = {}, { log } = {}) {
  if (!existsSync(SERVER_BIN)) {
    throw new Error(
      `server binary not found: ${SERVER_BIN}\n` +
        'build it first (cargo build --bin sise from the repo root) or set SISE_BIN',
    );
  }
  if (!existsSync(path.join(DIST_DIR, 'index.html'))) {
    throw new Error(`webapp not built: ${DIST_DIR}/index.html is missing; run npm run build first`);
  }

  const child = spawn(SERVER_BIN, [], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      SISE__GATEWAY__LISTEN: '127.0.0.1:0',
      SISE__DATA_DIR: dataDir,
      SISE__SERVICES__MARKET__SIMULATOR__TICK_INTERVAL_MS: '100',
      SISE__GATEWAY__WEBAPP_DIR: DIST_DIR,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  const baseUrl = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(
        new Error(
          `server did not print "listening on http://…" within ${SERVER_START_TIMEOUT_MS / 1000} s.\n` +
            `last output:\n${serverLog()}`,
        ),
      );
    }, SERVER_START_TIMEOUT_MS);

    const onLine = (stream) => (rawLine) => {
      const line = rawLine.replace(ANSI_ESCAPES, '');
      remember(stream, line);
      log?.write(`${line}\n`);
      const match = stream === 'stdout' ? LISTENING_LINE.exec(line) : null;
      if (match?.[1]) {
        clearTimeout(timer);
        // Drop punctuation a log format may put after the address.
        resolve(match[1].replace(/[",'.;)\]}]+$/, '').replace(/\/+$/, ''));
      }
    };
    // Keep reading both pipes for the whole run so the server never blocks on a full pipe.
    createInterface({ input: child.stdout }).on('line', onLine('stdout'));
    createInterface({ input: child.stderr }).on('line', onLine('stderr'));

    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`could not start ${SERVER_BIN}: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(`server exited early (code ${code}, signal ${signal}).\nlast output:\n${serverLog()}`),
      );
    });
  });

  return { child, baseUrl };
}

export async function stopServer(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 5_000));
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}

/** The file's one Chromium: every phone is a context of it (its own storage and login). */
let browser;

/**
 * A phone-sized context (390×844, mobile, ko-KR) of the file's Chromium, launched on first
 * use; `userAgent` replaces Chromium's own (the app harness's web views, e2e/app-harness.mjs).
 * A context costs a few milliseconds where a browser of its own took seconds.
 */
async function launchPhone({ userAgent } = {}) {
  browser ??= chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const context = await (await browser).newContext({
    ...(userAgent ? { userAgent } : {}),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  context.setDefaultTimeout(15_000);
  return context;
}

async function closeBrowser() {
  const launched = browser;
  browser = undefined;
  await (await launched?.catch(() => undefined))?.close().catch(() => {});
}

/**
 * Another phone beside startApp's (another person: its own storage and login);
 * `options.userAgent` replaces Chromium's. Returns `{ context, page, close }`.
 */
export async function openPhone(options = {}) {
  const context = await launchPhone(options);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  const close = async () => {
    await context.close().catch(() => {});
  };
  return { context, page, close };
}

/**
 * A phone-sized Chromium (390×844, mobile, ko-KR) on a server: the shared one of run.mjs, or
 * its own when `ownServer` is set, `env` is given (it adds to the server's environment:
 * configuration overrides) or the file runs alone. Returns `{ baseUrl, context, page, close,
 * dataDir }`.
 */
export async function startApp({ env, ownServer = false } = {}) {
  const shared = !EXTERNAL_BASE_URL && SHARED_SERVER && !ownServer && !env;
  const dataDir = shared ? SHARED_SERVER.dataDir : mkdtempSync(path.join(tmpdir(), 'sise-e2e-data-'));
  let server;
  let context;
  const close = async () => {
    await context?.close().catch(() => {});
    await closeBrowser();
    await stopServer(server);
    if (!shared) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    let baseUrl = EXTERNAL_BASE_URL;
    if (shared) {
      onSharedServer = true;
      baseUrl = SHARED_SERVER.baseUrl;
    } else if (!baseUrl) {
      // Its whole log, for a failure's story: test-results/e2e-server-<file>.log.
      mkdirSync(RESULTS_DIR, { recursive: true });
      const log = createWriteStream(path.join(RESULTS_DIR, `e2e-server-${path.basename(process.argv[1] ?? 'file', '.test.mjs')}.log`));
      const started = startServer(dataDir, env, { log });
      server = started.child;
      baseUrl = await started.baseUrl;
    }

    context = await launchPhone();
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    return { baseUrl, context, page, close, dataDir };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A server and one phone-sized Chromium for the whole test file: starts them before its
 * tests (starting a server may take minutes, seeding; the tests have their own timeouts)
 * and closes them after. `onStart` receives `{ baseUrl, context, page, dataDir }`; `options`
 * go to startApp.
 */
export function setUpApp(onStart, options) {
  let app;
  before(
    async () => {
      app = await startApp(options);
      onStart(app);
    },
    { timeout: 900_000 },
  );
  after(async () => {
    await app?.close();
  });
}

/**
 * Runs `journey` while recording what the page reports: console errors and warnings,
 * anything about hydration (a mismatch is reported as an error, React #418 and the like)
 * and uncaught page errors. Resolves with `{ result, problems }`, `result` being what
 * `journey` resolved with.
 */
export async function watchConsole(page, journey) {
  const problems = [];
  const onConsole = (message) => {
    if (['error', 'warning'].includes(message.type()) || /hydrat/i.test(message.text())) {
      problems.push(`console.${message.type()}: ${message.text()}`);
    }
  };
  const onPageError = (error) => problems.push(`page error: ${error.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  try {
    const result = await journey();
    return { result, problems };
  } catch (error) {
    // What the page showed and said when the journey failed: a flake's only witness.
    const name = `failed-${path.basename(process.argv[1] ?? 'file', '.test.mjs')}-${Date.now()}`;
    await screenshot(page, name, { fullPage: true }).catch(() => undefined);
    if (error instanceof Error) {
      error.message += `\n(the page then: test-results/${name}.png; its console: ${problems.join(' | ') || 'quiet'})`;
    }
    throw error;
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  }
}

/**
 * Runs `journey` recording what the page complains about (watchConsole) and the failed calls
 * (status 400 or more) whose address contains `apiPrefix`; asserts there were none.
 */
export async function watchProblems(page, apiPrefix, journey) {
  const failed = [];
  const onResponse = (response) => {
    if (response.url().includes(apiPrefix) && response.status() >= 400) {
      failed.push(`${response.status()} ${response.url()}`);
    }
  };
  page.on('response', onResponse);
  let problems;
  try {
    ({ problems } = await watchConsole(page, journey));
  } finally {
    page.off('response', onResponse);
  }
  assert.deepEqual([...problems, ...failed], []);
}

/** Saves a screenshot to test-results/<name>.png. */
export async function screenshot(page, name, options = {}) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`), ...options });
}

/** The development provider's page, then agreeTerms and setProfile: a new member named `nickname`. */
export async function signUpAtProvider(page, nickname) {
  await page.getByText('개발용 로그인').first().waitFor();
  await page.getByLabel('새 테스트 계정 닉네임').fill(nickname);
  await page.getByRole('button', { name: '만들고 로그인' }).click();
  await page.getByRole('heading', { name: '약관 동의' }).waitFor();
  await page.getByLabel('전체 동의').check();
  await page.getByRole('button', { name: '동의하고 시작하기' }).click();
  await page.getByRole('heading', { name: '프로필 설정' }).waitFor();
  await page.getByLabel('닉네임').fill(nickname);
  await page.getByLabel('출생년도').selectOption('1990');
  await page.getByLabel('남성').check();
  await page.getByRole('button', { name: '저장' }).click();
  await page.getByRole('heading', { name: '프로필 설정' }).waitFor({ state: 'detached' });
}

/** Signs a new member up from the header's 로그인 ([signUpAtProvider]). */
export async function signUpFromHeader(page, nickname) {
  await page.getByRole('button', { name: '로그인' }).first().click();
  await signUpAtProvider(page, nickname);
}
