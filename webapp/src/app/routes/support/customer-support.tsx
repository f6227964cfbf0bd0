import { SocialViewerProvider } from '@/app/social/social-viewer';
import { FaqList, SupportDesk } from '@/features/social/components/customer-support';

import '../my/my.css';

/** /m/customer_support (고객센터): frequently asked questions, and a member's 1:1 문의 with its answers. */
export default function CustomerSupportRoute() {
  return (
    <>
      <title>고객센터 : 시세</title>
      <h1 className="my-page__title">고객센터</h1>
      <h2 className="support-desk__heading">자주 묻는 질문</h2>
      <FaqList />
      <h2 className="support-desk__heading">1:1 문의</h2>
      <SocialViewerProvider>
        <SupportDesk />
      </SocialViewerProvider>
    </>
  );
}
