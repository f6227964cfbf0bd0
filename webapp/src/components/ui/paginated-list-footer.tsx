import { useEffect, useRef } from 'react';

import type { PaginatedList } from '@/lib/paginated-list';

import './paginated-list-footer.css';

/** The parts of a paginated list the footer reads; no entity with `reachedEnd` is an empty list. */
export type FooterList = Pick<
  PaginatedList<unknown>,
  'entities' | 'isFetching' | 'reachedEnd' | 'isError' | 'loadMore' | 'retry'
>;

export type PaginatedListFooterProps = {
  list: FooterList;
  /** Shown below the last entity, e.g. `마지막 공시입니다.`; without it nothing is shown at the end. */
  endMessage?: string;
  /** Shown when the list has no entity at all, e.g. `공시가 없습니다.`; without it nothing is shown. */
  emptyMessage?: string;
  /** Shown when a load failed (next to the retry button). */
  errorMessage?: string;
  /**
   * How the next page is asked for: when the end of the list scrolls into view (`scroll`, the
   * default), or by a 더보기 button (`button`: for a page of several lists, such as the search
   * results, where scrolling past one list must not load the next page of it).
   */
  loadMoreBy?: 'scroll' | 'button';
};

const DEFAULT_ERROR_MESSAGE = '목록을 불러오지 못했습니다.';
/** Start loading the next page a little before the end of the list scrolls into view. */
const PREFETCH_MARGIN = '0px 0px 320px 0px';

/**
 * The end of an infinite list in the states of spec §3: loading, error with a
 * retry button, reached end (or empty), otherwise an invisible sentinel that
 * asks for the next page when it scrolls into view (or a 더보기 button).
 */
export function PaginatedListFooter({
  list,
  endMessage,
  emptyMessage,
  errorMessage = DEFAULT_ERROR_MESSAGE,
  loadMoreBy = 'scroll',
}: PaginatedListFooterProps) {
  const { isFetching, reachedEnd, isError } = list;
  if (isError) {
    return (
      <div className="list-footer list-footer--error" role="alert" data-testid="list-error">
        <p className="list-footer__text">{errorMessage}</p>
        <button type="button" className="button" onClick={list.retry}>
          다시 시도
        </button>
      </div>
    );
  }
  if (isFetching) {
    return (
      <div className="list-footer" role="status" data-testid="list-fetching">
        <span className="list-footer__spinner" aria-hidden="true" />
        <span className="list-footer__text">불러오는 중…</span>
      </div>
    );
  }
  if (reachedEnd) {
    const message = list.entities.length === 0 ? emptyMessage : endMessage;
    if (message === undefined) return null;
    return (
      <p className="list-footer list-footer__text" data-testid="list-end">
        {message}
      </p>
    );
  }
  if (loadMoreBy === 'button') {
    return (
      <div className="list-footer list-footer--more">
        <button type="button" className="button button--secondary list-footer__more" onClick={list.loadMore}>
          더보기
        </button>
      </div>
    );
  }
  return <LoadMoreSentinel onLoadMore={list.loadMore} />;
}

function LoadMoreSentinel({ onLoadMore }: { onLoadMore: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  useEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  });

  const canObserve = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const element = ref.current;
    if (!element || !canObserve) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMoreRef.current();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [canObserve]);

  return (
    <div ref={ref} className="list-footer list-footer--sentinel" data-testid="list-sentinel">
      {/* Without IntersectionObserver (old browsers) the list pages by a button. */}
      {canObserve ? null : (
        <button type="button" className="button button--secondary" onClick={onLoadMore}>
          더 보기
        </button>
      )}
    </div>
  );
}
