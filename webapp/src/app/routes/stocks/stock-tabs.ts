// The tabs of the stock page and of its 시세 and 뉴스·공시 tabs. Every tab is a
// route, so the tab is in the URL and back/forward move between tabs.
import type { TabNavItem } from '@/components/ui/tab-nav';
import { paths } from '@/config/paths';

export function stockTabs(securityId: string): TabNavItem[] {
  return [
    { label: '개요', to: paths.stock.getHref(securityId), end: true },
    // The board; its posts, new-post form and 내 글 are below it, so the tab stays active there.
    { label: '토론', to: paths.stockDebates.getHref(securityId) },
    { label: '뉴스·공시', to: paths.stockArticles.getHref(securityId) },
    { label: '시세', to: paths.stockQuotations.getHref(securityId) },
    { label: '분석', to: paths.stockAnalysis.getHref(securityId) },
  ];
}

export function quotationTabs(securityId: string): TabNavItem[] {
  return [
    { label: '일별', to: paths.stockQuotationsDaily.getHref(securityId) },
    { label: '투자자별', to: paths.stockQuotationsForeign.getHref(securityId) },
    { label: '거래원', to: paths.stockQuotationsTrader.getHref(securityId) },
  ];
}

export function articleTabs(securityId: string): TabNavItem[] {
  return [
    { label: '전체', to: paths.stockArticles.getHref(securityId), end: true },
    { label: '뉴스', to: paths.stockArticlesNews.getHref(securityId) },
    { label: '공시', to: paths.stockArticlesDisclosures.getHref(securityId) },
  ];
}
