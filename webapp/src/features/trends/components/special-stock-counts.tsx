import { Link } from 'react-router';

import { LoadError } from '@/components/ui/load-error';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';

import { useSpecialStockCounts } from '../api/get-special-stock-counts';
import type { SpecialCategory, SpecialCounts, TrendMarket } from '../types';
import {
  SPECIAL_CATEGORIES,
  SPECIAL_CATEGORY_LABELS,
  SPECIAL_CATEGORY_PARAM,
  TREND_MARKET_LABELS,
} from '../utils/special-categories';

import './special-stocks.css';

const MARKETS: readonly TrendMarket[] = ['kospi', 'kosdaq'];

/** The market page with a category chosen: `/m/trend/kospi?category=vi`. */
export function specialCategoryHref(market: TrendMarket, category: SpecialCategory): string {
  const page = market === 'kospi' ? paths.trendKospi : paths.trendKosdaq;
  return `${page.getHref()}?${SPECIAL_CATEGORY_PARAM}=${category}`;
}

/**
 * 특징주: how many stocks are at 상한가, 하한가, 52주 신고가, 52주 신저가 and in VI, in
 * each market; every count opens that market's page on that category.
 */
export function SpecialStockCounts({ title = '특징주' }: { title?: string }) {
  const query = useSpecialStockCounts();
  const counts = query.data?.special_stock_counts;

  return (
    <Section title={title} testId="special-stock-counts">
      {query.isError && !counts ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <table className="special-counts" aria-busy={counts === undefined}>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">구분</span>
              </th>
              {MARKETS.map((market) => (
                <th key={market} scope="col">
                  {TREND_MARKET_LABELS[market]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SPECIAL_CATEGORIES.map((category) => (
              <tr key={category}>
                <th scope="row">{SPECIAL_CATEGORY_LABELS[category]}</th>
                {MARKETS.map((market) => (
                  <td key={market}>
                    <CountLink market={market} category={category} counts={counts?.[market]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function CountLink({
  market,
  category,
  counts,
}: {
  market: TrendMarket;
  category: SpecialCategory;
  counts: SpecialCounts | undefined;
}) {
  const label = `${TREND_MARKET_LABELS[market]} ${SPECIAL_CATEGORY_LABELS[category]}`;
  return (
    <Link className="special-counts__link" to={specialCategoryHref(market, category)} aria-label={counts ? `${label} ${counts[category]}종목` : label}>
      {counts ? `${formatNumber(counts[category])}` : '…'}
    </Link>
  );
}
