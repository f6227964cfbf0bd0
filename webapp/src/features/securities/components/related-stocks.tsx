import { Link } from 'react-router';

import { LoadError } from '@/components/ui/load-error';
import { QuoteChange } from '@/components/ui/quote-change';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { getChangeDisplay } from '@/lib/change-display';
import { formatNumber } from '@/lib/format';

import { useRelatedStocks } from '../api/get-related-stocks';
import { useLiveQuotes } from '../hooks/use-live-quotes';

import './featured-quote-list.css';

type RelatedStocksProps = {
  securityId: string;
  /** False until the page knows the security is a company's stock (not an ETF). */
  enabled?: boolean;
};

/** 관련 종목: stocks of the same industry group, with live prices. */
export function RelatedStocks({ securityId, enabled = true }: RelatedStocksProps) {
  const relatedQuery = useRelatedStocks(securityId, undefined, enabled);
  const stocks = relatedQuery.data?.related_stocks ?? [];
  useLiveQuotes(
    stocks.map((stock) => stock.security.security_id),
    { enabled: stocks.length > 0 },
  );

  let body;
  if (relatedQuery.isError) {
    body = <LoadError error={relatedQuery.error} onRetry={() => void relatedQuery.refetch()} />;
  } else if (!relatedQuery.data) {
    body = (
      <p className="loading" role="status">
        불러오는 중…
      </p>
    );
  } else if (stocks.length === 0) {
    body = <p className="quote-list__status">같은 업종의 종목이 없습니다.</p>;
  } else {
    body = (
      <ul className="quote-list" data-testid="related-stocks">
        {stocks.map(({ security, quote }) => (
          <li key={security.security_id}>
            <Link className="quote-list__item" to={paths.stock.getHref(security.security_id)}>
              <span className="quote-list__name">{security.name}</span>
              <span className="quote-list__quote">
                <span className={`quote-list__price ${getChangeDisplay(quote.change_type).className}`}>
                  {formatNumber(quote.price)}
                </span>
                <QuoteChange quote={quote} className="quote-list__change" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return <Section title="관련 종목">{body}</Section>;
}
