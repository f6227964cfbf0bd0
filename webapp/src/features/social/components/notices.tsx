import { Link } from 'react-router';

import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/loading';
import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import { socialPaths } from '@/config/social-paths';
import { formatFullDay, toKoreaDateString } from '@/lib/format';
import { toPaginatedList } from '@/lib/paginated-list';

import { useNotice } from '../api/get-notice';
import { useNotices } from '../api/get-notices';

import { PostText } from './post-text';

import './notices.css';

function publishedOn(epochMs: number): string {
  return formatFullDay(toKoreaDateString(epochMs));
}

/** 공지사항: the notices shown, newest first, 10 at a time as the list scrolls. */
export function NoticeList() {
  const list = toPaginatedList(
    useNotices(),
    (page) => page.notices,
    (page) => page.next_cursor,
  );
  return (
    <>
      <ul className="notice-list" aria-label="공지사항">
        {list.entities.map((notice) => (
          <li key={notice.id}>
            <Link className="notice-list__row" to={socialPaths.notice.getHref(notice.id)}>
              <span className="notice-list__title">{notice.title}</span>
              <span className="notice-list__date">{publishedOn(notice.published_at_ms)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <PaginatedListFooter list={list} emptyMessage="공지사항이 없습니다." endMessage="마지막 공지사항입니다." />
    </>
  );
}

/** One notice: its title, date and text (plain text, links as links). */
export function NoticeDetail({ noticeId }: { noticeId: number }) {
  const notice = useNotice(noticeId);
  if (notice.isPending) return <Loading />;
  if (notice.isError) return <LoadError error={notice.error} onRetry={() => void notice.refetch()} />;
  const { title, body, published_at_ms } = notice.data.notice;
  return (
    <article className="notice">
      <title>{`${title} : 공지사항 : 시세`}</title>
      <h2 className="notice__title">{title}</h2>
      <p className="notice__date">{publishedOn(published_at_ms)}</p>
      <PostText text={body} className="notice__body" />
      <Link className="notice__back" to={socialPaths.notices.getHref()}>
        목록으로
      </Link>
    </article>
  );
}
