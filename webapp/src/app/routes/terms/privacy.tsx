import { LegalDocument, type Article } from './legal-document';

// Our own wording of the privacy-collection notice (spec §1), naming what the profile
// (spec §3 User) and the login keep.
const ARTICLES: readonly Article[] = [
  {
    title: '1. 수집하는 항목',
    body: [
      '필수: 메신저 계정의 회원 식별 정보, 닉네임',
      '선택: 출생년도, 성별, 이메일, 프로필 사진, 관심종목 공개 여부',
      '서비스를 이용하는 과정에서 접속 기록, 기기 정보, 최근 본 종목 등이 자동으로 생성되어 수집될 수 있습니다.',
    ],
  },
  {
    title: '2. 수집 및 이용 목적',
    body: [
      '회원 식별과 로그인, 관심종목·댓글 등 회원 기능의 제공, 만 14세 이상 여부의 확인, 부정 이용의 방지와 이용 제한, 문의 응대와 공지 전달, 서비스 개선을 위한 통계에 이용합니다.',
    ],
  },
  {
    title: '3. 보유 및 이용 기간',
    body: [
      '회원 탈퇴 시까지 보유하며, 탈퇴하면 지체 없이 파기합니다.',
      '다만 이용 제한 기록처럼 부정 이용을 막기 위해 필요한 정보와 관련 법령이 보존을 요구하는 정보는 그 기간 동안 따로 보관합니다.',
      '장기간 로그인하지 않은 계정은 휴면 상태로 전환되어 다른 정보와 분리하여 보관되며, 회원이 휴면을 해제하면 다시 이용할 수 있습니다.',
    ],
  },
  {
    title: '4. 동의를 거부할 권리',
    body: [
      '회원은 개인정보 수집 및 이용에 동의하지 않을 수 있습니다. 다만 필수 항목의 수집에 동의하지 않으면 회원가입과 회원 기능을 이용할 수 없습니다.',
    ],
  },
];

/** /m/terms/privacy: 개인정보 수집 및 이용 안내. */
export default function TermsPrivacyRoute() {
  return <LegalDocument title="개인정보 수집 및 이용 안내" meta={['시행 2017년 4월 21일']} articles={ARTICLES} />;
}
