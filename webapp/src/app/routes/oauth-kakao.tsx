import { KakaoCallback } from '@/features/identity/components/kakao-callback';

/** /m/oauth/kakao: where the messenger login comes back (docs/api.md, "Membership"). */
export default function KakaoCallbackRoute() {
  return (
    <>
      <title>로그인 : 시세</title>
      <KakaoCallback />
    </>
  );
}
