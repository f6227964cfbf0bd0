import { useEffect, useState } from 'react';

import './scroll-to-top-button.css';

/** The button appears once the page is scrolled past this share of the screen height (spec §9). */
export const SCROLL_TO_TOP_THRESHOLD_RATIO = 1 / 3;

/** Whether a page scrolled to `scrollY` is past one third of a `viewportHeight` screen. */
export function isPastScrollThreshold(scrollY: number, viewportHeight: number): boolean {
  return scrollY > viewportHeight * SCROLL_TO_TOP_THRESHOLD_RATIO;
}

function readIsPast(): boolean {
  return isPastScrollThreshold(window.scrollY, window.innerHeight);
}

/** Floating button that scrolls back to the top; shown after scrolling past a third of the screen. */
export function ScrollToTopButton() {
  // Hidden at first, as in the prerendered page (a reload may restore a scrolled position:
  // the effect below shows the button in the next frame).
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setVisible(readIsPast()));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-to-top"
      aria-label="맨 위로"
      onClick={() => {
        const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
        window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
      }}
    >
      <span aria-hidden="true">↑</span>
    </button>
  );
}
