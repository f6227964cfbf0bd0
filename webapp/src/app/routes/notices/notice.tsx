import { useParams } from 'react-router';

import { NoticeDetail } from '@/features/social/components/notices';
import { parseRouteId } from '@/lib/route-id';

import '../my/my.css';

import NotFoundRoute from '../not-found';

/** /m/notices/:noticeId: one notice. */
export default function NoticeRoute() {
  const { noticeId } = useParams();
  const id = parseRouteId(noticeId);
  if (id === null) return <NotFoundRoute />;
  return (
    <>
      <h1 className="my-page__title">공지사항</h1>
      <NoticeDetail key={id} noticeId={id} />
    </>
  );
}
