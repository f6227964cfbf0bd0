import './error-fallback.css';

type ErrorFallbackProps = {
  /** Tries again without a reload (e.g. resets an error boundary). */
  onRetry?: () => void;
};

/** Shown when a screen failed to render or its code failed to load. */
export function ErrorFallback({ onRetry }: ErrorFallbackProps) {
  return (
    <div className="error-fallback" role="alert">
      <h1 className="error-fallback__title">문제가 발생했습니다.</h1>
      <p className="error-fallback__text">잠시 후 다시 시도해 주세요.</p>
      <div className="error-fallback__actions">
        <button type="button" className="button" onClick={onRetry ?? (() => window.location.reload())}>
          다시 시도
        </button>
        {/* A plain link: it must work even when the router itself failed. */}
        <a className="button button--secondary" href="/m">
          홈으로
        </a>
      </div>
    </div>
  );
}
