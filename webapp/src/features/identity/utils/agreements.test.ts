import { describe, expect, it } from 'vitest';

import { NO_AGREEMENTS, allAgreed, toggleAgreement, type AgreementFlags } from './agreements';

const ALL: AgreementFlags = {
  isUseServiceAllAgreement: true,
  isUseServiceAgeAgreement: true,
  isUseServiceAgreement: true,
  isUsePrivateCollectAgreement: true,
};

describe('toggleAgreement', () => {
  it('sets every agreement to the opposite of the all flag', () => {
    expect(toggleAgreement(NO_AGREEMENTS, 'isUseServiceAllAgreement')).toEqual(ALL);
    expect(toggleAgreement(ALL, 'isUseServiceAllAgreement')).toEqual(NO_AGREEMENTS);
    // Some ticked, all unticked: the all box ticks them all.
    const some = { ...NO_AGREEMENTS, isUseServiceAgreement: true };
    expect(toggleAgreement(some, 'isUseServiceAllAgreement')).toEqual(ALL);
  });

  it('toggles another box alone, the all box following whether all three are ticked', () => {
    let flags = toggleAgreement(NO_AGREEMENTS, 'isUseServiceAgeAgreement');
    expect(flags).toEqual({ ...NO_AGREEMENTS, isUseServiceAgeAgreement: true });
    flags = toggleAgreement(flags, 'isUseServiceAgreement');
    expect(flags.isUseServiceAllAgreement).toBe(false);
    flags = toggleAgreement(flags, 'isUsePrivateCollectAgreement');
    expect(flags).toEqual(ALL);
    flags = toggleAgreement(flags, 'isUseServiceAgreement');
    expect(flags).toEqual({ ...ALL, isUseServiceAllAgreement: false, isUseServiceAgreement: false });
  });

  it('needs all four for sign-up', () => {
    expect(allAgreed(ALL)).toBe(true);
    expect(allAgreed({ ...ALL, isUsePrivateCollectAgreement: false })).toBe(false);
    expect(allAgreed(NO_AGREEMENTS)).toBe(false);
  });
});
