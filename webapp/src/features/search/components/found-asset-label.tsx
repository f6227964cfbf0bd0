import type { FoundAsset } from '../types';
import { foundAssetBadge, foundAssetCode } from '../utils/found-asset';

import './found-asset-label.css';

/** A found asset's name over its code and badge (코스피 / 코스닥 / 지수 / 환율). */
export function FoundAssetLabel({ asset }: { asset: FoundAsset }) {
  const badge = foundAssetBadge(asset);
  return (
    <span className="found-asset-label">
      <span className="found-asset-label__name">{asset.name}</span>
      <span className="found-asset-label__meta">
        <span className="found-asset-label__code">{foundAssetCode(asset)}</span>
        {badge ? <span className="found-asset-label__badge">{badge}</span> : null}
      </span>
    </span>
  );
}
