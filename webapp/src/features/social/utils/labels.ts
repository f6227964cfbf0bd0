// The community's words on screen (spec §2–§5), in one place.
import type { CategoryFilter, PostCategory, PostSort, ReportType } from '../types';

export const CATEGORY_LABELS: Record<PostCategory, string> = {
  opinion: '의견',
  question: '질문',
  news: '뉴스·공시',
};

/** The board's category chips: 전체 first. */
export const CATEGORY_FILTERS: readonly { value: CategoryFilter; label: string }[] = [
  { value: '', label: '전체' },
  { value: 'opinion', label: CATEGORY_LABELS.opinion },
  { value: 'question', label: CATEGORY_LABELS.question },
  { value: 'news', label: CATEGORY_LABELS.news },
];

export const SORT_OPTIONS: readonly { value: PostSort; label: string }[] = [
  { value: 'RECENT', label: '최신순' },
  { value: 'RANK_DESC', label: '인기순' },
];

/** Spec §5's report reasons, in its order (기타 last: the only one with text). */
export const REPORT_REASONS: readonly { value: ReportType; label: string }[] = [
  { value: 'commercial', label: '상업적/홍보성' },
  { value: 'illegal', label: '불법정보' },
  { value: 'obscene', label: '음란성/선정성' },
  { value: 'abuse', label: '욕설/인신공격' },
  { value: 'privacy', label: '개인정보 노출' },
  { value: 'repeated', label: '같은 내용 반복 게시' },
  { value: 'other', label: '기타' },
];

/** What others see of a hidden post or comment (the reason follows). */
export const HIDDEN_POST_MESSAGE = '신고로 숨겨진 글입니다';
export const DELETED_COMMENT_MESSAGE = '삭제된 댓글입니다.';
export const DELETE_CONFIRM_MESSAGE = '삭제 하시겠습니까?';
export const SEPARATOR = ' · ';
