import { Section } from '@/components/ui/section';

import { useAssets } from '../api/get-assets';
import { useMajorForexRefresh } from '../hooks/use-major-forex-refresh';

import { AssetCards } from './asset-cards';

/**
 * 주요 환율: the major FX rates, refreshed every few seconds while the page
 * that shows this list is open (and not after it closes).
 */
export function MajorForexList({ currentAssetId }: { currentAssetId?: string }) {
  const { ids, ticks } = useMajorForexRefresh();
  const assetsQuery = useAssets(ids);
  const assets = assetsQuery.data?.assets ?? {};
  const ticksById = new Map(ticks.map((tick) => [tick.asset_id, tick]));

  if (ids.length === 0) return null;
  const cards = ids.map((id) => {
    const asset = assets[id];
    const tick = ticksById.get(id);
    return {
      assetId: id,
      name: asset?.name ?? id.replace(/^FOREX-/, ''),
      value: tick
        ? { price: tick.base_rate, change: tick.change, change_rate: tick.change_rate, change_type: tick.change_type }
        : asset,
    };
  });
  return (
    <Section title="주요 환율" testId="major-forexes">
      <AssetCards cards={cards} currentAssetId={currentAssetId} />
    </Section>
  );
}
