import type { ModalProps } from '@/components/modals/modal-host';
import { ModalPage } from '@/components/modals/modal-page';
import { useStockNames } from '@/features/assets/hooks/use-stock-names';
import { SelectionToolbar } from '@/features/favorites/components/selection-toolbar';
import { useSelection } from '@/features/favorites/hooks/use-selection';
import { DEFAULT_LIST_NAME } from '@/features/favorites/utils/list-name';
import { useRecentStockIds } from '@/features/history/hooks/use-recent-stocks';

import { PutStocksDestination } from './put-stocks-destination';
import { usePutStocks } from './use-put-stocks';

import '@/features/favorites/components/favorites.css';

/** addRecentStocks (full screen): pick some recently viewed stocks and put them in a group. */
export default function AddRecentStocksModal({ close }: ModalProps<'addRecentStocks'>) {
  const ids = useRecentStockIds();
  const stocks = useStockNames(ids);
  const picked = useSelection<string>();
  const form = usePutStocks(DEFAULT_LIST_NAME);
  // Kept in the order of the recent list, not of the taps.
  const chosen = ids.filter((id) => picked.selected.has(id));

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
                  checked={picked.selected.has(stock.securityId)}
                  onChange={() => picked.toggle(stock.securityId)}
                />
                {stock.name ?? '…'}
              </label>
            </li>
          ))}
        </ul>
      )}
      <PutStocksDestination form={form} adding={chosen.length} />
      <SelectionToolbar
        count={chosen.length}
        onClear={picked.clear}
        actionLabel="담기"
        onAction={() => void form.submit(chosen).then((done) => done && close())}
        actionDisabled={form.sending || !form.lists}
      />
    </ModalPage>
  );
}
