import { openInAppOnClick } from '@/lib/app-bridge/open-in-app';
import { formatFullDay, formatPublishedAt } from '@/lib/format';

import type { ArticleEntry } from '../types';

import './article-item.css';

/** Links to other sites open in a new tab; the service's own pages (sample news) open in place. */
function linkTarget(url: string) {
  return /^https?:\/\//i.test(url) ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}

/** The app's viewer needs a whole address (sample news link to pages of this site). */
function absolute(url: string): string {
  try {
    return new URL(url, window.location.href).href;
  } catch {
    return url;
  }
}

/**
 * One news item or disclosure. Both open their original page in a new tab: the publisher's
 * article, or the filing on DART; inside the app, the app's own viewer (the deep-link targets
 * newsDetail and disclosure detail, spec §2).
 */
export function ArticleItem({ entry }: { entry: ArticleEntry }) {
  if (entry.kind === 'NEWS') {
    const { news } = entry;
    return (
      <a
        className="article-item"
        href={news.url}
        {...linkTarget(news.url)}
        data-kind="news"
        onClick={openInAppOnClick('newsDetail', { newsId: String(news.id), url: absolute(news.url) })}
      >
        <span className="article-item__title">{news.title}</span>
        {news.summary ? <span className="article-item__summary">{news.summary}</span> : null}
        <span className="article-item__meta">
          <span className="article-item__tag article-item__tag--news">뉴스</span>
          <span>{news.publisher}</span>
          <time dateTime={new Date(news.published_at).toISOString()}>{formatPublishedAt(news.published_at)}</time>
        </span>
      </a>
    );
  }
  const { disclosure } = entry;
  return (
    <a
      className="article-item"
      href={disclosure.url}
      {...linkTarget(disclosure.url)}
      data-kind="disclosure"
      onClick={openInAppOnClick('disclosureDetail', { disclosureId: disclosure.id, url: absolute(disclosure.url) })}
    >
      <span className="article-item__title">{disclosure.title}</span>
      <span className="article-item__meta">
        <span className="article-item__tag article-item__tag--disclosure">공시</span>
        <span>{disclosure.filer.trim() !== '' ? disclosure.filer : disclosure.corp_name}</span>
        <time dateTime={disclosure.received_on}>{formatFullDay(disclosure.received_on)}</time>
        {disclosure.remark ? <span className="article-item__remark">{disclosure.remark}</span> : null}
      </span>
    </a>
  );
}
