import { useParams } from 'react-router';

import { NoticeDetail } from '@/features/social/components/notices';

import '@/features/social/components/notices.css';

import NotFoundRoute from '../not-found';

/** /m/notices/:noticeId: one notice. */
export default function NoticeRoute() {
  const { noticeId } = useParams();
  const id = Number(noticeId);
  if (!Number.isSafeInteger(id) || id < 1 || String(id) !== noticeId) return <NotFoundRoute />;
  return (
    <>
      <h1 className="notices__heading">공지사항</h1>
      <NoticeDetail key={id} noticeId={id} />
    </>
  );
}
