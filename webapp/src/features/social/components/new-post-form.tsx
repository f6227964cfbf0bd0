import { useEffect, useRef, useState } from 'react';

import { SegmentedControl } from '@/components/ui/segmented-control';
import { asApiError } from '@/lib/api/as-api-error';

import { useCreatePost } from '../api/create-post';
import type { Post, PostCategory } from '../types';
import { CATEGORY_LABELS } from '../utils/labels';
import { POST_MAX_IMAGES, POST_MAX_LENGTH, clip, textLength } from '../utils/limits';

import './social.css';

const CATEGORY_OPTIONS = (Object.keys(CATEGORY_LABELS) as PostCategory[]).map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));

type Picked = { file: File; url: string };

/**
 * The new-post form (members): a category, the text with a live count up to 1,000 characters,
 * up to 4 pictures with previews (each removable). A refusal shows the server's message (the
 * daily limit, the same text again, a picture too large, …); `onPosted` gets the new post.
 */
export function NewPostForm({ securityId, onPosted }: { securityId: string; onPosted: (post: Post) => void }) {
  const [category, setCategory] = useState<PostCategory>('opinion');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<Picked[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const create = useCreatePost();
  const trimmed = content.trim();

  // The previews' object URLs are released with the form.
  const shown = useRef(images);
  useEffect(() => {
    shown.current = images;
  });
  useEffect(() => () => shown.current.forEach((image) => URL.revokeObjectURL(image.url)), []);

  const addFiles = (files: FileList | null) => {
    const picked = [...(files ?? [])].filter((file) => file.type.startsWith('image/'));
    const room = POST_MAX_IMAGES - images.length;
    setNotice(picked.length > room ? `사진은 ${POST_MAX_IMAGES}장까지 올릴 수 있습니다.` : null);
    const added = picked.slice(0, Math.max(room, 0)).map((file) => ({ file, url: URL.createObjectURL(file) }));
    setImages((current) => [...current, ...added]);
  };
  const removeImage = (url: string) => {
    URL.revokeObjectURL(url);
    setImages((current) => current.filter((image) => image.url !== url));
    setNotice(null);
  };

  const refusal = create.isError ? asApiError(create.error).message : null;
  return (
    <form
      className="new-post-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed === '' || create.isPending) return;
        create.mutate(
          { securityId, category, content: trimmed, images: images.map((image) => image.file) },
          { onSuccess: ({ post }) => onPosted(post) },
        );
      }}
    >
      <SegmentedControl options={CATEGORY_OPTIONS} value={category} onChange={setCategory} label="말머리" />
      <label className="visually-hidden" htmlFor="new-post-content">
        내용
      </label>
      <textarea
        id="new-post-content"
        className="social-textarea new-post-form__text"
        rows={8}
        value={content}
        placeholder="종목에 대한 생각을 나눠주세요. 욕설, 광고, 개인정보는 신고되어 숨겨질 수 있습니다."
        onChange={(event) => setContent(clip(event.target.value, POST_MAX_LENGTH))}
      />
      <p className="social-form__count" aria-live="polite">
        {textLength(content).toLocaleString('ko-KR')}/{POST_MAX_LENGTH.toLocaleString('ko-KR')}
      </p>
      <ul className="new-post-form__images" aria-label="첨부한 사진">
        {images.map((image, index) => (
          <li key={image.url} className="new-post-form__image">
            <img src={image.url} alt={`첨부 사진 ${index + 1}`} />
            <button type="button" aria-label={`사진 ${index + 1} 빼기`} onClick={() => removeImage(image.url)}>
              <span aria-hidden="true">✕</span>
            </button>
          </li>
        ))}
      </ul>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label="사진 고르기"
        onChange={(event) => {
          addFiles(event.target.files);
          event.target.value = '';
        }}
      />
      <button
        type="button"
        className="button button--secondary"
        disabled={images.length >= POST_MAX_IMAGES}
        onClick={() => fileInput.current?.click()}
      >
        사진 추가 ({images.length}/{POST_MAX_IMAGES})
      </button>
      {notice ? <p className="social-form__hint">{notice}</p> : null}
      {refusal ? (
        <p className="social-form__error" role="alert">
          {refusal}
        </p>
      ) : null}
      <button type="submit" className="button new-post-form__submit" disabled={trimmed === '' || create.isPending}>
        {create.isPending ? '등록 중…' : '등록'}
      </button>
    </form>
  );
}
