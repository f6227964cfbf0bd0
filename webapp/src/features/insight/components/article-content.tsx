import type { ReactNode } from 'react';

import type { Block, InsightArticle } from '../types';

import './insight.css';

/**
 * An article's content (spec §3 content type). HTML is shown as the service stored it: cleaned
 * by an allow-list when it was written (services/social `domain::insight`, ammonia: no scripts,
 * styles, event handlers, frames or `javascript:` addresses; links `rel="nofollow noopener
 * noreferrer"`; pictures from our image door or https only) and nothing a reader writes ever
 * reaches it. That is why this is the one place the webapp sets inner HTML; the page's CSP forbids
 * inline scripts besides. CUSTOM content is drawn block by block; a stock card's live price is
 * the caller's to draw (`renderStock`: the quotes belong to another feature).
 */
export function ArticleContent({
  article,
  renderStock,
}: {
  article: InsightArticle;
  renderStock: (securityId: string) => ReactNode;
}) {
  if (article.content_type === 'HTML') {
    return <div className="insight-content" dangerouslySetInnerHTML={{ __html: article.content ?? '' }} />;
  }
  return (
    <div className="insight-content">
      {(article.blocks ?? []).map((block, index) => (
        <BlockView key={index} block={block} renderStock={renderStock} />
      ))}
    </div>
  );
}

/** Whether the article draws stock cards (with their prices: the caller's `renderStock`). */
export function hasStockCards(article: InsightArticle): boolean {
  return article.content_type === 'CUSTOM' && (article.blocks ?? []).some((block) => block.type === 'stock');
}

function BlockView({ block, renderStock }: { block: Block; renderStock: (securityId: string) => ReactNode }) {
  switch (block.type) {
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'heading':
      return <h2>{block.text}</h2>;
    case 'image':
      return (
        <figure>
          <img src={block.url} alt={block.caption} loading="lazy" referrerPolicy="no-referrer" />
          {block.caption ? <figcaption>{block.caption}</figcaption> : null}
        </figure>
      );
    case 'stock':
      return <div className="insight-content__stock">{renderStock(block.security_id)}</div>;
  }
}
