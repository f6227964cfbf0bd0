import { Link } from 'react-router';

import { QuoteChange } from '@/components/ui/quote-change';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { getChangeDisplay } from '@/lib/change-display';
import { formatNumber } from '@/lib/format';

import { useAssets } from '../api/get-assets';
import { useMajorForexRefresh } from '../hooks/use-major-forex-refresh';

import './major-forex-list.css';

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
  return (
    <Section title="주요 환율" testId="major-forexes">
      <ul className="major-forexes">
        {ids.map((id) => {
          const asset = assets[id];
          const tick = ticksById.get(id);
          const value = tick
            ? { price: tick.base_rate, change: tick.change, change_rate: tick.change_rate, change_type: tick.change_type }
            : asset;
          return (
            <li key={id}>
              <Link
                className="major-forexes__item"
                to={paths.asset.getHref(id)}
                aria-current={id === currentAssetId ? 'page' : undefined}
              >
                <span className="major-forexes__name">{asset?.name ?? id.replace(/^FOREX-/, '')}</span>
                {value ? (
                  <span className="major-forexes__quote">
                    <span className={`major-forexes__price ${getChangeDisplay(value.change_type).className}`}>
                      {formatNumber(value.price)}
                    </span>
                    <QuoteChange quote={value} className="major-forexes__change" />
                  </span>
                ) : (
                  <span className="major-forexes__quote">…</span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
