import { Outlet } from 'react-router';

import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { TabNav } from '@/components/ui/tab-nav';

import { TREND_TABS } from './trend-tabs';

/** /m/trend/*: the tab row of the trend pages, the sample-data notice, then the page. */
export default function TrendLayout() {
  return (
    <>
      <TabNav items={TREND_TABS} label="트렌드 메뉴" />
      <SampleDataNotice />
      <Outlet />
    </>
  );
}
