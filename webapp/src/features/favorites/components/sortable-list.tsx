import { useRef, useState, type PointerEvent, type ReactNode } from 'react';

import { dropIndex, moveItem } from '../utils/reorder';

type SortableListProps<T> = {
  items: readonly T[];
  getKey: (item: T) => number;
  renderItem: (item: T) => ReactNode;
  /** The new order, once per drag (the caller sends it whole). */
  onReorder: (items: T[]) => void;
  label: string;
};

type Drag = { from: number; startY: number; dy: number; middles: number[] };

/**
 * Rows reordered by dragging their handle, with a finger or a mouse (pointer events; the
 * handle has `touch-action: none` so the page does not scroll instead). The row follows the
 * pointer; on release the list reports the new order once.
 */
export function SortableList<T>({ items, getKey, renderItem, onReorder, label }: SortableListProps<T>) {
  const rows = useRef(new Map<number, HTMLLIElement>());
  const [drag, setDrag] = useState<Drag | null>(null);

  function start(event: PointerEvent<HTMLButtonElement>, from: number) {
    // Moves keep coming to the handle when the finger leaves it (absent in old engines and jsdom).
    if ('setPointerCapture' in event.currentTarget) event.currentTarget.setPointerCapture(event.pointerId);
    // Row middles at the start: the drop index is counted against them.
    const middles = items.map((item) => {
      const rect = rows.current.get(getKey(item))?.getBoundingClientRect();
      return rect ? rect.top + rect.height / 2 : 0;
    });
    setDrag({ from, startY: event.clientY, dy: 0, middles });
  }

  function move(event: PointerEvent<HTMLButtonElement>) {
    if (drag) setDrag({ ...drag, dy: event.clientY - drag.startY });
  }

  function end() {
    if (!drag) return;
    const middle = (drag.middles[drag.from] ?? 0) + drag.dy;
    const to = dropIndex(drag.middles, drag.from, middle);
    setDrag(null);
    if (to !== drag.from) onReorder(moveItem(items, drag.from, to));
  }

  return (
    <ul className="sortable-list" aria-label={label}>
      {items.map((item, index) => {
        const key = getKey(item);
        const dragging = drag?.from === index;
        return (
          <li
            key={key}
            ref={(element) => {
              if (element) rows.current.set(key, element);
              else rows.current.delete(key);
            }}
            className={dragging ? 'sortable-list__row sortable-list__row--dragging' : 'sortable-list__row'}
            style={dragging ? { transform: `translateY(${drag.dy}px)` } : undefined}
          >
            <div className="sortable-list__content">{renderItem(item)}</div>
            <button
              type="button"
              className="sortable-list__handle"
              aria-label="순서 변경"
              onPointerDown={(event) => start(event, index)}
              onPointerMove={move}
              onPointerUp={end}
              onPointerCancel={() => setDrag(null)}
              onKeyDown={(event) => {
                // Keyboard: arrows move the row by one.
                const to = event.key === 'ArrowUp' ? index - 1 : event.key === 'ArrowDown' ? index + 1 : null;
                if (to !== null && to >= 0 && to < items.length) {
                  event.preventDefault();
                  onReorder(moveItem(items, index, to));
                }
              }}
            >
              <span aria-hidden="true">≡</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
