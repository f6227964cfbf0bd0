import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { Loading } from '@/components/ui/loading';
import { favoritePaths } from '@/config/favorite-paths';
import { addFavoriteStock, deleteFavoriteStocks, type FavoriteStockList } from '@/features/favorites/api';
import { alertFailure } from '@/features/favorites/errors';
import { invalidateFavorites } from '@/features/favorites/queries';
import { useToggleMutationQueue } from '@/features/favorites/toggle-queue';
import { listFullMessage } from '@/features/favorites/utils/picker';
import { FoundAssetLabel } from '@/features/search/components/found-asset-label';
import { useSuggestions } from '@/features/search/hooks/use-suggestions';
import type { FoundAsset } from '@/features/search/types';

import { LIST_NOT_FOUND_MESSAGE, LISTS_LOAD_FAILED_MESSAGE, useListOfParam } from './use-list-param';

import '@/features/search/components/search-box.css';
import '@/features/securities/components/featured-quote-list.css';

/**
 * /m/my/favorite_stock_lists/{id}/favorite_stocks/add[?keyword=]: the search of /m/search
 * (초성 too: 삼ㅅ finds 삼성전자), each stock found added to the group with a tap; a stock
 * already in the group says so, and a second tap takes it out again.
 */
export default function FavoriteStocksAddRoute() {
  const { list, lists, isPending, isError } = useListOfParam();
  const [searchParams] = useSearchParams();
  const [text, setText] = useState(searchParams.get('keyword') ?? '');
  const suggestions = useSuggestions(text);

  if (isPending) return <Loading />;
  if (isError || !list || !lists) {
    return (
      <p className="page-status" role="alert">
        {isError ? LISTS_LOAD_FAILED_MESSAGE : LIST_NOT_FOUND_MESSAGE}
      </p>
    );
  }
  const stocks = suggestions.assets.filter((asset) => asset.kind === 'stock');
  return (
    <>
      <title>{`${list.name} 종목 추가 : 관심종목 : 시세`}</title>
      <div className="my-page__header">
        <h1 className="my-page__title">{`${list.name} 종목 추가`}</h1>
        <Link className="my-page__action" to={favoritePaths.list.getHref(list.id)}>
          완료
        </Link>
      </div>
      <div className="search-box favorite-add__box">
        <input
          className="search-box__input"
          type="search"
          aria-label="종목 검색"
          placeholder="종목명 또는 초성 검색"
          value={text}
          autoFocus
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {text.trim() !== '' && suggestions.isSettled && stocks.length === 0 ? (
        <p className="page-status" role="status">{`'${text.trim()}'에 대한 검색 결과가 없습니다.`}</p>
      ) : (
        <ul className="quote-list" aria-label="검색 결과">
          {stocks.map((asset) => (
            <li key={asset.asset_id}>
              <AddRow asset={asset} list={list} max={lists.max_stocks_per_list} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A found stock: tap to add it to the group (through the toggle queue), shows when it is in. */
function AddRow({ asset, list, max }: { asset: FoundAsset; list: FavoriteStockList; max: number }) {
  const queryClient = useQueryClient();
  const favoriteStockId = list.favorite_stocks.find((stock) => stock.security_id === asset.asset_id)?.id ?? null;
  const [added, toggle] = useToggleMutationQueue<number | null>({
    serverState: favoriteStockId,
    isOn: (id) => id !== null,
    run: async (confirmed, on) => {
      if (on) return (await addFavoriteStock(asset.asset_id, list.id)).favorite_stock.id;
      if (confirmed !== null) await deleteFavoriteStocks([confirmed]);
      return null;
    },
    onSettled: () => void invalidateFavorites(queryClient),
    onError: (error) => {
      alertFailure(error);
      void invalidateFavorites(queryClient);
    },
  });
  const full = !added && favoriteStockId === null && list.favorite_stocks_count >= max;
  return (
    <button type="button" className="favorite-add__row" aria-pressed={added} disabled={full} onClick={toggle}>
      <FoundAssetLabel asset={asset} />
      <span className="favorite-add__state">{added ? '추가됨 ✓' : full ? listFullMessage(max) : '추가'}</span>
    </button>
  );
}
