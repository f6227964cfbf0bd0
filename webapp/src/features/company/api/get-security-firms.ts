// GET /v13/security_firms (spec §7): the securities firms, with whether the companion app can
// route orders to them. The web asks as the spec says: os=web, market_code=nomarket,
// version_code=-1.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { SECURITY_FIRMS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { SecurityFirm, SecurityFirmList } from '../types';

/**
 * The messenger provider's own firm (spec §2 Order: never shown). The messenger is Kakao
 * (config/kakao.ts), its firm's key on the server's list `kakaopay`.
 */
export const MESSENGER_PROVIDER_FIRM_KEY = 'kakaopay';

export const securityFirmKeys = {
  all: ['security-firms'] as const,
};

export function getSecurityFirms(signal?: AbortSignal): Promise<SecurityFirmList> {
  return unwrap(
    mainApi.GET('/v13/security_firms', {
      params: { query: { os: 'web', market_code: 'nomarket', version_code: -1 } },
      signal,
    }),
  );
}

export function getSecurityFirmsQueryOptions() {
  return queryOptions({
    queryKey: securityFirmKeys.all,
    queryFn: ({ signal }) => getSecurityFirms(signal),
    staleTime: SECURITY_FIRMS_STALE_TIME_MS,
  });
}

/** spec §2 Order: only firms with trading enabled, and never the messenger provider's. */
export function orderableFirms(firms: readonly SecurityFirm[]): SecurityFirm[] {
  return firms.filter((firm) => firm.trading_enabled && firm.key !== MESSENGER_PROVIDER_FIRM_KEY);
}

/** The firms the order modal lists, in the server's order. */
export function useOrderableFirms() {
  return useQuery({ ...getSecurityFirmsQueryOptions(), select: (list) => orderableFirms(list.security_firms) });
}
