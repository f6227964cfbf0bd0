// `npm run e2e`: every end-to-end file against one server started here, four files at a time
// (SISE_E2E_CONCURRENCY).
//
// Each file used to start a server of its own: fifteen start-ups (seeding, the chart
// history, the 52-week ranges: about 9 s of a core each) and three simulators at a time,
// half of the step's CPU on a 2-core machine (docs/benchmarks.md, "Test command"). The
// files sign up members of their own and look at their own posts, lists and entries, so one
// server serves them all; a file that changes what every visitor sees (maintenance, a
// promotion, the day's analytics) or edits the database behind the server's back asks for a
// server of its own (`setUpApp(…, { ownServer: true })`, e2e/support.mjs).
//
// Arguments name the files (default: every e2e/*.test.mjs), e.g. `node e2e/run.mjs
// e2e/community.test.mjs`.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { RESULTS_DIR, WEBAPP_DIR, serverAnnouncements, startServer, stopServer } from './support.mjs';

// One address stands for every phone of the run, up to three files at a time with several
// phones each: the per-client bounds of the edge are raised for this server (the edge's own
// tests check them, gateway/tests/api/edge.rs).
const SHARED_ENV = {
  SISE__GATEWAY__LIMITS__RATE_PER_SECOND: '1000',
  SISE__GATEWAY__LIMITS__RATE_BURST: '5000',
  SISE__GATEWAY__LIMITS__MAX_STREAMS_PER_CLIENT: '64',
  SISE__GATEWAY__LIMITS__TELEMETRY_PER_SECOND: '1000',
  SISE__GATEWAY__LIMITS__TELEMETRY_BURST: '5000',
};

// The longest files first (seconds on a quiet machine, 2026-11-29), so that the short ones
// fill in beside them instead of one long file ending the run alone.
const LONGEST_FIRST = [
  'app-server.test.mjs', // 70 s, a server of its own
  'app-bridge.test.mjs', // 60 s
  'community.test.mjs', // 51 s
  'membership.test.mjs', // 45 s, a server of its own
  'insight.test.mjs', // 44 s
  'app-states.test.mjs', // 38 s
  'trend.test.mjs', // 36 s
  'favorites.test.mjs', // 33 s
];
const rank = (file) => (LONGEST_FIRST.includes(file) ? LONGEST_FIRST.indexOf(file) : LONGEST_FIRST.length);
const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync(path.join(WEBAPP_DIR, 'e2e'))
      .filter((file) => file.endsWith('.test.mjs'))
      .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
      .map((file) => `e2e/${file}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'sise-e2e-shared-'));
// The shared server's whole log, for a failure's story (a file's own server prints its last
// lines in the failure's message).
mkdirSync(RESULTS_DIR, { recursive: true });
const logFile = path.join(RESULTS_DIR, 'e2e-server.log');
const log = createWriteStream(logFile);
const { child: server, baseUrl: started } = startServer(dataDir, SHARED_ENV, { log });
let status = 1;
try {
  const baseUrl = await started;
  // The operators' addresses and the token come right after "listening on".
  const deadline = Date.now() + 10_000;
  while (!serverAnnouncements().some((line) => line.includes('SISE_OPERATOR_TOKEN=')) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const announced = serverAnnouncements();
  console.log(`e2e: one server for the files at ${baseUrl}`);
  const tests = spawn(
    process.execPath,
    ['--test', `--test-concurrency=${process.env.SISE_E2E_CONCURRENCY ?? 4}`, ...files],
    {
      cwd: WEBAPP_DIR,
      stdio: 'inherit',
      env: { ...process.env, SISE_E2E_SERVER: JSON.stringify({ baseUrl, dataDir, announced }) },
    },
  );
  status = await new Promise((resolve) => tests.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
} catch (error) {
  console.error(error.message);
} finally {
  await stopServer(server);
  await new Promise((resolve) => log.end(resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
if (status !== 0) {
  const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
  console.error(`e2e: the shared server's last lines (all of them in ${logFile}):\n${lines.slice(-80).join('\n')}`);
}
process.exit(status);
