import type { ModalProps } from '@/components/modals/modal-host';
import { useStockNames } from '@/features/assets/hooks/use-stock-names';
import { capListName } from '@/features/favorites/utils/list-name';

import { PutStocksDestination } from './put-stocks-destination';
import { usePutStocks } from './use-put-stocks';

import '@/components/modals/modal.css';
import '@/features/favorites/components/favorites.css';

/** addTopicStocks: a topic's stocks into a new group named after it (construct) or into one of the member's. */
export default function AddTopicStocksModal({ topicName, securityIds, close }: ModalProps<'addTopicStocks'>) {
  const names = useStockNames(securityIds);
  const form = usePutStocks(capListName(topicName));
  return (
    <div className="modal-dialog favorite-picker">
      <h2 className="favorite-picker__title">{`${topicName} 종목 담기`}</h2>
      <p className="favorite-picker__status">{names.map((stock) => stock.name ?? '…').join(', ')}</p>
      <PutStocksDestination form={form} adding={securityIds.length} />
      <div className="modal-actions">
        <button type="button" className="button button--secondary" onClick={close}>
          취소
        </button>
        <button
          type="button"
          className="button"
          disabled={form.sending || !form.lists || securityIds.length === 0}
          onClick={() => void form.submit(securityIds).then((done) => done && close())}
        >
          담기
        </button>
      </div>
    </div>
  );
}
