// Writes the prerendered pages (`npm run build`, after the client build with its manifest and
// the SSR build of src/prerender/entry.tsx into dist-ssr/): dist/prerender/home.html for `/m`
// and dist/prerender/stock.html for every `/m/stocks/{id}`, each the built index.html with
// - the app's markup in `<div id="root" data-prerendered-path="…">` (the client hydrates it
//   only on that very path, src/app/start.tsx),
// - the `<title>` the page renders, if any, in place of index.html's,
// - its stylesheets (index.html's and those of the page's route chunks) inlined: the markup
//   paints without waiting for a request, and without shifting once styles arrive. Each keeps
//   a disabled `<link rel="stylesheet">` with its address, never fetched, by which the client's
//   route loader (Vite's preload helper) knows the styles are in and does not load them again;
// - index.html's module script and module preloads (and those of the route chunks) replaced
//   by static/boot-<hash>.js (src/prerender/boot.js), which starts them once the page has
//   painted.
// index.html itself stays as it is (an empty root) for every other path. Then the manifest,
// which only this script needs, is removed from dist/.
//
// stock.html is rendered for SENTINEL_SECURITY_ID, with the pending header between markers:
// the gateway's part (see src/prerender/entry.tsx). The script fails if the page is not as the
// gateway expects it.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const webapp = fileURLToPath(new URL('..', import.meta.url));
const dist = join(webapp, 'dist');
const BASE = '/m/';

// Nothing may be fetched while rendering (the QueryClient never starts a query; this proves it).
globalThis.fetch = () => {
  throw new Error('the prerender must not fetch');
};

const entry = await import(join(webapp, 'dist-ssr', 'entry.js'));
const { PRERENDERED_PAGES, PRERENDERED_PATH_ATTRIBUTE, SENTINEL_SECURITY_ID, STOCK_HEADER_START, STOCK_HEADER_END } =
  entry;

const manifestPath = join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const template = readFileSync(join(dist, 'index.html'), 'utf8');

const TITLE = /<title>[^<]*<\/title>/g;
const ROOT = '<div id="root"></div>';
const count = (text, part) => text.split(part).length - 1;
if (count(template, ROOT) !== 1) throw new Error(`dist/index.html has no single ${ROOT}`);
if ((template.match(TITLE) ?? []).length !== 1) throw new Error('dist/index.html has no single <title>');

/** The CSS and JavaScript files a route module needs before it runs: its chunk and static imports. */
function assetsOf(modules) {
  const css = new Set();
  const js = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the client manifest`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    // A chunk's imports' styles come before its own, as Vite links them.
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const file of chunk.css ?? []) css.add(file);
  };
  for (const key of modules) visit(key);
  // What index.html links already (the shell) is left out.
  const missing = (file) => !template.includes(`"${BASE}${file}"`);
  return { css: [...css].filter(missing), js: [...js].filter(missing) };
}

// What Vite writes into index.html's head.
const MODULE_SCRIPT = /\n? *<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\n? *<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;
const entryScripts = [...template.matchAll(MODULE_SCRIPT)].map((match) => match[1]);
if (entryScripts.length !== 1) throw new Error('dist/index.html has no single module script');
const entryPreloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]);

/** The boot script (src/prerender/boot.js), under a name that changes with its content. */
function writeBoot() {
  const source = readFileSync(join(webapp, 'src', 'prerender', 'boot.js'));
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  const file = `static/boot-${hash}.js`;
  writeFileSync(join(dist, file), source);
  return `${BASE}${file}`;
}

const escapeAttribute = (text) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

function inlineStylesheet(href) {
  if (!href.startsWith(BASE)) throw new Error(`stylesheet outside ${BASE}: ${href}`);
  const css = readFileSync(join(dist, href.slice(BASE.length)), 'utf8').trim();
  if (/<\/style/i.test(css)) throw new Error(`${href} cannot be inlined`);
  return `<link rel="stylesheet" crossorigin href="${href}" disabled><style>${css}</style>`;
}

function pageHtml(page, { css, js }, boot) {
  // React hoists a page's <title>: it replaces index.html's; without one, index.html's stays.
  const titles = page.head.match(TITLE) ?? [];
  if (titles.length > 1 || page.head.replace(TITLE, '') !== '') {
    throw new Error(`${page.path}: unexpected hoisted elements ${page.head}`);
  }
  const routeStyles = css.map((file) => `    ${inlineStylesheet(`${BASE}${file}`)}\n`).join('');
  const preload = [...entryPreloads, ...js.map((file) => `${BASE}${file}`)].join(' ');
  const bootTag =
    `    <script defer src="${boot}" data-entry="${escapeAttribute(entryScripts[0])}" ` +
    `data-preload="${escapeAttribute(preload)}"></script>\n`;
  return template
    .replace(TITLE, () => titles[0] ?? template.match(TITLE)[0])
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(STYLESHEET, (_, href) => inlineStylesheet(href))
    .replace('  </head>', () => `${routeStyles}${bootTag}  </head>`)
    .replace(ROOT, () => `<div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="${page.path}">${page.body}</div>`);
}

/** What the gateway relies on in stock.html. */
function checkStockPage(html) {
  for (const marker of [STOCK_HEADER_START, STOCK_HEADER_END]) {
    if (count(html, marker) !== 1) throw new Error(`stock.html: ${marker} is not there exactly once`);
  }
  if (count(html, '<title>') !== 1) throw new Error('stock.html: no single <title>');
  // The gateway replaces the whole id; no part of it may appear on its own (e.g. a code cut from it).
  const tail = SENTINEL_SECURITY_ID.slice(SENTINEL_SECURITY_ID.indexOf('-') + 1);
  if (count(html, tail) !== count(html, SENTINEL_SECURITY_ID) || !html.includes(SENTINEL_SECURITY_ID)) {
    throw new Error(`stock.html: ${tail} appears apart from ${SENTINEL_SECURITY_ID}`);
  }
}

mkdirSync(join(dist, 'prerender'), { recursive: true });
const boot = writeBoot();
for (const { file, render, modules } of PRERENDERED_PAGES) {
  const page = await render();
  const assets = assetsOf(modules);
  const html = pageHtml(page, assets, boot);
  if (/<script type="module"|rel="modulepreload"|<link rel="stylesheet" crossorigin href="[^"]+">/.test(html)) {
    throw new Error(`${file}: a script, preload or stylesheet of index.html was left in place`);
  }
  if (file === 'stock.html') checkStockPage(html);
  writeFileSync(join(dist, 'prerender', file), html);
  console.log(
    `prerendered ${page.path} → dist/prerender/${file}: ${html.length} bytes, ` +
      `${assets.css.length} route stylesheets inlined, ${assets.js.length} route chunks for ${boot}`,
  );
}
rmSync(join(dist, '.vite'), { recursive: true, force: true });
