// GET /api/promotion: the operators' time-limited promotion running now (`sise promotions`), or
// null; the driverEvent modal shows it (spec §2). Not in the generated schema yet: typed here
// as the gateway answers it (gateway/src/api/site.rs).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { PROMOTION_STALE_TIME_MS } from '@/config/constants';
import { mainApi } from '@/lib/api';

export type Promotion = {
  id: number;
  title: string;
  /** Plain text, line breaks kept. */
  body: string;
  /** A path of this site or an http(s) address. */
  link_url: string | null;
  image_url: string | null;
  /** The window it runs in (epoch ms). */
  starts_at: number;
  ends_at: number;
};

export type PromotionBody = { promotion: Promotion | null };

export const PROMOTION_PATH = '/api/promotion';

export const promotionKeys = {
  current: ['promotion'] as const,
};

export function getPromotion(signal?: AbortSignal): Promise<PromotionBody> {
  return mainApi.request<PromotionBody>(PROMOTION_PATH, { signal });
}

export function getPromotionQueryOptions() {
  return queryOptions({
    queryKey: promotionKeys.current,
    queryFn: ({ signal }) => getPromotion(signal),
    staleTime: PROMOTION_STALE_TIME_MS,
  });
}

/** The promotion, when one runs now: its window holds `now`. */
export function runningPromotion(body: PromotionBody | undefined, now: number): Promotion | null {
  const promotion = body?.promotion ?? null;
  return promotion && promotion.starts_at <= now && now < promotion.ends_at ? promotion : null;
}

export function usePromotion() {
  return useQuery(getPromotionQueryOptions());
}
