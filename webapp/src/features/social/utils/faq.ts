// 고객센터's frequently asked questions: page text of the webapp (docs/api.md, "Customer
// support"). Each answer states what the service really does; the figures are the server's
// own limits (config/base.yaml, docs/api.md), so a change there is a change here.
export type Faq = { question: string; answer: string };

export const FAQS: readonly Faq[] = [
  {
    question: '시세는 실시간인가요?',
    answer:
      '이 서비스의 시세와 차트는 한국거래소(KRX)의 공개 데이터를 바탕으로 재생·계산한 샘플 데이터입니다. 실제 거래소의 실시간 시세가 아니므로 투자 판단에 사용하지 마세요.',
  },
  {
    question: '회원가입은 어떻게 하나요?',
    answer:
      '카카오 계정으로 로그인하면 약관 동의 후 가입이 완료됩니다. 만 14세 이상만 가입할 수 있습니다.',
  },
  {
    question: '닉네임이나 프로필 사진은 어디에서 바꾸나요?',
    answer: '설정 화면의 프로필 수정에서 닉네임(12자 이내), 출생연도, 성별, 이메일, 사진을 바꿀 수 있습니다.',
  },
  {
    question: '관심종목은 몇 개까지 담을 수 있나요?',
    answer: '관심그룹은 20개까지 만들 수 있고, 그룹마다 종목을 100개까지 담을 수 있습니다.',
  },
  {
    question: '토론방에 글을 몇 개까지 쓸 수 있나요?',
    answer:
      '글은 하루에 30개, 댓글은 50개까지 쓸 수 있습니다. 같은 내용을 10분 안에 다시 올릴 수는 없습니다. 글에는 사진을 4장까지 붙일 수 있습니다.',
  },
  {
    question: '신고된 글은 어떻게 처리되나요?',
    answer:
      '서로 다른 회원 5명이 신고한 글과 댓글은 운영자가 검토할 때까지 숨겨지고, 숨긴 사유가 함께 표시됩니다. 글쓴이는 사유를 확인하고 이의를 신청할 수 있으며, 운영자가 검토해 복구하거나 삭제합니다.',
  },
  {
    question: '오래 로그인하지 않으면 어떻게 되나요?',
    answer:
      '1년(365일) 동안 로그인하지 않은 계정은 휴면 계정으로 바뀝니다. 다시 로그인하면 휴면 해제 화면에서 바로 풀 수 있습니다.',
  },
  {
    question: '탈퇴하면 제 글은 어떻게 되나요?',
    answer:
      '탈퇴하면 남긴 글과 댓글은 지워지지 않고 작성자가 ‘탈퇴한 회원’으로 표시됩니다. 고객센터에 남긴 문의 내역은 함께 삭제됩니다.',
  },
];
