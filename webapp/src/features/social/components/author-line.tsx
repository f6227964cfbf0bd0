import { formatPublishedAt } from '@/lib/format';

import type { Author, PostCategory } from '../types';
import { avatarSrc } from '../utils/images';
import { CATEGORY_LABELS } from '../utils/labels';

import './social.css';

type AuthorLineProps = {
  author: Author;
  createdAtMs: number;
  category?: PostCategory;
  /** Sample content (the embedded default's seeded boards) is labelled as such. */
  sample?: boolean;
};

/** Who wrote it and when: photo, name (탈퇴한 회원 for a member who left), 샘플, time, category. */
export function AuthorLine({ author, createdAtMs, category, sample = false }: AuthorLineProps) {
  return (
    <div className="author-line">
      {author.avatar_url ? (
        <img className="author-line__avatar" src={avatarSrc(author.avatar_url)} alt="" loading="lazy" />
      ) : (
        <span className="author-line__avatar" aria-hidden="true" />
      )}
      <span className="author-line__name" data-seceded={author.seceded ? true : undefined}>
        {author.name}
      </span>
      {sample || author.sample ? <span className="social-badge">샘플</span> : null}
      <time className="author-line__time" dateTime={new Date(createdAtMs).toISOString()}>
        {formatPublishedAt(createdAtMs)}
      </time>
      {category ? <span className="author-line__category">{CATEGORY_LABELS[category]}</span> : null}
    </div>
  );
}
