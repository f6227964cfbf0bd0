// The paginated-list state of spec §3 (isFetching, pageCount, reachedEnd,
// entities, nextCursor, isError) derived from a TanStack infinite query, so
// every infinite list on the site behaves and reads the same.
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

export type PaginatedListState<T> = {
  entities: T[];
  pageCount: number;
  /** The first page or the next page is being loaded. */
  isFetching: boolean;
  /** Every page has been loaded (the server gave no next cursor). */
  reachedEnd: boolean;
  /** The last load failed (first page or next page). */
  isError: boolean;
  /** The cursor the next page will be asked with, if any. */
  nextCursor: string | null;
};

export type PaginatedList<T> = PaginatedListState<T> & {
  error: unknown;
  /** Loads the next page unless one is loading, the end was reached or the last load failed. */
  loadMore: () => void;
  /** Repeats the failed load: the next page, or the whole list when the first page failed. */
  retry: () => void;
};

/**
 * Flattens an infinite query into the paginated-list state.
 * `select` takes the entities out of one page, `cursorOf` its next cursor.
 */
export function toPaginatedList<TPage, T>(
  query: UseInfiniteQueryResult<InfiniteData<TPage, unknown>>,
  select: (page: TPage) => readonly T[],
  cursorOf: (page: TPage) => string | null | undefined,
): PaginatedList<T> {
  const pages = query.data?.pages ?? [];
  const lastPage = pages.at(-1);
  const isFetching = query.isPending ? query.fetchStatus === 'fetching' : query.isFetchingNextPage;
  const isError = query.isError;
  const reachedEnd = query.data !== undefined && !query.hasNextPage;
  return {
    entities: pages.flatMap((page) => select(page)),
    pageCount: pages.length,
    isFetching,
    reachedEnd,
    isError,
    nextCursor: lastPage === undefined ? null : (cursorOf(lastPage) ?? null),
    error: query.error,
    loadMore: () => {
      if (isFetching || reachedEnd || isError || query.isFetching) return;
      void query.fetchNextPage();
    },
    retry: () => {
      if (query.data === undefined) void query.refetch();
      else void query.fetchNextPage();
    },
  };
}
