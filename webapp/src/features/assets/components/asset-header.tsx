import { QuoteChange } from '@/components/ui/quote-change';
import { getChangeDisplay } from '@/lib/change-display';
import { formatNumber, formatTime } from '@/lib/format';

import type { Asset, AssetKind } from '../types';
import { currencyName, forexPairOf } from '../utils/forex';

import './asset-header.css';

export const ASSET_KIND_LABELS: Record<AssetKind, string> = {
  STOCK: '주식',
  INDEX: '지수',
  FOREX: '환율',
};

/** Header of an index or FX page: name, price, change and the time of the last value. */
export function AssetHeader({ asset }: { asset: Asset }) {
  const display = getChangeDisplay(asset.change_type);
  const pair = asset.kind === 'FOREX' ? forexPairOf(asset.asset_id) : null;
  return (
    <section className="asset-header" aria-label={`${asset.name} 시세`}>
      <div className="asset-header__identity">
        <h1 className="asset-header__name">{asset.name}</h1>
        <span className="asset-header__kind">{ASSET_KIND_LABELS[asset.kind] ?? asset.kind}</span>
      </div>
      {pair ? (
        <p className="asset-header__pair">
          {`${formatNumber(pair.unit)} ${currencyName(pair.base)}(${pair.base})당 ${currencyName(pair.quote)}(${pair.quote})`}
        </p>
      ) : null}
      <p className={`asset-header__price ${display.className}`} data-testid="asset-price">
        {formatNumber(asset.price)}
      </p>
      <QuoteChange quote={asset} showBadge className="asset-header__change" />
      <p className="asset-header__time">
        <time dateTime={new Date(asset.traded_at).toISOString()}>{formatTime(asset.traded_at)}</time> 기준
      </p>
    </section>
  );
}
