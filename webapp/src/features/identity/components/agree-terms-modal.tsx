import { useState } from 'react';

import type { ModalProps } from '@/components/modals/modal-host';
import { ModalPage } from '@/components/modals/modal-page';
import { paths } from '@/config/paths';

import '../modals';
import {
  AGREEMENTS_REQUIRED_MESSAGE,
  NO_AGREEMENTS,
  allAgreed,
  toggleAgreement,
  type AgreementFlag,
} from '../utils/agreements';

import './identity.css';

const ITEMS: { flag: Exclude<AgreementFlag, 'isUseServiceAllAgreement'>; label: string; href?: string }[] = [
  { flag: 'isUseServiceAgeAgreement', label: '만 14세 이상' },
  { flag: 'isUseServiceAgreement', label: '서비스 이용약관', href: paths.termsService.getHref() },
  { flag: 'isUsePrivateCollectAgreement', label: '개인정보 수집 및 이용', href: paths.termsPrivacy.getHref() },
];

/** Sign-up's terms (spec §2 agreeTerms, §4 "Agreements"): all four boxes, then 동의. */
export default function AgreeTermsModal({ onAgree, close }: ModalProps<'agreeTerms'>) {
  const [flags, setFlags] = useState(NO_AGREEMENTS);
  const [error, setError] = useState<string | null>(null);
  const toggle = (flag: AgreementFlag) => {
    setFlags((current) => toggleAgreement(current, flag));
    setError(null);
  };

  return (
    <ModalPage title="약관 동의" onBack={close}>
      <p className="agree-terms__lead">시세 서비스 이용을 위해 아래 약관에 동의해 주세요.</p>
      <ul className="agree-terms__list">
        <li className="agree-terms__item agree-terms__item--all">
          <label>
            <input
              type="checkbox"
              checked={flags.isUseServiceAllAgreement}
              onChange={() => toggle('isUseServiceAllAgreement')}
            />
            전체 동의
          </label>
        </li>
        {ITEMS.map(({ flag, label, href }) => (
          <li key={flag} className="agree-terms__item">
            <label>
              <input type="checkbox" checked={flags[flag]} onChange={() => toggle(flag)} />
              {label} (필수)
            </label>
            {href && (
              // A new tab: leaving this page would close the sign-up.
              <a className="agree-terms__link" href={href} target="_blank" rel="noreferrer">
                보기
              </a>
            )}
          </li>
        ))}
      </ul>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="button form-submit"
        onClick={() => {
          if (!allAgreed(flags)) {
            setError(AGREEMENTS_REQUIRED_MESSAGE);
            return;
          }
          onAgree({ service_age: true, service: true, private_collect: true });
          close();
        }}
      >
        동의하고 시작하기
      </button>
    </ModalPage>
  );
}
