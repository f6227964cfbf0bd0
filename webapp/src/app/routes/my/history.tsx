import { Link } from 'react-router';

import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { paths } from '@/config/paths';
import { useStockNames } from '@/features/assets/hooks/use-stock-names';
import { RecentStocksEmpty } from '@/features/history/components/recent-stocks-empty';
import { useRecentStockIds } from '@/features/history/hooks/use-recent-stocks';
import { FeaturedQuoteList } from '@/features/securities/components/featured-quote-list';

import './my.css';

/** /m/my/history: the recently viewed stocks, newest first, with live prices. */
export default function MyHistoryRoute() {
  const ids = useRecentStockIds();
  const stocks = useStockNames(ids);
  return (
    <>
      <title>최근 본 종목 : 시세</title>
      <SampleDataNotice />
      <div className="my-page__header">
        <h1 className="page-section-title">최근 본 종목</h1>
        {stocks.length > 0 ? (
          <Link className="my-page__action" to={paths.myHistoryEdit.getHref()}>
            편집
          </Link>
        ) : null}
      </div>
      {stocks.length === 0 ? <RecentStocksEmpty /> : <FeaturedQuoteList stocks={stocks} />}
    </>
  );
}
