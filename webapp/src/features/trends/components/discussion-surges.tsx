import { Link } from 'react-router';

import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';
import { getMarketLabel } from '@/lib/market-label';

import { useDiscussionSurges } from '../api/get-discussion-surges';

import './discussion-surges.css';

/** The section shows at most this many. */
const SHOWN = 5;

/** The usual rate as a reader says it: `0.5개`, `3개`. */
const perHour = (value: number) => `${formatNumber(Math.round(value * 10) / 10)}개`;

/**
 * 토론 급증: the stocks whose boards are much busier than usual this hour, each opening its
 * board. Nothing at all when none surges (or while unknown).
 */
export function DiscussionSurges() {
  const surges = useDiscussionSurges().data?.discussion_surges ?? [];
  if (surges.length === 0) return null;
  return (
    <Section title="토론 급증" testId="discussion-surges">
      <ol className="discussion-surges" aria-label="토론 급증">
        {surges.slice(0, SHOWN).map(({ stock, posts_last_hour: last, usual_hourly_posts: usual }) => (
          <li key={stock.security_id}>
            <Link className="discussion-surges__item" to={paths.stockDebates.getHref(stock.security_id)}>
              <span className="discussion-surges__name">
                {stock.name} <span className="discussion-surges__market">{getMarketLabel(stock.market)}</span>
              </span>
              <span className="discussion-surges__figure">
                최근 1시간 글 {formatNumber(last)}개 · 평소 {perHour(usual)}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** The small 토론 급증 label beside a stock's name in a list. */
export function DiscussionSurgeBadge() {
  return <span className="discussion-surge-badge">토론 급증</span>;
}
