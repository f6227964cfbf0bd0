import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useStockNames } from '@/features/assets/hooks/use-stock-names';
import { RecentStocksEditor } from '@/features/history/components/recent-stocks-editor';
import { useRecentStockIds } from '@/features/history/hooks/use-recent-stocks';

import './my.css';

/** /m/my/history/edit: select recently viewed stocks and remove them; 완료 returns to the list. */
export default function MyHistoryEditRoute() {
  const ids = useRecentStockIds();
  const stocks = useStockNames(ids);
  return (
    <>
      <title>최근 본 종목 편집 : 시세</title>
      <div className="my-page__header">
        <h1 className="page-section-title">최근 본 종목 편집</h1>
        {/* Replacing the editor: back from the list does not open it again. */}
        <Link className="my-page__action" to={paths.myHistory.getHref()} replace>
          완료
        </Link>
      </div>
      <RecentStocksEditor stocks={stocks} />
    </>
  );
}
