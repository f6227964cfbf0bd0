// Pull to refresh in a browser (spec §4 pull to refresh; the app sends its own event, handled by
// app/app-bridge/event-handlers.ts): at the top of the page, a downward pull grows a band under
// the header, and letting go past PULL_THRESHOLD_PX refetches the page's data (the queries on
// screen), as the app's pull does. The browser's own pull (reloading the whole page) is turned
// off while this is mounted. Loaded after hydration, on touch screens outside an app only
// (app/routes/root.tsx).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import './pull-to-refresh.css';

/** How far (px, after the resistance) a pull must go to refresh (ours). */
export const PULL_THRESHOLD_PX = 56;
/** The finger moves this many px for one px of pull. */
const RESISTANCE = 2;

/** Touches that do not pull: in a modal, or on something that takes its own drags (a chart). */
const NO_PULL = 'dialog, canvas, input, textarea, select';

export default function PullToRefresh() {
  const queryClient = useQueryClient();
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);

  useEffect(() => {
    const root = document.documentElement;
    const overscroll = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'contain';
    let startY: number | null = null;
    let pulled = 0;
    let busy = false;

    const reset = () => {
      startY = null;
      pulled = 0;
      setPull(0);
    };
    const onStart = (event: TouchEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const touch = event.touches[0];
      if (busy || event.touches.length !== 1 || !touch || window.scrollY > 0 || target?.closest(NO_PULL)) return;
      startY = touch.clientY;
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (startY === null || !touch) return;
      const distance = (touch.clientY - startY) / RESISTANCE;
      if (distance <= 0 || window.scrollY > 0) {
        // Scrolling the page up instead: not a pull.
        if (pulled > 0) reset();
        else startY = null;
        return;
      }
      // The page stays put (no bounce, no native reload) while the band grows.
      if (event.cancelable) event.preventDefault();
      pulled = Math.min(distance, PULL_THRESHOLD_PX * 1.5);
      setPull(pulled);
    };
    const onEnd = () => {
      if (startY === null) return;
      const release = pulled >= PULL_THRESHOLD_PX;
      reset();
      if (!release) return;
      busy = true;
      setRefreshing(true);
      void queryClient.refetchQueries({ type: 'active' }).finally(() => {
        busy = false;
        setRefreshing(false);
      });
    };

    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: false });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', reset);
    return () => {
      root.style.overscrollBehaviorY = overscroll;
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', reset);
    };
  }, [queryClient]);

  const height = refreshing ? PULL_THRESHOLD_PX : Math.round(pull);
  if (height === 0) return null;
  return (
    <div className="pull-to-refresh" style={{ height }} role="status">
      {refreshing ? '새로고침 중…' : pull >= PULL_THRESHOLD_PX ? '놓으면 새로고침' : '당겨서 새로고침'}
    </div>
  );
}
