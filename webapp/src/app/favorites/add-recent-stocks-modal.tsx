import { useState } from 'react';

import type { ModalProps } from '@/components/modals/modal-host';
import { Loading } from '@/components/ui/loading';
import { useStockNames } from '@/features/assets/hooks/use-stock-names';
import { DestinationPicker } from '@/features/favorites/components/destination-picker';
import { useFavoriteLists } from '@/features/favorites/queries';
import { DEFAULT_LIST_NAME } from '@/features/favorites/utils/list-name';
import { useRecentStockIds } from '@/features/history/hooks/use-recent-stocks';
import { ModalPage } from '@/components/modals/modal-page';

import { usePutStocks } from './use-put-stocks';

import '@/features/favorites/components/favorites.css';

/** addRecentStocks (full screen): pick some recently viewed stocks and put them in a group. */
export default function AddRecentStocksModal({ close }: ModalProps<'addRecentStocks'>) {
  const ids = useRecentStockIds();
  const stocks = useStockNames(ids);
  const listsQuery = useFavoriteLists();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const form = usePutStocks(DEFAULT_LIST_NAME);
  // Kept in the order of the recent list, not of the taps.
  const chosen = ids.filter((id) => picked.has(id));

  function toggle(id: string) {
    setPicked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  return (
    <ModalPage title="최근 본 종목 담기" onBack={close}>
      {stocks.length === 0 ? (
        <p className="page-status">최근 본 종목이 없습니다.</p>
      ) : (
        <ul className="favorite-pick-list" aria-label="최근 본 종목">
          {stocks.map((stock) => (
            <li key={stock.securityId}>
              <label className="favorite-edit__item">
                <input
                  type="checkbox"
                  className="favorite-check"
                  checked={picked.has(stock.securityId)}
                  onChange={() => toggle(stock.securityId)}
                />
                {stock.name ?? '…'}
              </label>
            </li>
          ))}
        </ul>
      )}
      {listsQuery.data ? (
        <DestinationPicker
          lists={listsQuery.data}
          choice={form.choice}
          onChoice={form.setChoice}
          newName={form.newName}
          onNewName={form.setNewName}
          adding={chosen.length}
          error={form.error}
        />
      ) : (
        <Loading />
      )}
      <div className="favorites-toolbar">
        <button
          type="button"
          className="button button--secondary"
          disabled={picked.size === 0}
          onClick={() => setPicked(new Set())}
        >
          선택 해제
        </button>
        <button
          type="button"
          className="button"
          disabled={form.sending || chosen.length === 0 || !listsQuery.data}
          onClick={() => void form.submit(chosen).then((done) => done && close())}
        >
          {`담기${chosen.length > 0 ? ` (${chosen.length})` : ''}`}
        </button>
      </div>
    </ModalPage>
  );
}
