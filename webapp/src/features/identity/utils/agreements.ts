// The sign-up agreement boxes (spec §3 agreement flags, §4 "Agreements").

export type AgreementFlags = {
  isUseServiceAllAgreement: boolean;
  /** 만 14세 이상 (service_age). */
  isUseServiceAgeAgreement: boolean;
  /** 서비스 이용약관 (service). */
  isUseServiceAgreement: boolean;
  /** 개인정보 수집 및 이용 (private_collect). */
  isUsePrivateCollectAgreement: boolean;
};

export type AgreementFlag = keyof AgreementFlags;

export const NO_AGREEMENTS: AgreementFlags = {
  isUseServiceAllAgreement: false,
  isUseServiceAgeAgreement: false,
  isUseServiceAgreement: false,
  isUsePrivateCollectAgreement: false,
};

export const AGREEMENTS_REQUIRED_MESSAGE = '필수사항 전체 동의가 필요합니다.';

/**
 * The flags after a tap on `flag` (spec §4): the all box sets every agreement, itself included,
 * to the opposite of its own flag; any other box toggles alone (the all box stays as it is, so
 * three boxes ticked one by one still need the all box: sign-up needs all four).
 */
export function toggleAgreement(flags: AgreementFlags, flag: AgreementFlag): AgreementFlags {
  if (flag === 'isUseServiceAllAgreement') {
    const next = !flags.isUseServiceAllAgreement;
    return {
      isUseServiceAllAgreement: next,
      isUseServiceAgeAgreement: next,
      isUseServiceAgreement: next,
      isUsePrivateCollectAgreement: next,
    };
  }
  return { ...flags, [flag]: !flags[flag] };
}

/** Sign-up needs all four ticked (spec §4). */
export function allAgreed(flags: AgreementFlags): boolean {
  return Object.values(flags).every(Boolean);
}
