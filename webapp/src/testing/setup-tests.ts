import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has no scrolling; the router's scroll restoration and the scroll-to-top button call this.
// (Tests of the build-time prerender run in Node, without a window.)
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

// The test command runs these beside the Rust build on two cores, where a file's first render
// (lazy routes compiled on first import) can take more than the default second: findBy and
// waitFor wait up to 5 s, a bound on a hang, not a timing.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // What the app keeps on the device (the recently viewed stocks) does not outlive a test.
  if (typeof window !== 'undefined') {
    window.localStorage.clear();
    for (const cookie of document.cookie.split('; ')) {
      const name = cookie.split('=')[0];
      if (name) document.cookie = `${name}=; path=/; max-age=0`;
    }
  }
});
