import { Link, useParams } from 'react-router';

import { openModal } from '@/components/modals/modal-store';
import { LoadError } from '@/components/ui/load-error';
import { QuoteChange } from '@/components/ui/quote-change';
import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { login } from '@/features/identity/login';
import { useLogin } from '@/features/identity/use-login';
import { useQuotes } from '@/features/securities/api/get-quotes';
import { useLiveQuotes } from '@/features/securities/hooks/use-live-quotes';
import { useTopic } from '@/features/topics/api/get-topic';
import type { Topic } from '@/features/topics/types';
import { ApiError } from '@/lib/api';
import { getChangeDisplay } from '@/lib/change-display';
import { formatNumber } from '@/lib/format';
import { parseRouteId } from '@/lib/route-id';

import NotFoundRoute from '../not-found';

import '../my/my.css';
import '@/features/securities/components/featured-quote-list.css';
import '@/features/topics/components/topics.css';

/** /m/investing_strategies/topics/:topicId: a topic's stocks with live prices, and 담기 (addTopicStocks). */
export default function TopicRoute() {
  const { topicId } = useParams();
  const id = parseRouteId(topicId);
  if (id === null) return <NotFoundRoute />;
  return <TopicPage key={id} topicId={id} />;
}

function TopicPage({ topicId }: { topicId: number }) {
  const query = useTopic(topicId);
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.error === 'topic_not_found') return <NotFoundRoute />;
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) {
    return (
      <p className="loading" role="status">
        불러오는 중…
      </p>
    );
  }
  return <TopicDetail topic={query.data.topic} />;
}

function TopicDetail({ topic }: { topic: Topic }) {
  const securityIds = topic.stocks.map((stock) => stock.security_id);
  // Current quotes, kept live by the page's stream (it writes into this query's cache).
  const quotesQuery = useQuotes(securityIds);
  useLiveQuotes(securityIds, { enabled: securityIds.length > 0 });
  const quotes = new Map(quotesQuery.data?.quotes.map((quote) => [quote.security_id, quote]));
  const { isAuthenticated } = useLogin();
  return (
    <>
      <title>{`${topic.name} 테마 : 시세`}</title>
      <SampleDataNotice />
      <h1 className="my-page__title">{topic.name}</h1>
      <p className="topic-page__description">{topic.description}</p>
      <div className="topic-page__actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            // A visitor signs in first (spec §6) and comes back to this topic.
            if (!isAuthenticated) return login();
            openModal({ type: 'addTopicStocks', props: { topicName: topic.name, securityIds } });
          }}
        >
          관심종목에 담기
        </button>
      </div>
      <Section title={`종목 ${topic.stocks.length}`} testId="topic-stocks">
        <ul className="quote-list" aria-label={`${topic.name} 종목`} aria-busy={quotesQuery.isPending}>
          {topic.stocks.map((stock) => {
            const quote = quotes.get(stock.security_id);
            return (
              <li key={stock.security_id}>
                <Link className="quote-list__item" to={paths.stock.getHref(stock.security_id)}>
                  <span className="quote-list__name">{stock.name}</span>
                  {quote ? (
                    <span className="quote-list__quote">
                      <span className={`quote-list__price ${getChangeDisplay(quote.change_type).className}`}>
                        {formatNumber(quote.price)}
                      </span>
                      <QuoteChange quote={quote} className="quote-list__change" />
                    </span>
                  ) : (
                    <span className="quote-list__quote quote-list__quote--empty">
                      {quotesQuery.isPending ? '…' : '-'}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </Section>
    </>
  );
}
