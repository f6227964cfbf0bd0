import type { TabNavItem } from '@/components/ui/tab-nav';
import { paths } from '@/config/paths';

/** The trend pages, in the order of their tab row. */
export const TREND_TABS: readonly TabNavItem[] = [
  { label: '국내', to: paths.trendDomestic.getHref() },
  { label: '해외', to: paths.trendForeign.getHref() },
  { label: '환율', to: paths.trendForex.getHref() },
  { label: '코스피', to: paths.trendKospi.getHref() },
  { label: '코스닥', to: paths.trendKosdaq.getHref() },
  { label: '거래대금', to: paths.trendCollectionA.getHref() },
  { label: '시가총액', to: paths.trendCollectionB.getHref() },
  // Active on a sector's page too.
  { label: '업종', to: paths.trendWicsSectors.getHref() },
];
