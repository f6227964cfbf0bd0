import { Link } from 'react-router';

import { QuoteChange } from '@/components/ui/quote-change';
import { paths } from '@/config/paths';
import { type ChangeType, getChangeDisplay } from '@/lib/change-display';
import { formatNumber } from '@/lib/format';

import './asset-cards.css';

export type AssetCard = {
  assetId: string;
  name: string;
  /** Where the card leads; the asset's page when absent. */
  href?: string;
  /** Absent while loading. */
  value?: { price: number; change: number; change_rate: number; change_type: ChangeType };
};

/** A two-column grid of index or FX cards, each linking to its asset page. */
export function AssetCards({ cards, currentAssetId }: { cards: readonly AssetCard[]; currentAssetId?: string }) {
  return (
    <ul className="asset-cards">
      {cards.map(({ assetId, name, href, value }) => (
        <li key={assetId}>
          <Link
            className="asset-cards__item"
            to={href ?? paths.asset.getHref(assetId)}
            aria-current={assetId === currentAssetId ? 'page' : undefined}
          >
            <span className="asset-cards__name">{name}</span>
            {value ? (
              <span className="asset-cards__quote">
                <span className={`asset-cards__price ${getChangeDisplay(value.change_type).className}`}>
                  {formatNumber(value.price)}
                </span>
                <QuoteChange quote={value} className="asset-cards__change" />
              </span>
            ) : (
              <span className="asset-cards__quote asset-cards__quote--empty">…</span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
