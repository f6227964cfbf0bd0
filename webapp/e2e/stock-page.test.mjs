// End-to-end journey through the built webapp served by the one-process server.
//
//   npm run build && npm run e2e
//
// Starts the server binary itself (env SISE_BIN, default ../target/debug/sise,
// both resolved from webapp/), learns its address from the stdout line
// "listening on http://…", and drives /usr/bin/chromium with playwright-core.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

const WEBAPP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(WEBAPP_DIR, '..');
const DIST_DIR = path.join(WEBAPP_DIR, 'dist');
const RESULTS_DIR = path.join(WEBAPP_DIR, 'test-results');
const SERVER_BIN = path.resolve(WEBAPP_DIR, process.env.SISE_BIN ?? '../target/debug/sise');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const SERVER_START_TIMEOUT_MS = 60_000;
const PRICE_CHANGE_TIMEOUT_MS = 20_000;
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
function remember(stream, line) {
  serverOutput.push(`[${stream}] ${line}`);
  if (serverOutput.length > 60) serverOutput.shift();
}
function serverLog() {
  return serverOutput.length > 0 ? serverOutput.join('\n') : '(no output)';
}

/**
 * Spawns the server and resolves with its base URL once it prints the
 * "listening on" line; rejects if it exits first or stays silent too long.
 */
function startServer(dataDir) {
  if (!existsSync(SERVER_BIN)) {
    throw new Error(
      `server binary not found: ${SERVER_BIN}\n` +
        'build it first (cargo build -p <the binary crate> from the repo root) or set SISE_BIN',
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

async function stopServer(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 5_000));
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}

describe('stock page', { timeout: 180_000 }, () => {
  let server;
  let baseUrl;
  let context;
  let page;
  const tempDirs = [];

  before(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sise-e2e-data-'));
    const profileDir = mkdtempSync(path.join(tmpdir(), 'sise-e2e-chromium-'));
    tempDirs.push(dataDir, profileDir);

    const started = startServer(dataDir);
    server = started.child;
    baseUrl = await started.baseUrl;

    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'ko-KR',
      timezoneId: 'Asia/Seoul',
    });
    context.setDefaultTimeout(15_000);
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  });

  after(async () => {
    await context?.close().catch(() => {});
    await stopServer(server);
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });

  test('shows a security and its price changes live, without a reload', async () => {
    await page.goto(`${baseUrl}/m/stocks/KOREA-A005930`);

    await page.getByRole('heading', { name: '삼성전자' }).waitFor();
    assert.equal((await page.getByTestId('security-code').textContent())?.trim(), '005930');
    await page.getByText('샘플 데이터 · 실제 KRX 과거 시세 기반 모의 시세').first().waitFor();

    const price = page.getByTestId('quote-price');
    const firstPrice = (await price.textContent())?.trim() ?? '';
    assert.match(firstPrice, /^[\d,.]+$/, `price should be a number, got "${firstPrice}"`);

    // A marker on window disappears if the page reloads.
    await page.evaluate(() => {
      window.__siseNoReload = true;
    });
    await page.waitForFunction(
      (initial) => document.querySelector('[data-testid="quote-price"]')?.textContent?.trim() !== initial,
      firstPrice,
      { timeout: PRICE_CHANGE_TIMEOUT_MS },
    );
    assert.equal(await page.evaluate(() => window.__siseNoReload), true, 'the page must not reload');
    const nextPrice = (await price.textContent())?.trim() ?? '';
    assert.match(nextPrice, /^[\d,.]+$/);
    assert.notEqual(nextPrice, firstPrice);

    mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS_DIR, 'stock-page.png') });
  });

  test('accepts a format suffix', async () => {
    await page.goto(`${baseUrl}/m/stocks/KOREA-A005930.json`);
    await page.getByRole('heading', { name: '삼성전자' }).waitFor();
  });

  test('says so for an unknown security', async () => {
    await page.goto(`${baseUrl}/m/stocks/KOREA-A999999`);
    await page.getByText('종목을 찾을 수 없습니다.').waitFor();
  });

  test('shows the fallback page for an unknown path', async () => {
    await page.goto(`${baseUrl}/m/no-such-page`);
    await page.getByText('페이지를 찾을 수 없습니다.').waitFor();
    const home = page.getByRole('link', { name: '홈으로' });
    assert.equal(await home.getAttribute('href'), '/m');
  });
});
