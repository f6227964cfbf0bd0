// Gzip sizes of the JavaScript each page loads first, from a Vite build's manifest.
//
//   node scripts/first-load/sizes.mjs webapp/dist
//
// A page's first view is the entry chunk (index.html's script) and every chunk it imports
// statically (the shell), plus the route table (src/app/route-table.tsx: out of the shell,
// imported before the first render and preloaded beside it by index.html), plus the route
// chunks the page renders before its first paint and their static imports (Vite preloads
// those beside the route chunk). Chunks behind a further
// dynamic import (the chart library) are counted apart. Sizes are gzip at level 6 (what
// Vite's build report prints) in kB of 1,000 bytes, each chunk compressed on its own.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = process.argv[2] ?? 'webapp/dist';
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

// The route table, then the route modules per page in the order the router renders them.
const ROUTE_TABLE = 'src/app/route-table.tsx';
const PAGES = {
  home: [ROUTE_TABLE, 'src/app/routes/home.tsx'],
  stock: [ROUTE_TABLE, 'src/app/routes/stocks/stock-layout.tsx', 'src/app/routes/stocks/overview.tsx'],
};
const CHART = 'src/components/charts/price-chart-canvas.tsx';
const GOALS = { shell: 100, stock: 130 };

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');
for (const key of [...Object.values(PAGES).flat(), CHART]) {
  if (!manifest[key]) throw new Error(`${key} is not a chunk of its own in the manifest`);
}

/** The chunk files a module needs before it runs: itself and its static imports, recursively. */
function closure(keys, into = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) continue;
    into.add(chunk.file);
    closure(chunk.imports ?? [], into);
  }
  return into;
}

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file)) {
    gzipCache.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 6 }).length);
  }
  return gzipCache.get(file);
}
const rawBytes = (file) => fs.statSync(path.join(dist, file)).size;
const js = (files) => [...files].filter((file) => file.endsWith('.js'));
const sum = (files, size) => js(files).reduce((total, file) => total + size(file), 0);
const kb = (bytes) => (bytes / 1000).toFixed(1);

const shell = closure([entryKey]);
const routeTable = new Set([...closure([ROUTE_TABLE])].filter((file) => !shell.has(file)));
const home = closure(PAGES.home, new Set(shell));
const stock = closure(PAGES.stock, new Set(shell));
const chart = new Set([...closure([CHART])].filter((file) => !stock.has(file)));

const rows = [
  ['shell (entry + its static imports)', shell, GOALS.shell],
  ['route table (+ imports), preloaded beside', routeTable, null],
  ['home /m, first view', home, null],
  ['stock page, first view (before the chart)', stock, GOALS.stock],
  ['chart chunk(s), after first paint', chart, null],
  ['stock page with the chart', new Set([...stock, ...chart]), null],
];

const pad = (text, width) => String(text).padEnd(width);
const lpad = (text, width) => String(text).padStart(width);
console.log(`${pad('JavaScript', 44)}${lpad('chunks', 7)}${lpad('raw kB', 9)}${lpad('gzip kB', 9)}${lpad('goal', 8)}`);
for (const [label, files, goal] of rows) {
  const gz = sum(files, gzipBytes);
  const verdict = goal === null ? '' : `≤ ${goal}${gz <= goal * 1000 ? '' : ' (over)'}`;
  console.log(
    `${pad(label, 44)}${lpad(js(files).length, 7)}${lpad(kb(sum(files, rawBytes)), 9)}${lpad(kb(gz), 9)}  ${verdict}`,
  );
}
if (process.env.SIZES_VERBOSE) {
  console.log('\nchunks of the stock page with the chart:');
  for (const file of js(new Set([...stock, ...chart])).sort((a, b) => gzipBytes(b) - gzipBytes(a))) {
    console.log(`${lpad(kb(gzipBytes(file)), 8)}  ${file}${shell.has(file) ? '  (shell)' : ''}`);
  }
}
