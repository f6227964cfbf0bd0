import { useStockNames } from '@/features/assets/hooks/use-stock-names';
import { deleteFavoriteStocks, reorderFavoriteStocks, type FavoriteStockList } from '@/features/favorites/api';
import { SelectionToolbar } from '@/features/favorites/components/selection-toolbar';
import { SortableList } from '@/features/favorites/components/sortable-list';
import { useLocalOrder } from '@/features/favorites/hooks/use-local-order';
import { useDeletableSelection } from '@/features/favorites/hooks/use-selection';

/**
 * A group's stocks to edit: select some and delete them (after a confirmation), clear the
 * selection, drag to reorder. Each drop sends the whole new order once; a refusal puts the
 * server's order back and says why.
 */
export function StocksEditor({ list }: { list: FavoriteStockList }) {
  const [stocks, reorder] = useLocalOrder(list.favorite_stocks, (order) =>
    reorderFavoriteStocks(
      list.id,
      order.map((stock) => stock.id),
    ),
  );
  const selection = useDeletableSelection(deleteFavoriteStocks);
  const names = new Map(
    useStockNames(stocks.map((stock) => stock.security_id)).map((stock) => [stock.securityId, stock.name]),
  );

  if (stocks.length === 0) return <p className="favorite-group__empty">관심종목이 없습니다.</p>;
  return (
    <>
      <SortableList
        label={`${list.name} 종목 편집`}
        items={stocks}
        getKey={(stock) => stock.id}
        onReorder={reorder}
        renderItem={(stock) => (
          <label className="favorite-edit__item">
            <input
              type="checkbox"
              className="favorite-check"
              checked={selection.selected.has(stock.id)}
              onChange={() => selection.toggle(stock.id)}
            />{' '}
            {names.get(stock.security_id) ?? '…'}
          </label>
        )}
      />
      <SelectionToolbar
        count={selection.selected.size}
        onClear={selection.clear}
        actionLabel="삭제"
        onAction={selection.remove}
      />
    </>
  );
}
