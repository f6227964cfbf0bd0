import { openModal } from '@/components/modals/modal-store';

import type { PostImage } from '../types';
import { postImageSrc } from '../utils/images';

/** A post's pictures as thumbnails; a tap opens the viewer at that picture (spec §2). */
export function PostImages({ images }: { images: readonly PostImage[] }) {
  if (images.length === 0) return null;
  return (
    <ul className="post-images" aria-label="첨부 사진">
      {images.map((image, index) => (
        <li key={image.id}>
          <button
            type="button"
            className="post-images__item"
            aria-label={`사진 ${index + 1} 크게 보기`}
            onClick={(event) => {
              event.preventDefault();
              event.stopPropagation();
              openModal({ type: 'postImageViewer', props: { images, index } });
            }}
          >
            <img src={postImageSrc(image.id, 360)} alt="" width={image.width} height={image.height} loading="lazy" />
          </button>
        </li>
      ))}
    </ul>
  );
}
