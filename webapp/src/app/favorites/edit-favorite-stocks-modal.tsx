import type { ModalProps } from '@/components/modals/modal-host';
import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/loading';
import { useFavoriteLists } from '@/features/favorites/queries';
import { ModalPage } from '@/components/modals/modal-page';

import { StocksEditor } from './stocks-editor';

import '@/features/favorites/components/favorites.css';

/** editFavoriteStocks (full screen): a group's stocks, to select, delete and reorder. */
export default function EditFavoriteStocksModal({ listId, close }: ModalProps<'editFavoriteStocks'>) {
  const listsQuery = useFavoriteLists();
  const list = listsQuery.data?.favorite_stock_lists.find((candidate) => candidate.id === listId);
  return (
    <ModalPage title={list ? `${list.name} 편집` : '관심종목 편집'} onBack={close}>
      {listsQuery.isPending ? (
        <Loading />
      ) : listsQuery.isError && !listsQuery.data ? (
        <LoadError error={listsQuery.error} onRetry={() => void listsQuery.refetch()} />
      ) : list ? (
        <StocksEditor list={list} />
      ) : (
        <p className="page-status" role="alert">
          관심그룹을 찾을 수 없습니다.
        </p>
      )}
      <div className="favorites-toolbar">
        <button type="button" className="button button--secondary" onClick={close}>
          완료
        </button>
      </div>
    </ModalPage>
  );
}
