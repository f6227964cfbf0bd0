import { Outlet, useParams } from 'react-router';

import { TabNav } from '@/components/ui/tab-nav';
import { AllArticleList, DisclosureList, NewsList } from '@/features/articles/components/article-lists';

import { articleTabs } from './stock-tabs';

/** 뉴스·공시: 전체 / 뉴스 / 공시, each its own URL and infinite list. */
export default function StockArticlesRoute() {
  const { securityId = '' } = useParams();
  return (
    <>
      <TabNav items={articleTabs(securityId)} label="뉴스·공시 메뉴" variant="secondary" />
      <Outlet />
    </>
  );
}

export function AllArticlesRoute() {
  const { securityId = '' } = useParams();
  return <AllArticleList key={securityId} securityId={securityId} />;
}

export function NewsRoute() {
  const { securityId = '' } = useParams();
  return <NewsList key={securityId} securityId={securityId} />;
}

export function DisclosuresRoute() {
  const { securityId = '' } = useParams();
  return <DisclosureList key={securityId} securityId={securityId} />;
}
