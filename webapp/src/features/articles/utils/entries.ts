// Every article list shows the same rows: news and disclosures as ArticleEntry.
import type { Article, ArticleEntry, Disclosure, NewsItem } from '../types';

export function newsEntry(news: NewsItem): ArticleEntry {
  return { kind: 'NEWS', id: `news:${news.id}`, news };
}

export function disclosureEntry(disclosure: Disclosure): ArticleEntry {
  return { kind: 'DISCLOSURE', id: `disclosure:${disclosure.id}`, disclosure };
}

/** A merged article as a row; null when the server left out its body. */
export function articleEntry(article: Article): ArticleEntry | null {
  if (article.kind === 'NEWS' && article.news) return newsEntry(article.news);
  if (article.kind === 'DISCLOSURE' && article.disclosure) return disclosureEntry(article.disclosure);
  return null;
}

export function articleEntries(articles: readonly Article[]): ArticleEntry[] {
  return articles.map(articleEntry).filter((entry): entry is ArticleEntry => entry !== null);
}
