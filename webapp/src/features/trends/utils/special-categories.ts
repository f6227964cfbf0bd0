// The special-stock categories in the order and words of the screens.
import type { SpecialCategory, TrendMarket } from '../types';

export const SPECIAL_CATEGORIES: readonly SpecialCategory[] = [
  'top_limit',
  'bottom_limit',
  'high_52week',
  'low_52week',
  'vi',
];

export const SPECIAL_CATEGORY_LABELS: Record<SpecialCategory, string> = {
  top_limit: '상한가',
  bottom_limit: '하한가',
  high_52week: '52주 신고가',
  low_52week: '52주 신저가',
  vi: 'VI 발동',
};

/** The market page's `?category=` (a count on 국내 links to its category). */
export const SPECIAL_CATEGORY_PARAM = 'category';

/** A `?category=` value as a category; the first one when absent or unknown. */
export function parseSpecialCategory(value: string | null): SpecialCategory {
  return SPECIAL_CATEGORIES.find((category) => category === value) ?? 'top_limit';
}

export const TREND_MARKET_LABELS: Record<TrendMarket, string> = {
  kospi: '코스피',
  kosdaq: '코스닥',
};
