// Medians of Lighthouse runs (JSON reports), one row per page, beside the goals of issue 12.
//
//   node scripts/first-load/lighthouse-medians.mjs LABEL=report1.json,report2.json,… …
//
// Each figure is the median of that figure over the runs (not the figures of one median
// run). Also printed: FCP, Speed Index, the bytes the page transferred and how many of
// them were JavaScript, whether the JavaScript arrived compressed, and the LCP element.
import fs from 'node:fs';

const GOALS = { lcp: 1500, cls: 0.05, tbt: 200 };

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function figures(report) {
  const audit = (id) => report.audits[id]?.numericValue ?? Number.NaN;
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const scriptTransfer = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const scriptResource = scripts.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0);
  const lcpItems = report.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const lcpNode = lcpItems.flatMap((item) => item.items ?? [item]).find((item) => item.node)?.node;
  return {
    score: (report.categories.performance.score ?? Number.NaN) * 100,
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    fcp: audit('first-contentful-paint'),
    si: audit('speed-index'),
    bytes: audit('total-byte-weight'),
    scriptTransfer,
    scriptResource,
    lcpElement: lcpNode ? `${lcpNode.nodeLabel ?? ''} (${lcpNode.selector ?? ''})` : '—',
  };
}

const pages = process.argv.slice(2).map((arg) => {
  const [label, list] = arg.split('=');
  const runs = list.split(',').filter(Boolean).map((file) => figures(JSON.parse(fs.readFileSync(file, 'utf8'))));
  const med = (key) => median(runs.map((run) => run[key]));
  return { label, runs, med };
});

const pad = (text, width) => String(text).padEnd(width);
const lpad = (text, width) => String(text).padStart(width);
const s = (ms) => (ms / 1000).toFixed(2);
console.log(
  `${pad('page (median of runs)', 30)}${lpad('runs', 5)}${lpad('score', 7)}${lpad('LCP s', 8)}${lpad('CLS', 8)}${lpad('TBT ms', 8)}${lpad('FCP s', 8)}${lpad('SI s', 7)}`,
);
console.log(`${pad('goal', 30)}${lpad('', 5)}${lpad('', 7)}${lpad(`≤ ${s(GOALS.lcp)}`, 8)}${lpad(`≤ ${GOALS.cls}`, 8)}${lpad(`≤ ${GOALS.tbt}`, 8)}`);
for (const { label, runs, med } of pages) {
  const mark = (value, goal) => (value <= goal ? ' ' : '*');
  console.log(
    `${pad(label, 30)}${lpad(runs.length, 5)}${lpad(med('score').toFixed(0), 7)}` +
      `${lpad(s(med('lcp')) + mark(med('lcp'), GOALS.lcp), 8)}` +
      `${lpad(med('cls').toFixed(3) + mark(med('cls'), GOALS.cls), 8)}` +
      `${lpad(med('tbt').toFixed(0) + mark(med('tbt'), GOALS.tbt), 8)}` +
      `${lpad(s(med('fcp')), 8)}${lpad(s(med('si')), 7)}`,
  );
}
console.log('(* over the goal)\n');
for (const { label, runs, med } of pages) {
  const compressed = med('scriptTransfer') < 0.8 * med('scriptResource');
  console.log(
    `${label}: ${(med('bytes') / 1000).toFixed(0)} kB transferred, of which JavaScript ` +
      `${(med('scriptTransfer') / 1000).toFixed(0)} kB (${(med('scriptResource') / 1000).toFixed(0)} kB uncompressed: ` +
      `${compressed ? 'served compressed' : 'served without compression'}); ` +
      `per run LCP ${runs.map((r) => s(r.lcp)).join(' / ')} s, TBT ${runs.map((r) => r.tbt.toFixed(0)).join(' / ')} ms`,
  );
  console.log(`  LCP element: ${runs[0]?.lcpElement ?? '—'}`);
}
