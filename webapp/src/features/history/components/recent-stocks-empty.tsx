import './recent-stocks-empty.css';

/** What 최근 본 종목 says before any stock page has been opened (or after all are removed). */
export function RecentStocksEmpty() {
  return <p className="recent-stocks-empty">최근 본 종목이 없습니다.</p>;
}
