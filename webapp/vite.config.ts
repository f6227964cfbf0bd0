/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, type Connect, type Plugin } from 'vite';

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

export default defineConfig({
  // The app is served under /m/. Built files go to /m/static/ because
  // /m/assets/{assetId} is an app route.
  base: '/m/',
  plugins: [react(), bareBaseRedirect],
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
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'static',
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
  },
});
