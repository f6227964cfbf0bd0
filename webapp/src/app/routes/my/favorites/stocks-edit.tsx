import { Link } from 'react-router';

import { Loading } from '@/components/ui/loading';
import { favoritePaths } from '@/config/favorite-paths';

import { StocksEditor } from '@/app/favorites/stocks-editor';

import { LIST_NOT_FOUND_MESSAGE, LISTS_LOAD_FAILED_MESSAGE, useListOfParam } from './use-list-param';

/** /m/my/favorite_stock_lists/{id}/favorite_stocks/edit: select, delete, reorder by drag. */
export default function FavoriteStocksEditRoute() {
  const { list, isPending, isError } = useListOfParam();
  if (isPending) return <Loading />;
  if (isError || !list) {
    return (
      <p className="page-status" role="alert">
        {isError ? LISTS_LOAD_FAILED_MESSAGE : LIST_NOT_FOUND_MESSAGE}
      </p>
    );
  }
  return (
    <>
      <title>{`${list.name} 편집 : 관심종목 : 시세`}</title>
      <div className="my-page__header">
        <h1 className="my-page__title">{`${list.name} 편집`}</h1>
        <Link className="my-page__action" to={favoritePaths.list.getHref(list.id)}>
          완료
        </Link>
      </div>
      <StocksEditor list={list} />
    </>
  );
}
