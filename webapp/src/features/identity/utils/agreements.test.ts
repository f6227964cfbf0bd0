// @vitest-environment node
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

  it('toggles another box alone: the all box keeps its flag', () => {
    let flags = toggleAgreement(NO_AGREEMENTS, 'isUseServiceAgeAgreement');
    expect(flags).toEqual({ ...NO_AGREEMENTS, isUseServiceAgeAgreement: true });
    flags = toggleAgreement(flags, 'isUseServiceAgreement');
    flags = toggleAgreement(flags, 'isUsePrivateCollectAgreement');
    // The three ticked one by one: the all box is not, so sign-up still needs it.
    expect(flags).toEqual({ ...ALL, isUseServiceAllAgreement: false });
    expect(allAgreed(flags)).toBe(false);
    // Then the all box: everything to the opposite of its flag, all ticked.
    expect(toggleAgreement(flags, 'isUseServiceAllAgreement')).toEqual(ALL);
    // Unticking one leaves the others and the all box as they were.
    expect(toggleAgreement(ALL, 'isUseServiceAgreement')).toEqual({ ...ALL, isUseServiceAgreement: false });
  });

  it('needs all four for sign-up', () => {
    expect(allAgreed(ALL)).toBe(true);
    expect(allAgreed({ ...ALL, isUsePrivateCollectAgreement: false })).toBe(false);
    expect(allAgreed(NO_AGREEMENTS)).toBe(false);
  });
});
