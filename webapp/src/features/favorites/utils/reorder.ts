// Reordering by drag: the edit screens keep the order locally and send it whole, once.

/** `items` with the one at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1) as [T];
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/** Where a dragged row lands: the number of other rows whose middle is above `y`. */
export function dropIndex(middles: readonly number[], from: number, y: number): number {
  let index = 0;
  middles.forEach((middle, i) => {
    if (i !== from && middle < y) index += 1;
  });
  return index;
}
