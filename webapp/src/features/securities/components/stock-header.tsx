import { ApiError } from '@/lib/api';

import { useSecurity } from '../api/get-security';
import { useLiveQuotes } from '../hooks/use-live-quotes';

import { PriceHeader } from './price-header';

import './stock-header.css';

export const SECURITY_NOT_FOUND_MESSAGE = '종목을 찾을 수 없습니다.';
const LOAD_FAILED_MESSAGE = '시세를 불러오지 못했습니다.';

function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNotFound) return SECURITY_NOT_FOUND_MESSAGE;
    return error.message;
  }
  return LOAD_FAILED_MESSAGE;
}

type StockHeaderProps = {
  securityId: string;
};

/** Loads a security and keeps its price live; shows why when it cannot. */
export function StockHeader({ securityId }: StockHeaderProps) {
  const securityQuery = useSecurity(securityId);
  // Stream only once the security is known to exist (and keep it through refetch errors).
  useLiveQuotes([securityId], { enabled: securityQuery.data !== undefined });

  if (securityQuery.isPending) {
    return (
      <div className="stock-header__status" role="status">
        불러오는 중…
      </div>
    );
  }

  if (securityQuery.isError) {
    const { error } = securityQuery;
    const canRetry = !(error instanceof ApiError && error.isClientError);
    return (
      <div className="stock-header__status stock-header__status--error" role="alert">
        <title>시세</title>
        <p>{errorMessage(error)}</p>
        {canRetry ? (
          <button type="button" className="button" onClick={() => void securityQuery.refetch()}>
            다시 시도
          </button>
        ) : null}
      </div>
    );
  }

  const { security, quote } = securityQuery.data;
  return (
    <>
      <title>{`${security.name} ${security.code} : 시세`}</title>
      <PriceHeader security={security} quote={quote} />
    </>
  );
}
