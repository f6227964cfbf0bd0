import { useParams } from 'react-router';

import { AssetDetail } from '@/features/assets/components/asset-detail';

import NotFoundRoute from '../not-found';

/** /m/assets/:assetId: an index or FX rate (stocks redirect to their stock page). */
export default function AssetRoute() {
  const { assetId } = useParams();
  if (!assetId) return <NotFoundRoute />;
  return <AssetDetail key={assetId} assetId={assetId} />;
}
