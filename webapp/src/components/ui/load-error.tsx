import { ApiError } from '@/lib/api';

import './load-error.css';

type LoadErrorProps = {
  error: unknown;
  /** Shown for errors without a server message. */
  fallbackMessage?: string;
  /** Omitted for answers a retry cannot change (4xx). */
  onRetry?: () => void;
};

const DEFAULT_MESSAGE = '정보를 불러오지 못했습니다.';

/** Why a part of a page could not load, with a retry button when retrying can help. */
export function LoadError({ error, fallbackMessage = DEFAULT_MESSAGE, onRetry }: LoadErrorProps) {
  const isAnswer = error instanceof ApiError && error.isClientError;
  const message = error instanceof ApiError && error.status !== 0 && isAnswer ? error.message : fallbackMessage;
  return (
    <div className="load-error" role="alert">
      <p className="load-error__text">{message}</p>
      {onRetry && !isAnswer ? (
        <button type="button" className="button" onClick={onRetry}>
          다시 시도
        </button>
      ) : null}
    </div>
  );
}
