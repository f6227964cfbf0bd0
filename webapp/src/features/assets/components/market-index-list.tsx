import { LoadError } from '@/components/ui/load-error';
import { Section } from '@/components/ui/section';

import { useAssets } from '../api/get-assets';

import { AssetCards } from './asset-cards';

/** The domestic indexes the home page shows, computed by the market service from their constituents. */
export const MARKET_INDEX_IDS: readonly string[] = ['INDEX-KOSPI', 'INDEX-KOSDAQ', 'INDEX-KPI200'];

/** While the list is on screen its values are refetched this often. */
const REFRESH_MS = 5_000;

type MarketIndexListProps = {
  /** Which indexes (the home page's three by default). */
  ids?: readonly string[];
  /** Where a card leads, by id; its asset page otherwise (트렌드 국내 opens the market pages). */
  hrefs?: Readonly<Record<string, string>>;
  title?: string;
};

/** 주요 지수: KOSPI, KOSDAQ and KOSPI 200 (or the given indexes), live, each linking to its page. */
export function MarketIndexList({ ids = MARKET_INDEX_IDS, hrefs = {}, title = '주요 지수' }: MarketIndexListProps) {
  const assetsQuery = useAssets(ids, { refetchInterval: REFRESH_MS });
  // Never read: why, with the retry (a failed refresh keeps the values already shown).
  if (assetsQuery.isError && !assetsQuery.data) {
    return (
      <Section title={title} testId="market-indexes">
        <LoadError error={assetsQuery.error} onRetry={() => void assetsQuery.refetch()} />
      </Section>
    );
  }
  const assets = assetsQuery.data?.assets ?? {};
  const cards = ids.map((id) => ({
    assetId: id,
    name: assets[id]?.name ?? id.replace(/^INDEX-/, ''),
    href: hrefs[id],
    value: assets[id],
  }));
  return (
    <Section title={title} testId="market-indexes">
      <AssetCards cards={cards} />
    </Section>
  );
}
