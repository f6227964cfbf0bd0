import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

import { closeModalsNotOn } from '@/components/modals/modal-store';
// eslint-disable-next-line no-restricted-imports -- the setup resets the login's singleton for every test
import { reloadLogin } from '@/features/identity/login-store';
// eslint-disable-next-line no-restricted-imports -- the setup ends a started app's subscription
import { stopDroppingMemberAnswers } from '@/features/identity/member-cache';
import { resetAnalytics } from '@/lib/analytics/analytics';
import { configureApiAuth } from '@/lib/api';
import { resetErrorReporting } from '@/lib/error-reporting';

// jsdom has no scrolling; the router's scroll restoration and the scroll-to-top button call this.
// (Tests of the build-time prerender run in Node, without a window.)
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

// The test command runs these beside the Rust build on two cores, where a file's first render
// (lazy routes compiled on first import) can take more than the default second: findBy and
// waitFor wait up to 5 s, a bound on a hang, not a timing.
configure({ asyncUtilTimeout: 5_000 });

// The files of a worker share one module graph and one jsdom (vite.config.ts: `isolate: false`),
// so every test ends by putting back what any test may have changed: each starts on a fresh page.

/**
 * The window's own properties as jsdom made them (`scrollY`, `innerHeight`: tests redefine them),
 * taken once per jsdom, before any test ran (this file runs again before each test file: kept on
 * the global). Vitest's own (`__vitest_…`) are left to it.
 */
const PRISTINE = Symbol.for('sise:pristine-window');
const pristine = ((globalThis as { [PRISTINE]?: WeakMap<Document, Map<string, PropertyDescriptor>> })[PRISTINE] ??=
  new WeakMap());
function windowBaseline(): Map<string, PropertyDescriptor> {
  let baseline = pristine.get(document);
  if (!baseline) {
    baseline = new Map();
    for (const name of Object.getOwnPropertyNames(window)) {
      const descriptor = Object.getOwnPropertyDescriptor(window, name);
      if (!name.startsWith('__') && descriptor?.configurable) baseline.set(name, descriptor);
    }
    pristine.set(document, baseline);
  }
  return baseline;
}
if (typeof window !== 'undefined') windowBaseline();

const sameDescriptor = (a: PropertyDescriptor | undefined, b: PropertyDescriptor) =>
  a !== undefined && a.get === b.get && a.set === b.set && a.value === b.value && a.writable === b.writable;

function resetPage(): void {
  for (const [name, descriptor] of windowBaseline()) {
    if (!sameDescriptor(Object.getOwnPropertyDescriptor(window, name), descriptor)) {
      Object.defineProperty(window, name, descriptor);
    }
  }
  // navigator.share, sendBeacon, clipboard defined on the object; the history's methods
  // wrapped by the page views' tracking (lib/analytics/page-views.ts): the prototype's again.
  for (const target of [navigator, window.history] as object[]) {
    for (const name of Object.getOwnPropertyNames(target)) Reflect.deleteProperty(target, name);
  }
  window.history.replaceState(null, '', '/');
  window.history.scrollRestoration = 'auto';
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  const root = document.documentElement;
  for (const name of root.getAttributeNames()) root.removeAttribute(name);
  // What the app keeps on the device (the login, the recently viewed stocks).
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

afterEach(() => {
  cleanup();
  // Timers left fake (a failed test skips its own useRealTimers), globals and env stubbed.
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  if (typeof window !== 'undefined') resetPage();
  // The page's singletons: a started app's login subscription ended (first: it reads the login
  // on every change), the login read again (from the storage emptied above), no modal open, no
  // token given to the API client, the errors' reporting and analytics as a new page has them
  // (a started app, prerender/hydration.test.tsx, installs them for the page's life).
  stopDroppingMemberAnswers();
  reloadLogin();
  closeModalsNotOn('none');
  configureApiAuth(null);
  resetErrorReporting();
  resetAnalytics();
});
