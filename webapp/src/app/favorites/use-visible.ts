import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Which of a page's parts are on screen (an IntersectionObserver): the favorites page streams
 * only the prices of the groups in view, over one connection. Without IntersectionObserver
 * every part counts as visible.
 */
export function useVisibleKeys<K>(): { visible: ReadonlySet<K>; observe: (key: K) => (element: Element | null) => void | (() => void) } {
  const [visible, setVisible] = useState<ReadonlySet<K>>(new Set());
  const keys = useRef(new Map<Element, K>());
  const [observer] = useState(() =>
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver((entries) => {
          setVisible((current) => {
            const next = new Set(current);
            for (const entry of entries) {
              const key = keys.current.get(entry.target);
              if (key === undefined) continue;
              if (entry.isIntersecting) next.add(key);
              else next.delete(key);
            }
            return next;
          });
        }),
  );
  useEffect(() => () => observer?.disconnect(), [observer]);

  const observe = useCallback(
    (key: K) => (element: Element | null) => {
      if (!element) return;
      keys.current.set(element, key);
      if (observer) observer.observe(element);
      else setVisible((current) => (current.has(key) ? current : new Set(current).add(key)));
      // React 19 runs this when the element goes.
      return () => {
        observer?.unobserve(element);
        keys.current.delete(element);
        setVisible((current) => {
          if (!current.has(key)) return current;
          const next = new Set(current);
          next.delete(key);
          return next;
        });
      };
    },
    [observer],
  );
  return { visible, observe };
}
