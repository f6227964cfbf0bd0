import { useState } from 'react';

import { removeRecentStocks } from '../hooks/use-recent-stocks';
import type { RecentStock } from '../types';

import { RecentStocksEmpty } from './recent-stocks-empty';

import './recent-stocks-editor.css';

type RecentStocksEditorProps = {
  stocks: readonly RecentStock[];
};

/**
 * The recently viewed stocks with a checkbox each (spec §4: select, remove by securityIds,
 * clear selection): 전체 선택 selects all (or, all selected, none), 선택 해제 clears the
 * selection, 삭제 removes the selected stocks from the list and clears the selection.
 */
export function RecentStocksEditor({ stocks }: RecentStocksEditorProps) {
  const [selection, setSelection] = useState<ReadonlySet<string>>(() => new Set());
  // Only what is still listed counts (another tab may have removed a selected stock).
  const selectedIds = stocks.map((stock) => stock.securityId).filter((id) => selection.has(id));
  const allSelected = stocks.length > 0 && selectedIds.length === stocks.length;
  const noneSelected = selectedIds.length === 0;

  if (stocks.length === 0) return <RecentStocksEmpty />;

  const toggle = (securityId: string) => {
    setSelection((current) => {
      const next = new Set(current);
      if (!next.delete(securityId)) next.add(securityId);
      return next;
    });
  };
  const clearSelection = () => setSelection(new Set());

  return (
    <div className="recent-editor" data-testid="recent-stocks-editor">
      <div className="recent-editor__toolbar">
        <label className="recent-editor__check recent-editor__all">
          <input
            type="checkbox"
            checked={allSelected}
            onChange={() => setSelection(allSelected ? new Set() : new Set(stocks.map((stock) => stock.securityId)))}
          />
          전체 선택
        </label>
        <span className="recent-editor__count" aria-live="polite">
          {selectedIds.length}개 선택
        </span>
        <button type="button" className="button button--secondary" disabled={noneSelected} onClick={clearSelection}>
          선택 해제
        </button>
        <button
          type="button"
          className="button"
          disabled={noneSelected}
          onClick={() => {
            removeRecentStocks(selectedIds);
            clearSelection();
          }}
        >
          삭제
        </button>
      </div>
      <ul className="recent-editor__list">
        {stocks.map((stock) => (
          <li key={stock.securityId}>
            <label className="recent-editor__check recent-editor__item">
              <input
                type="checkbox"
                checked={selection.has(stock.securityId)}
                onChange={() => toggle(stock.securityId)}
              />
              <span className="recent-editor__name">{stock.name ?? '…'}</span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
