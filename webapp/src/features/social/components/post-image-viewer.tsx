import { useEffect, useRef, useState } from 'react';

import type { ModalProps } from '@/components/modals/modal-host';

import { postImageSrc } from '../utils/images';

import '@/components/modals/modal.css';
import './social.css';

/** How far a finger must travel sideways to turn the picture. */
const SWIPE_PX = 40;

/**
 * The post image viewer (spec §2): one picture at full size (the stored 1280 px), ‹ and › or a
 * swipe (or the arrow keys) for the others, ✕ (or Escape) to close.
 */
export default function PostImageViewer({ images, index: start, close }: ModalProps<'postImageViewer'>) {
  const [index, setIndex] = useState(() => Math.min(Math.max(start, 0), images.length - 1));
  const swipeFrom = useRef<number | null>(null);
  const image = images[index];
  const go = (step: number) => setIndex((current) => Math.min(Math.max(current + step, 0), images.length - 1));

  const latestClose = useRef(close);
  useEffect(() => {
    latestClose.current = close;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') go(-1);
      else if (event.key === 'ArrowRight') go(1);
      else if (event.key === 'Escape') latestClose.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
    // `go` only reads the state through its updater.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!image) return null;
  return (
    <div
      className="image-viewer"
      aria-label="사진 보기"
      onPointerDown={(event) => {
        swipeFrom.current = event.clientX;
      }}
      onPointerUp={(event) => {
        if (swipeFrom.current === null) return;
        const travelled = event.clientX - swipeFrom.current;
        swipeFrom.current = null;
        if (travelled <= -SWIPE_PX) go(1);
        else if (travelled >= SWIPE_PX) go(-1);
      }}
    >
      <header className="image-viewer__bar">
        <span className="image-viewer__count">
          {index + 1} / {images.length}
        </span>
        <button type="button" className="image-viewer__close" aria-label="닫기" onClick={close}>
          <span aria-hidden="true">✕</span>
        </button>
      </header>
      <img
        key={image.id}
        className="image-viewer__image"
        src={postImageSrc(image.id, 1280)}
        alt={`사진 ${index + 1}`}
        width={image.width}
        height={image.height}
        draggable={false}
      />
      {index > 0 ? (
        <button type="button" className="image-viewer__arrow image-viewer__arrow--prev" aria-label="이전 사진" onClick={() => go(-1)}>
          <span aria-hidden="true">‹</span>
        </button>
      ) : null}
      {index < images.length - 1 ? (
        <button type="button" className="image-viewer__arrow image-viewer__arrow--next" aria-label="다음 사진" onClick={() => go(1)}>
          <span aria-hidden="true">›</span>
        </button>
      ) : null}
    </div>
  );
}
