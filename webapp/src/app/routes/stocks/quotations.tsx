import { Suspense } from 'react';
import { Outlet, useParams } from 'react-router';

import { Loading } from '@/components/ui/loading';
import { TabNav } from '@/components/ui/tab-nav';
import { DailyQuotes } from '@/features/charts/components/daily-quotes';
import { InvestorTrends } from '@/features/company/components/investor-trends';
import { TraderBoard } from '@/features/company/components/trader-board';

import { quotationTabs } from './stock-tabs';

/** 시세: 일별 / 투자자별 / 거래원, each its own URL (`/quotations` itself redirects to 일별). */
export default function StockQuotationsRoute() {
  const { securityId = '' } = useParams();
  return (
    <>
      <TabNav items={quotationTabs(securityId)} label="시세 메뉴" variant="secondary" />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </>
  );
}

export function DailyQuotesRoute() {
  const { securityId = '' } = useParams();
  return <DailyQuotes key={securityId} securityId={securityId} />;
}

export function InvestorTrendsRoute() {
  const { securityId = '' } = useParams();
  return <InvestorTrends key={securityId} securityId={securityId} />;
}

export function TraderBoardRoute() {
  const { securityId = '' } = useParams();
  return <TraderBoard key={securityId} securityId={securityId} />;
}
