import { Section } from '@/components/ui/section';

import { useAssets } from '../api/get-assets';

import { AssetCards } from './asset-cards';

/** The domestic indexes the home page shows, computed by the market service from their constituents. */
export const MARKET_INDEX_IDS: readonly string[] = ['INDEX-KOSPI', 'INDEX-KOSDAQ', 'INDEX-KPI200'];

/** While the list is on screen its values are refetched this often. */
const REFRESH_MS = 5_000;

/** 주요 지수: KOSPI, KOSDAQ and KOSPI 200, each linking to its asset page. */
export function MarketIndexList() {
  const assetsQuery = useAssets(MARKET_INDEX_IDS, { refetchInterval: REFRESH_MS });
  const assets = assetsQuery.data?.assets ?? {};
  const cards = MARKET_INDEX_IDS.map((id) => ({
    assetId: id,
    name: assets[id]?.name ?? id.replace(/^INDEX-/, ''),
    value: assets[id],
  }));
  return (
    <Section title="주요 지수" testId="market-indexes">
      <AssetCards cards={cards} />
    </Section>
  );
}
