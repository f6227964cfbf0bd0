import { NoticeList } from '@/features/social/components/notices';

import '../my/my.css';

/** /m/notices (공지사항): the service's notices, newest first. */
export default function NoticesRoute() {
  return (
    <>
      <title>공지사항 : 시세</title>
      <h1 className="my-page__title">공지사항</h1>
      <NoticeList />
    </>
  );
}
