import { useRef, useState } from 'react';

import type { ModalProps } from '@/components/modals/modal-host';
import { currentAppType } from '@/lib/app-bridge/app-type';
import { openInAppOnClick } from '@/lib/app-bridge/open-in-app';

import './modals';
import { COPIED_MESSAGE, COPY_FAILED_MESSAGE, SHARE_CHANNELS, channelUrl, type ShareChannel, type ShareContent } from './channels';
import { copyText } from './copy-text';

import '@/components/modals/modal.css';
import './share.css';

type Notice = { kind: 'copied' } | { kind: 'manual' } | null;

/** Shares through the app's share (inside an app) or the system's share sheet; false when there is neither. */
async function shareNatively(content: ShareContent): Promise<boolean> {
  if (currentAppType()) {
    const { getAppBridge } = await import('@/lib/app-bridge/bridge');
    try {
      await getAppBridge().share(content);
      return true;
    } catch {
      // The app lacks it (an older app): the page copies instead.
      return false;
    }
  }
  if (typeof navigator.share !== 'function') return false;
  try {
    await navigator.share({ url: content.url, title: content.title, text: content.text });
  } catch (error) {
    // The reader closed the sheet: nothing more to do.
    if (error instanceof DOMException && error.name === 'AbortError') return true;
    return false;
  }
  return true;
}

/**
 * The share modal (spec §2 share): 카카오톡 (the messenger: the app's share inside an app, the
 * system's share sheet in a browser), 페이스북, X, 이메일, 밴드 (each its own share page; inside
 * an app through the app, as every link out), and 링크 복사 with its notice; when copying fails
 * (or the messenger has no way), the address to copy by hand.
 */
export default function ShareModal({ url, title, text, close }: ModalProps<'share'>) {
  const content: ShareContent = { url, title, text };
  const [notice, setNotice] = useState<Notice>(null);
  const root = useRef<HTMLDivElement>(null);
  const manual = useRef<HTMLInputElement>(null);

  const copy = async () => {
    const copied = await copyText(url, root.current ?? undefined);
    setNotice({ kind: copied ? 'copied' : 'manual' });
    if (!copied) requestAnimationFrame(() => manual.current?.select());
  };

  const onChannel = (channel: ShareChannel) => async () => {
    if (channel === 'copy') {
      await copy();
      return;
    }
    if (await shareNatively(content)) close();
    else await copy();
  };

  return (
    <div className="modal-sheet share-modal" ref={root} aria-labelledby="share-title">
      <h2 id="share-title" className="share-modal__title">
        공유하기
      </h2>
      <ul className="share-modal__channels">
        {SHARE_CHANNELS.map(({ channel, label }) => {
          const href = channelUrl(channel, content);
          return (
            <li key={channel}>
              {href ? (
                <a
                  className={`share-modal__channel share-modal__channel--${channel}`}
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  // Inside an app a link out opens through the app (outerLink); mail stays the system's.
                  onClick={channel === 'email' ? undefined : openInAppOnClick('outerLink', { url: href })}
                >
                  {label}
                </a>
              ) : (
                <button
                  type="button"
                  className={`share-modal__channel share-modal__channel--${channel}`}
                  onClick={() => void onChannel(channel)()}
                >
                  {label}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {notice?.kind === 'copied' ? (
        <p className="share-modal__notice" role="status">
          {COPIED_MESSAGE}
        </p>
      ) : null}
      {notice?.kind === 'manual' ? (
        <div className="share-modal__manual">
          <p className="share-modal__notice" role="alert">
            {COPY_FAILED_MESSAGE}
          </p>
          <input ref={manual} type="text" readOnly value={url} aria-label="공유할 주소" onFocus={(event) => event.target.select()} />
        </div>
      ) : null}
      <button type="button" className="button button--secondary share-modal__close" onClick={close}>
        닫기
      </button>
    </div>
  );
}
