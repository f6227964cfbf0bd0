/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, type Connect, type HtmlTagDescriptor, type Plugin } from 'vite';

// The gateway (one-process server) listens here during development.
const GATEWAY = 'http://127.0.0.1:8080';

// Vite serves the app only under `/m/`; the app's home is `/m`.
const redirectBareBase: Connect.NextHandleFunction = (req, res, next) => {
  if (req.url === '/m' || req.url?.startsWith('/m?')) {
    res.statusCode = 302;
    res.setHeader('Location', `/m/${req.url.slice(2)}`);
    res.end();
    return;
  }
  next();
};

const bareBaseRedirect: Plugin = {
  name: 'sise:bare-base-redirect',
  configureServer: (server) => {
    server.middlewares.use(redirectBareBase);
  },
  configurePreviewServer: (server) => {
    server.middlewares.use(redirectBareBase);
  },
};

// The route table (src/app/route-table.tsx) is not in the shell: src/app/start.tsx imports it
// before the first render. index.html preloads it and its static imports beside the shell, so
// it costs no round trip of its own (the prerendered pages' boot script does the same).
const ROUTE_TABLE = 'src/app/route-table.tsx';

const preloadRouteTable: Plugin = {
  name: 'sise:preload-route-table',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle }) {
      if (!bundle) return html;
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const table = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(ROUTE_TABLE));
      if (!table) throw new Error(`${ROUTE_TABLE} is not a chunk of its own`);
      const files = new Set<string>();
      const visit = (fileName: string) => {
        if (files.has(fileName)) return;
        files.add(fileName);
        for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) visit(imported);
      };
      visit(table.fileName);
      // The same markup as Vite's own preloads (scripts/prerender.mjs reads them back).
      return [...files]
        .filter((file) => !html.includes(`/m/${file}"`))
        .map(
          (file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/m/${file}` },
            injectTo: 'head',
          }),
        );
    },
  },
};

// The release the page runs, named in index.html (and so in the prerendered pages): a digest of
// every built file's name, which carry their content's hash, so any change to what the browser
// loads is a new release. The page compares its own with the served one (src/lib/page-update.ts).
const releaseMeta: Plugin = {
  name: 'sise:release-meta',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle }) {
      if (!bundle) return [];
      const names = Object.keys(bundle).sort().join('\n');
      const release = createHash('sha256').update(names).digest('hex').slice(0, 16);
      return [{ tag: 'meta', attrs: { name: 'sise-release', content: release }, injectTo: 'head' }];
    },
  },
};

export default defineConfig({
  // The app is served under /m/. Built files go to /m/static/ because
  // /m/assets/{assetId} is an app route.
  base: '/m/',
  plugins: [react(), bareBaseRedirect, preloadRouteTable, releaseMeta],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/main': GATEWAY,
      '/social': GATEWAY,
      '/mweb': GATEWAY,
      // The development messenger login the one-process server starts on its own port
      // (`sise` prints "development messenger login … at http://…"; docs/api.md,
      // "Membership"): SISE_DEV_KAKAO=that address for `vite dev`.
      '/dev/kakao': {
        target: process.env.SISE_DEV_KAKAO ?? 'http://127.0.0.1:8090',
        rewrite: (path: string) => path.replace(/^\/dev\/kakao/, ''),
      },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'static',
    // Few chunks per page (docs/benchmarks.md, "First load (webapp)"): on a slow network each
    // request costs a round trip, and Vite's default makes one chunk per set of screens
    // sharing a module (eighteen for the stock page, each with its own stylesheet).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs first, preloaded by index.html: the libraries (React,
            // react-router, TanStack Query) in a chunk that changes only with them, and our
            // own shell (router, layout, error pages). No screen's code is in either.
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 3 },
            { name: 'shell', test: /[\\/]src[\\/]/, tags: ['$initial'], priority: 2 },
            // Membership code shared by its lazy parts (the header's entry after hydration, the
            // login, settings, the modals) in a chunk of its own, not in `shared`, which every
            // page's first view loads.
            {
              name: 'identity',
              // Not the in-app sign-in: that is the app bridge's (below).
              test: /[\\/]src[\\/](features[\\/]identity(?![\\/]app-login\.ts)|config[\\/]kakao|components[\\/]modals)[\\/.]/,
              minShareCount: 2,
              priority: 1.5,
              // Only its own modules: what they import (TanStack Query's useQuery, the constants)
              // stays in the chunks every page loads, not in this one.
              includeDependenciesRecursively: false,
            },
            // The favorites code shared by its lazy parts (the stock page's heart, the modals, the
            // 관심종목 screens), likewise kept out of `shared`; only its own modules (what they
            // import stays where it was), else it would pull in code every page loads.
            {
              name: 'favorites',
              test: /[\\/]src[\\/](features[\\/]favorites|app[\\/]favorites|app[\\/]routes[\\/]my[\\/]favorites)[\\/]/,
              minShareCount: 2,
              priority: 1.5,
              includeDependenciesRecursively: false,
            },
            // The community's code shared by its lazy parts (the board, a post, the forms, MY's
            // lists, the modals), likewise its own chunk, only its own modules.
            {
              name: 'social',
              test: /[\\/]src[\\/](features[\\/]social|app[\\/]social|app[\\/]routes[\\/](stocks[\\/])?debates)[\\/]/,
              minShareCount: 2,
              priority: 1.5,
              includeDependenciesRecursively: false,
            },
            // The contest screens' code (the list, the ranking, a ranker), likewise its own chunk.
            {
              name: 'contests',
              test: /[\\/]src[\\/]features[\\/]contests[\\/]/,
              minShareCount: 2,
              priority: 1.5,
              includeDependenciesRecursively: false,
            },
            // The app bridge (inside an app: loaded at start; in a browser: only by web2app and
            // a link opened in the app), likewise its own chunk, never in `shared`. The
            // user-agent detection (lib/app-bridge/app-type.ts) is the shell's, and a link's
            // click handler (open-in-app.ts, which imports the rest lazily) stays with its
            // screens: in this chunk it would make every screen with a link load all of it.
            {
              name: 'app-bridge',
              test: /[\\/]src[\\/](lib[\\/]app-bridge[\\/](?!app-type\.ts|open-in-app\.ts)|app[\\/]app-bridge[\\/]|features[\\/]identity[\\/]app-login\.ts)/,
              minShareCount: 2,
              // Before `identity`: the in-app sign-in (features/identity/app-login.ts) is the
              // bridge's, else the membership chunk, which a browser loads, would import this.
              priority: 1.6,
              includeDependenciesRecursively: false,
            },
            // Code that two or more screens share, in one chunk beside each screen's own
            // (the chart library, used by one chunk only, stays apart).
            { name: 'shared', minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // One jsdom and module graph per worker, not per file (setup-tests.ts resets the page after each test): 171 -> 36 CPU-s (user+sys).
    isolate: false,
    restoreMocks: true,
    // Rewrites file snapshots, e.g. the stock header fixtures for the gateway (src/prerender/).
    update: process.env.UPDATE_FIXTURES === '1',
  },
});
