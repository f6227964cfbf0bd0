import { useRef, useState } from 'react';

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

/** A picked picture and its preview: a `data:` URL (the page's CSP allows `data:` images, not `blob:`). */
type Picked = { file: File; url: string; key: number };

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('unreadable picture'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('unreadable picture'));
    reader.readAsDataURL(file);
  });
}

let nextKey = 0;

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

  const addFiles = async (files: FileList | null) => {
    const picked = [...(files ?? [])].filter((file) => file.type.startsWith('image/'));
    const room = POST_MAX_IMAGES - images.length;
    setNotice(picked.length > room ? `사진은 ${POST_MAX_IMAGES}장까지 올릴 수 있습니다.` : null);
    const taken = picked.slice(0, Math.max(room, 0));
    try {
      const added = await Promise.all(
        taken.map(async (file) => ({ file, url: await readAsDataUrl(file), key: nextKey++ })),
      );
      setImages((current) => [...current, ...added].slice(0, POST_MAX_IMAGES));
    } catch {
      setNotice('사진을 읽지 못했습니다.');
    }
  };
  const removeImage = (key: number) => {
    setImages((current) => current.filter((image) => image.key !== key));
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
          <li key={image.key} className="new-post-form__image">
            <img src={image.url} alt={`첨부 사진 ${index + 1}`} />
            <button type="button" aria-label={`사진 ${index + 1} 빼기`} onClick={() => removeImage(image.key)}>
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
          void addFiles(event.target.files);
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
