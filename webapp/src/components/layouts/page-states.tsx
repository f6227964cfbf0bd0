// Two states of the page shown to the reader (spec §4): offline (TanStack Query's online manager,
// which also holds queries back until the connection returns), and a new release out
// (lib/page-update.ts: checked on a location change and when the page comes back into view).
// The page-update flag resets on a location change: that change is a whole page load, the new
// release's, since the running one's chunks are no longer served.
import { onlineManager } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

import { checkForRelease, isPageUpdated, resetPageUpdated, usePageUpdated } from '@/lib/page-update';

export const OFFLINE_MESSAGE = '인터넷에 연결되어 있지 않습니다. 연결되면 다시 불러옵니다.';
export const PAGE_UPDATED_MESSAGE = '새 버전이 나왔습니다.';

function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

const reloadPage = () => window.location.reload();

export function PageStates({ reload = reloadPage }: { reload?: () => void }) {
  const online = useOnline();
  const pageUpdated = usePageUpdated();
  const { key } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (isPageUpdated()) {
      resetPageUpdated();
      // The address is already the new location's: load it, as the new release.
      reload();
      return;
    }
    void checkForRelease();
  }, [key, reload]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void checkForRelease();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  if (online && !pageUpdated) return null;
  return (
    <div className="page-states">
      {online ? null : (
        <p className="page-states__item page-states__item--offline" role="status">
          {OFFLINE_MESSAGE}
        </p>
      )}
      {pageUpdated ? (
        <p className="page-states__item" role="status">
          {PAGE_UPDATED_MESSAGE}
          <button type="button" className="page-states__action" onClick={reload}>
            새로고침
          </button>
        </p>
      ) : null}
    </div>
  );
}
