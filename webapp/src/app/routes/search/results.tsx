import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';

import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { SEARCH_PRICES_REFRESH_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { ArticleItem } from '@/features/articles/components/article-item';
import { newsEntry } from '@/features/articles/utils/entries';
import { useAssets } from '@/features/assets/api/get-assets';
import { useInsightArticleSearch } from '@/features/insight/api/search-insight-articles';
import { InsightSearchResults } from '@/features/insight/components/insight-search-results';
import { useSearchResults } from '@/features/search/api/get-search-results';
import { FoundAssetItem } from '@/features/search/components/found-asset-item';
import { SearchBox } from '@/features/search/components/search-box';
import { SearchResultSection } from '@/features/search/components/search-result-section';
import type { FoundAsset, FoundAssetPage, NewsSearchPage } from '@/features/search/types';
import { normalizeKeyword } from '@/features/search/utils/keyword';
import { TopicList } from '@/features/topics/components/topic-list';
import type { TopicPage } from '@/features/topics/types';
import { toPaginatedList } from '@/lib/paginated-list';
import { useHydrated } from '@/lib/use-hydrated';

import './search.css';

// A found stock's heart (spec §4), loaded after hydration, apart from the page.
const ListHeart = lazy(() => import('@/app/favorites/list-heart'));

/** /m/search/query?keyword=…: the results of one search; without a keyword, the search page. */
export default function SearchResultsRoute() {
  const [searchParams] = useSearchParams();
  const keyword = normalizeKeyword(searchParams.get('keyword') ?? '');
  if (keyword === '') return <Navigate replace to={paths.search.getHref()} />;
  // A new search starts afresh: the box holds its keyword again.
  return <SearchResults key={keyword} keyword={keyword} />;
}

type InfiniteResult<TPage> = UseInfiniteQueryResult<InfiniteData<TPage, unknown>>;

/** Every page of the list has arrived and none holds anything. */
function foundNothing<TPage>(query: InfiniteResult<TPage>, count: (page: TPage) => number): boolean {
  return query.data?.pages.every((page) => count(page) === 0) ?? false;
}

function SearchResults({ keyword }: { keyword: string }) {
  const [text, setText] = useState(keyword);
  // Each kind of result is its own call and its own list. Leaving the page aborts what is
  // still loading (every call passes TanStack Query's signal); coming back shows the pages
  // already loaded (they are fetched only once per keyword while cached, spec §4).
  const assets = useSearchResults('assets', keyword);
  const topics = useSearchResults('topics', keyword);
  const news = useSearchResults('news', keyword);
  const newsRelated = useSearchResults('news-related-assets', keyword);
  const insight = useInsightArticleSearch(keyword);
  const nothing =
    foundNothing(assets, (page) => page.assets.length) &&
    foundNothing(topics, (page) => page.topics.length) &&
    foundNothing(news, (page) => page.news.length) &&
    foundNothing(newsRelated, (page) => page.assets.length) &&
    foundNothing(insight, (page) => page.articles.length);

  return (
    <>
      <title>{`${keyword} 검색 결과 : 시세`}</title>
      <SearchBox value={text} onValueChange={setText} />
      <h1 className="visually-hidden">{`'${keyword}' 검색 결과`}</h1>
      {nothing ? (
        <p className="search-results__none" role="status">{`'${keyword}'에 대한 검색 결과가 없습니다.`}</p>
      ) : (
        <>
          <SampleDataNotice />
          <AssetResults title="종목·지수·환율" testId="search-assets" query={assets} />
          <TopicResults query={topics} />
          <NewsResults query={news} />
          <AssetResults title="뉴스 관련 종목" testId="search-news-related-assets" query={newsRelated} />
          <InsightSearchResults keyword={keyword} />
        </>
      )}
    </>
  );
}

/** Found assets with their prices: one assets call per page of results, refreshed while shown. */
function AssetResults({
  title,
  testId,
  query,
}: {
  title: string;
  testId: string;
  query: InfiniteResult<FoundAssetPage>;
}) {
  const list = toPaginatedList(query, (page) => page.assets, (page) => page.next_cursor);
  return (
    <SearchResultSection title={title} testId={testId} list={list}>
      <ul className="found-asset-list" aria-label={title}>
        {query.data?.pages.map((page, index) => <PricedAssets key={index} assets={page.assets} />)}
      </ul>
    </SearchResultSection>
  );
}

function PricedAssets({ assets }: { assets: readonly FoundAsset[] }) {
  const prices = useAssets(
    assets.map((asset) => asset.asset_id),
    { refetchInterval: SEARCH_PRICES_REFRESH_MS },
  );
  const hydrated = useHydrated();
  // One existence call for the page's stocks (indexes and forex pairs have no heart).
  const stockIds = assets.filter((asset) => asset.kind === 'stock').map((asset) => asset.asset_id);
  return assets.map((asset) => (
    <li key={asset.asset_id} className="favorite-row">
      <FoundAssetItem asset={asset} quote={prices.data?.assets[asset.asset_id]} quotePending={prices.isPending} />
      {hydrated && asset.kind === 'stock' ? (
        <Suspense fallback={null}>
          <ListHeart securityId={asset.asset_id} name={asset.name} listIds={stockIds} />
        </Suspense>
      ) : null}
    </li>
  ));
}

/** 테마 (GET search/topics, social service), between the assets and the news as spec §7 lists them. */
function TopicResults({ query }: { query: InfiniteResult<TopicPage> }) {
  const list = toPaginatedList(query, (page) => page.topics, (page) => page.next_cursor);
  return (
    <SearchResultSection title="테마" testId="search-topics" list={list}>
      <TopicList topics={list.entities} label="테마" />
    </SearchResultSection>
  );
}

function NewsResults({ query }: { query: InfiniteResult<NewsSearchPage> }) {
  const list = toPaginatedList(query, (page) => page.news.map(newsEntry), (page) => page.next_cursor);
  return (
    <SearchResultSection title="뉴스" testId="search-news" list={list}>
      <ul className="article-list" aria-label="뉴스">
        {list.entities.map((entry) => (
          <li key={entry.id}>
            <ArticleItem entry={entry} />
          </li>
        ))}
      </ul>
    </SearchResultSection>
  );
}
