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

/** Why a list could not load, and how to try again. */
type Failure = { error: unknown; retry: () => void };

function failureOf(query: UseQueryResult<unknown>): Failure | null {
  return query.isError ? { error: query.error, retry: () => void query.refetch() } : null;
}

type MarketArticlesProps = {
  /** Whose news and disclosures: undefined while they are not known (the lists show loading). */
  securityIds: readonly string[] | undefined;
  /** How many of each. */
  limit: number;
  /** The stocks could not be known: both lists say so, with the retry. */
  securitiesFailure?: Failure | null;
};

/** 최신 뉴스 and 최신 공시 of several stocks (the home page: the largest ones), each opening the item. */
export function MarketArticles({ securityIds, limit, securitiesFailure = null }: MarketArticlesProps) {
  const ids = securityIds ?? [];
  const newsQuery = useNewsOfSecurities(ids, limit);
  const disclosuresQuery = useDisclosuresOfSecurities(ids, limit);
  // No stocks: nothing is asked (spec §5), and there is nothing to wait for.
  const none = securityIds?.length === 0;
  return (
    <>
      <Section title="최신 뉴스" testId="market-news">
        <ArticleEntries
          failure={securitiesFailure ?? failureOf(newsQuery)}
          entries={none ? [] : newsQuery.data?.news.map(newsEntry)}
          limit={limit}
          itemRem={NEWS_ITEM_REM}
          emptyMessage="뉴스가 없습니다."
        />
      </Section>
      <Section title="최신 공시" testId="market-disclosures">
        <ArticleEntries
          failure={securitiesFailure ?? failureOf(disclosuresQuery)}
          entries={none ? [] : disclosuresQuery.data?.disclosures.map(disclosureEntry)}
          limit={limit}
          itemRem={DISCLOSURE_ITEM_REM}
          emptyMessage="공시가 없습니다."
        />
      </Section>
    </>
  );
}

function ArticleEntries({
  failure,
  entries,
  limit,
  itemRem,
  emptyMessage,
}: {
  failure: Failure | null;
  entries: ArticleEntry[] | undefined;
  limit: number;
  /** About how tall one item is, in rem. */
  itemRem: number;
  emptyMessage: string;
}) {
  if (failure && !entries) return <LoadError error={failure.error} onRetry={failure.retry} />;
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
