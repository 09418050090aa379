import { describe, expect, it } from 'vitest';
import { commissionOf, isValidClabe, maskEmail, mxnEquivalent } from './affiliate-rules.ts';
import { affiliateCreateRequest } from './affiliates.ts';

const userId = '6f1c2a7e-3b4d-4c5e-8f90-123456789abc';

describe('CLABE', () => {
  it('accepts 18 digits whose last is the control digit (weights 3, 7, 1)', () => {
    expect(isValidClabe('032180000118359719')).toBe(true);
    expect(isValidClabe('002010077777777771')).toBe(true);
  });

  it('refuses a wrong control digit, a wrong length and other characters', () => {
    expect(isValidClabe('032180000118359718')).toBe(false);
    expect(isValidClabe('03218000011835971')).toBe(false);
    expect(isValidClabe('0321800001183597190')).toBe(false);
    expect(isValidClabe('03218000011835971a')).toBe(false);
    expect(isValidClabe('')).toBe(false);
  });

  it('takes a CLABE typed with spaces or dashes and keeps its digits; a wrong one names the rule', () => {
    const ok = affiliateCreateRequest.parse({ userId, bankInfo: { clabe: '0321 8000 0118-3597 19' } });
    expect(ok.bankInfo.clabe).toBe('032180000118359719');
    expect(ok.affiliateQuestions).toEqual([]);
    const bad = affiliateCreateRequest.safeParse({ userId, bankInfo: { clabe: '032180000118359711' } });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({ message: 'clabe', path: ['bankInfo', 'clabe'] });
  });
});

describe('the join request', () => {
  it('needs a PayPal e-mail or a CLABE', () => {
    expect(affiliateCreateRequest.safeParse({ userId }).error!.issues[0]).toMatchObject({ message: 'payout_method', path: ['paypalEmail'] });
    expect(affiliateCreateRequest.safeParse({ userId, paypalEmail: 'no-es-correo' }).success).toBe(false);
    expect(affiliateCreateRequest.parse({ userId, paypalEmail: ' Pagos@Clinica.MX ' }).paypalEmail).toBe('pagos@clinica.mx');
  });
});

describe('amounts', () => {
  it('takes each level its share, rounded down to the unit', () => {
    expect([commissionOf(89_900, 1), commissionOf(89_900, 2), commissionOf(89_900, 3)]).toEqual([17_980, 8_990, 4_495]);
    expect(commissionOf(1_999, 3)).toBe(99);
  });

  it('masks e-mails and compares currencies by the payout minimums', () => {
    expect(maskEmail('renata.ochoa@padelnorte.mx')).toBe('r•••@padelnorte.mx');
    expect(mxnEquivalent({ currency: 'usd', amount: 2_500 })).toBe(50_000);
  });
});
