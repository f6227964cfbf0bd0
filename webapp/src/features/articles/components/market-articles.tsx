import type { UseQueryResult } from '@tanstack/react-query';

import { LoadError } from '@/components/ui/load-error';
import { Section } from '@/components/ui/section';

import { useDisclosuresOfSecurities } from '../api/get-disclosures-of-securities';
import { useNewsOfSecurities } from '../api/get-news-of-securities';
import type { ArticleEntry } from '../types';
import { disclosureEntry, newsEntry } from '../utils/entries';

import { ArticleItem } from './article-item';

import './article-item.css';

/** The room an item takes while the list loads: news have a summary, disclosures only a title. */
const NEWS_ITEM_REM = 7;
const DISCLOSURE_ITEM_REM = 4.25;

type MarketArticlesProps = {
  /** Whose news and disclosures (empty while they are not known: the lists show loading). */
  securityIds: readonly string[];
  /** How many of each. */
  limit: number;
};

/** 최신 뉴스 and 최신 공시 of several stocks (the home page: the largest ones), each opening the item. */
export function MarketArticles({ securityIds, limit }: MarketArticlesProps) {
  const newsQuery = useNewsOfSecurities(securityIds, limit);
  const disclosuresQuery = useDisclosuresOfSecurities(securityIds, limit);
  return (
    <>
      <Section title="최신 뉴스" testId="market-news">
        <ArticleEntries
          query={newsQuery}
          entries={newsQuery.data?.news.map(newsEntry)}
          limit={limit}
          itemRem={NEWS_ITEM_REM}
          emptyMessage="뉴스가 없습니다."
        />
      </Section>
      <Section title="최신 공시" testId="market-disclosures">
        <ArticleEntries
          query={disclosuresQuery}
          entries={disclosuresQuery.data?.disclosures.map(disclosureEntry)}
          limit={limit}
          itemRem={DISCLOSURE_ITEM_REM}
          emptyMessage="공시가 없습니다."
        />
      </Section>
    </>
  );
}

function ArticleEntries({
  query,
  entries,
  limit,
  itemRem,
  emptyMessage,
}: {
  query: UseQueryResult<unknown>;
  entries: ArticleEntry[] | undefined;
  limit: number;
  /** About how tall one item is, in rem. */
  itemRem: number;
  emptyMessage: string;
}) {
  if (query.isError && !entries) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!entries) {
    // Room for the items to come, so that they push nothing when they arrive.
    return (
      <div style={{ minHeight: `${limit * itemRem}rem` }} role="status" aria-busy="true">
        <p className="loading">불러오는 중…</p>
      </div>
    );
  }
  if (entries.length === 0) return <p className="loading">{emptyMessage}</p>;
  return (
    <ul className="article-list">
      {entries.map((entry) => (
        <li key={entry.id}>
          <ArticleItem entry={entry} />
        </li>
      ))}
    </ul>
  );
}
