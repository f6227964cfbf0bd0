import { useParams } from 'react-router';

import { SectorDetail } from '@/features/trends/components/sector-detail';

import NotFoundRoute from '../not-found';

import { renderLiveStocks } from './components/live-trend-stock-list';

/** /m/trend/wics_sectors/:wicsSectorCode: one industry group and its stocks, live. */
export default function WicsSectorRoute() {
  const { wicsSectorCode } = useParams();
  if (!wicsSectorCode) return <NotFoundRoute />;
  return (
    <SectorDetail
      key={wicsSectorCode}
      wicsSectorCode={wicsSectorCode}
      renderStocks={renderLiveStocks({ label: '구성 종목' })}
    />
  );
}
