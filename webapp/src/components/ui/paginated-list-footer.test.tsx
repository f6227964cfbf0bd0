import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { installIntersectionObserver } from '@/testing/intersection-observer';

import { type FooterList, PaginatedListFooter, type PaginatedListFooterProps } from './paginated-list-footer';

type ListOverrides = Partial<Omit<FooterList, 'entities'>> & {
  count?: number;
  props?: Partial<PaginatedListFooterProps>;
};

function renderFooter({ count = 20, props, ...overrides }: ListOverrides = {}) {
  const list = {
    entities: Array.from({ length: count }, (_, i) => i),
    isFetching: false,
    reachedEnd: false,
    isError: false,
    loadMore: vi.fn(),
    retry: vi.fn(),
    ...overrides,
  };
  render(
    <PaginatedListFooter
      list={list}
      endMessage="마지막 공시입니다."
      emptyMessage="공시가 없습니다."
      errorMessage="공시를 불러오지 못했습니다."
      {...props}
    />,
  );
  return list;
}

describe('PaginatedListFooter', () => {
  it('shows that a page is loading', () => {
    renderFooter({ isFetching: true });
    expect(screen.getByRole('status').textContent).toContain('불러오는 중');
    expect(screen.queryByTestId('list-sentinel')).toBeNull();
  });

  it('says the end was reached, or that the list is empty', () => {
    renderFooter({ reachedEnd: true });
    expect(screen.getByTestId('list-end').textContent).toBe('마지막 공시입니다.');
  });

  it('says an empty list is empty', () => {
    renderFooter({ reachedEnd: true, count: 0 });
    expect(screen.getByTestId('list-end').textContent).toBe('공시가 없습니다.');
  });

  it('shows an error with a retry button that retries', () => {
    const list = renderFooter({ isError: true, isFetching: false });
    expect(screen.getByRole('alert').textContent).toContain('공시를 불러오지 못했습니다.');
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(list.retry).toHaveBeenCalledTimes(1);
    expect(list.loadMore).not.toHaveBeenCalled();
  });

  it('prefers the error over loading and end states', () => {
    renderFooter({ isError: true, isFetching: true, reachedEnd: true });
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeDefined();
    expect(screen.queryByTestId('list-fetching')).toBeNull();
    expect(screen.queryByTestId('list-end')).toBeNull();
  });

  it('asks for the next page when the sentinel scrolls into view', () => {
    const io = installIntersectionObserver();
    const list = renderFooter();
    expect(io.observedCount).toBe(1);
    expect(list.loadMore).not.toHaveBeenCalled();
    io.intersectAll();
    expect(list.loadMore).toHaveBeenCalledTimes(1);
  });

  it('stops observing once there is nothing more to load', () => {
    const io = installIntersectionObserver();
    renderFooter({ reachedEnd: true });
    expect(io.observedCount).toBe(0);
  });

  it('pages by a button where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const list = renderFooter();
    fireEvent.click(screen.getByRole('button', { name: '더 보기' }));
    expect(list.loadMore).toHaveBeenCalledTimes(1);
  });

  it('pages by a 더보기 button when asked to, observing nothing', () => {
    const io = installIntersectionObserver();
    const list = renderFooter({ props: { loadMoreBy: 'button' } });
    expect(io.observedCount).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: '더보기' }));
    expect(list.loadMore).toHaveBeenCalledTimes(1);
  });

  it('shows nothing at the end without an end or empty message', () => {
    const { container } = render(
      <PaginatedListFooter
        list={{ entities: [1], isFetching: false, reachedEnd: true, isError: false, loadMore: vi.fn(), retry: vi.fn() }}
        loadMoreBy="button"
      />,
    );
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
