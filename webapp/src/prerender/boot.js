// Starts the app's JavaScript once a prerendered page has painted. scripts/prerender.mjs
// writes this file as static/boot-<hash>.js and puts it in the prerendered pages in place of
// index.html's module script and module preloads, which it passes as data-entry and
// data-preload. The page is whole without JavaScript until it hydrates: fetching the scripts
// only after the first paint keeps them out of its way (Lighthouse's simulation
// counts every request that ends before the largest paint as holding it up). A plain script
// file, not a module, so that it runs as soon as the page is parsed.
(() => {
  const script = document.currentScript;
  if (!script) return;
  const { entry = '', preload = '' } = script.dataset;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const tags = document.createDocumentFragment();
    for (const href of preload.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      tags.append(link);
    }
    const module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    tags.append(module);
    document.head.append(tags);
  };
  // A hidden tab paints nothing: start at once there.
  if (document.visibilityState === 'hidden') {
    start();
    return;
  }
  // Once the first contentful paint is reported, or else after the next frame (a task queued
  // from a frame callback runs once that frame is painted).
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
  // Should no paint be reported (a tab hidden meanwhile), start anyway.
  setTimeout(start, 2000);
})();
