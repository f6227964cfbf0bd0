import { useParams } from 'react-router';

import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { StockHeader } from '@/features/stocks/components/stock-header';

import NotFoundRoute from '../not-found';

/** /m/stocks/:securityId: the stock page (sub-pages come later). */
export default function StockRoute() {
  const { securityId } = useParams();
  if (!securityId) return <NotFoundRoute />;
  return (
    <>
      <SampleDataNotice />
      <StockHeader key={securityId} securityId={securityId} />
    </>
  );
}
