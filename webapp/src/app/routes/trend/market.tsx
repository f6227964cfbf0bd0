import { useState } from 'react';

import { LoadError } from '@/components/ui/load-error';
import { Section } from '@/components/ui/section';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { useAsset } from '@/features/assets/api/get-asset';
import { AssetChart } from '@/features/assets/components/asset-chart';
import { AssetHeader } from '@/features/assets/components/asset-header';
import { RankedStocks } from '@/features/trends/components/ranked-stocks';
import { SpecialStocks } from '@/features/trends/components/special-stocks';
import type { TrendMarket } from '@/features/trends/types';
import { TREND_MARKET_LABELS } from '@/features/trends/utils/special-categories';

import { renderLiveStocks } from './components/live-trend-stock-list';

import './market.css';

const INDEX_IDS: Record<TrendMarket, string> = { kospi: 'INDEX-KOSPI', kosdaq: 'INDEX-KOSDAQ' };

type Direction = 'rising' | 'falling';
const DIRECTIONS: readonly { value: Direction; label: string }[] = [
  { value: 'rising', label: '상승' },
  { value: 'falling', label: '하락' },
];

/** The index, live (its asset refreshes while shown), with its chart. */
function IndexOverview({ assetId }: { assetId: string }) {
  const query = useAsset(assetId);
  if (query.isError && !query.data) {
    return <LoadError error={query.error} fallbackMessage="지수를 불러오지 못했습니다." onRetry={() => void query.refetch()} />;
  }
  if (!query.data) {
    // As tall as the header and the chart that replace it: the lists below do not move.
    return (
      <div className="index-overview-placeholder">
        <p className="loading" role="status">
          불러오는 중…
        </p>
      </div>
    );
  }
  return (
    <>
      <AssetHeader asset={query.data.asset} />
      <AssetChart asset={query.data.asset} />
    </>
  );
}

/** 상승 / 하락: the market's stocks rising (falling) most, 20 at a time. */
function MoversSection({ market }: { market: TrendMarket }) {
  const [direction, setDirection] = useState<Direction>('rising');
  return (
    <Section title="상승·하락 종목" testId="market-movers">
      <SegmentedControl label="상승 또는 하락" options={DIRECTIONS} value={direction} onChange={setDirection} />
      <RankedStocks
        key={direction}
        trendKey={direction}
        market={market}
        renderStocks={renderLiveStocks({ hearts: true, ranked: true, label: `${DIRECTIONS.find((d) => d.value === direction)?.label} 종목` })}
        emptyMessage={direction === 'rising' ? '상승한 종목이 없습니다.' : '하락한 종목이 없습니다.'}
      />
    </Section>
  );
}

/**
 * /m/trend/kospi, /m/trend/kosdaq: the index live with its chart, the market's rising and
 * falling stocks, and its special stocks by category.
 */
export default function MarketTrendRoute({ market }: { market: TrendMarket }) {
  const name = TREND_MARKET_LABELS[market];
  return (
    <div data-testid={`trend-${market}`}>
      <title>{`${name} : 시세`}</title>
      <IndexOverview assetId={INDEX_IDS[market]} />
      {/* 상승 or 하락 is this market's choice: the other market's page starts at 상승. */}
      <MoversSection key={market} market={market} />
      <SpecialStocks market={market} renderStocks={renderLiveStocks({ hearts: true, label: `${name} 특징주` })} />
    </div>
  );
}
