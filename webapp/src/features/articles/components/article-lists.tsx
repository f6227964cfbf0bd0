import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import { toPaginatedList, type PaginatedList } from '@/lib/paginated-list';

import { useArticles } from '../api/get-articles';
import { useDisclosures } from '../api/get-disclosures';
import { useNews } from '../api/get-news';
import type { ArticleEntry, ArticleKind } from '../types';
import { articleEntries, disclosureEntry, newsEntry } from '../utils/entries';

import { ArticleItem } from './article-item';

import './article-item.css';

export const ARTICLE_LIST_TEXT: Record<ArticleKind, { end: string; empty: string; error: string; label: string }> = {
  all: {
    label: '뉴스·공시',
    end: '마지막 뉴스·공시입니다.',
    empty: '뉴스와 공시가 없습니다.',
    error: '뉴스·공시를 불러오지 못했습니다.',
  },
  news: { label: '뉴스', end: '마지막 뉴스입니다.', empty: '뉴스가 없습니다.', error: '뉴스를 불러오지 못했습니다.' },
  disclosures: {
    label: '공시',
    end: '마지막 공시입니다.',
    empty: '공시가 없습니다.',
    error: '공시를 불러오지 못했습니다.',
  },
};

function ArticleListView({ kind, list }: { kind: ArticleKind; list: PaginatedList<ArticleEntry> }) {
  const text = ARTICLE_LIST_TEXT[kind];
  return (
    <div className="article-list-view" data-testid={`article-list-${kind}`}>
      {list.entities.length > 0 ? (
        <ul className="article-list" aria-label={text.label} aria-busy={list.isFetching}>
          {list.entities.map((entry) => (
            <li key={entry.id}>
              <ArticleItem entry={entry} />
            </li>
          ))}
        </ul>
      ) : null}
      <PaginatedListFooter
        list={list}
        endMessage={text.end}
        emptyMessage={text.empty}
        errorMessage={text.error}
      />
    </div>
  );
}

/** News and disclosures of a security, newest first, loading more while scrolling. */
export function AllArticleList({ securityId }: { securityId: string }) {
  const list = toPaginatedList(
    useArticles(securityId),
    (page) => articleEntries(page.articles),
    (page) => page.next_cursor,
  );
  return <ArticleListView kind="all" list={list} />;
}

export function NewsList({ securityId }: { securityId: string }) {
  const list = toPaginatedList(
    useNews(securityId),
    (page) => page.news.map(newsEntry),
    (page) => page.next_cursor,
  );
  return <ArticleListView kind="news" list={list} />;
}

export function DisclosureList({ securityId }: { securityId: string }) {
  const list = toPaginatedList(
    useDisclosures(securityId),
    (page) => page.disclosures.map(disclosureEntry),
    (page) => page.next_cursor,
  );
  return <ArticleListView kind="disclosures" list={list} />;
}
