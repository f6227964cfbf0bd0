import { useSearchParams } from 'react-router';

import { Section } from '@/components/ui/section';
import { SegmentedControl } from '@/components/ui/segmented-control';
import type { TrendFigure } from '@/features/trends/components/trend-stock-list';
import { RankedStocks } from '@/features/trends/components/ranked-stocks';
import type { TrendKey, TrendMarketFilter } from '@/features/trends/types';

import { renderLiveStocks } from './components/live-trend-stock-list';

/** `?market=kospi|kosdaq`; absent for both (전체). */
export const MARKET_PARAM = 'market';

const MARKET_FILTERS: readonly { value: TrendMarketFilter; label: string }[] = [
  { value: '', label: '전체' },
  { value: 'kospi', label: '코스피' },
  { value: 'kosdaq', label: '코스닥' },
];

function parseMarketFilter(value: string | null): TrendMarketFilter {
  return MARKET_FILTERS.find((filter) => filter.value === value)?.value ?? '';
}

type Collection = { trendKey: TrendKey; title: string; figure: TrendFigure; testId: string };

/** 거래대금 상위 (collection_a) and 시가총액 상위 (collection_b). */
const COLLECTIONS = {
  a: { trendKey: 'collection_a', title: '거래대금 상위', figure: 'trading_value', testId: 'trend-collection-a' },
  b: { trendKey: 'collection_b', title: '시가총액 상위', figure: 'market_cap', testId: 'trend-collection-b' },
} satisfies Record<string, Collection>;

/**
 * A collection: the ranked list of both markets or one (`?market=`), each row with its rank,
 * price, change rate and the figure it is ranked by, 20 at a time with 더보기 to the end.
 */
export default function CollectionRoute({ collection: name }: { collection: keyof typeof COLLECTIONS }) {
  const collection: Collection = COLLECTIONS[name];
  const [searchParams, setSearchParams] = useSearchParams();
  const market = parseMarketFilter(searchParams.get(MARKET_PARAM));
  const chooseMarket = (next: TrendMarketFilter) =>
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === '') updated.delete(MARKET_PARAM);
        else updated.set(MARKET_PARAM, next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div data-testid={collection.testId}>
      <title>{`${collection.title} : 시세`}</title>
      <Section title={collection.title}>
        <SegmentedControl label="시장" options={MARKET_FILTERS} value={market} onChange={chooseMarket} />
        <RankedStocks
          key={market}
          trendKey={collection.trendKey}
          market={market}
          renderStocks={renderLiveStocks({ hearts: true, ranked: true, figure: collection.figure, label: collection.title })}
        />
      </Section>
    </div>
  );
}
