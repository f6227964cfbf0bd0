import { Link } from 'react-router';

import { QuoteChange } from '@/components/ui/quote-change';
import { type ChangeType, getChangeDisplay } from '@/lib/change-display';
import { formatNumber } from '@/lib/format';

import type { FoundAsset } from '../types';
import { foundAssetHref } from '../utils/found-asset';

import { FoundAssetLabel } from './found-asset-label';

import './found-asset-item.css';

export type FoundAssetQuote = { price: number; change: number; change_rate: number; change_type: ChangeType };

type FoundAssetItemProps = {
  asset: FoundAsset;
  /** Its current price (the screen brings it: prices belong to the assets feature). */
  quote?: FoundAssetQuote;
  /** The price is still loading ('…'); otherwise a missing price shows '-'. */
  quotePending?: boolean;
};

/** A found stock, index or forex pair with its price and change, linking to its page. */
export function FoundAssetItem({ asset, quote, quotePending = false }: FoundAssetItemProps) {
  return (
    <Link className="found-asset" to={foundAssetHref(asset)} data-asset-id={asset.asset_id}>
      <FoundAssetLabel asset={asset} />
      {quote ? (
        <span className="found-asset__quote">
          <span className={`found-asset__price ${getChangeDisplay(quote.change_type).className}`}>
            {formatNumber(quote.price)}
          </span>
          <QuoteChange quote={quote} className="found-asset__change" />
        </span>
      ) : (
        <span className="found-asset__quote found-asset__quote--empty">{quotePending ? '…' : '-'}</span>
      )}
    </Link>
  );
}
