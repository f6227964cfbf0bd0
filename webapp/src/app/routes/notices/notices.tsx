import { NoticeList } from '@/features/social/components/notices';

import '@/features/social/components/notices.css';

/** /m/notices (공지사항): the service's notices, newest first. */
export default function NoticesRoute() {
  return (
    <>
      <title>공지사항 : 시세</title>
      <h1 className="notices__heading">공지사항</h1>
      <NoticeList />
    </>
  );
}
