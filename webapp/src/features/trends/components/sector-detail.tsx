import type { ReactNode } from 'react';

import { LoadError } from '@/components/ui/load-error';
import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import { Section } from '@/components/ui/section';
import { ApiError } from '@/lib/api';

import { useSectorSecurities } from '../api/get-sector-securities';
import { useRankedPages } from '../hooks/use-ranked-pages';
import type { TrendStock } from '../types';

import { SectorSummary } from './sector-summary';
import { TrendStockListPlaceholder } from './trend-stock-list';

export const SECTOR_NOT_FOUND_MESSAGE = '업종 정보를 찾을 수 없습니다.';

/** Rows reserved while the first page loads. */
const PLACEHOLDER_ROWS = 5;

type SectorDetailProps = {
  wicsSectorCode: string;
  /** Renders the stocks loaded so far (the route adds live quotes). */
  renderStocks: (stocks: readonly TrendStock[]) => ReactNode;
};

/**
 * One industry group: its name, change and figures, then its stocks (largest market cap first)
 * 20 at a time with 더보기 (useRankedPages). An unknown code says so.
 */
export function SectorDetail({ wicsSectorCode, renderStocks }: SectorDetailProps) {
  const query = useSectorSecurities(wicsSectorCode);
  const { stocks, list } = useRankedPages(query, wicsSectorCode);
  const sector = query.data?.pages[0]?.wics_sector;

  if (!sector) {
    if (query.isError) {
      const { error } = query;
      const notFound = error instanceof ApiError && (error.isNotFound || error.status === 400);
      return (
        <>
          <title>{notFound ? `${SECTOR_NOT_FOUND_MESSAGE} : 시세` : '업종 : 시세'}</title>
          {notFound ? (
            <div className="page-status" role="alert" data-testid="sector-not-found">
              <p>{SECTOR_NOT_FOUND_MESSAGE}</p>
            </div>
          ) : (
            <LoadError error={error} onRetry={() => void query.refetch()} />
          )}
        </>
      );
    }
    return (
      <>
        <title>업종 : 시세</title>
        <p className="loading" role="status">
          불러오는 중…
        </p>
        <TrendStockListPlaceholder rows={PLACEHOLDER_ROWS} />
      </>
    );
  }

  return (
    <>
      <title>{`${sector.name} : 시세`}</title>
      <SectorSummary sector={sector} />
      <Section title="구성 종목" testId="sector-securities">
        {stocks.length > 0 ? renderStocks(stocks) : null}
        <PaginatedListFooter list={list} loadMoreBy="button" emptyMessage="종목이 없습니다." />
      </Section>
    </>
  );
}
