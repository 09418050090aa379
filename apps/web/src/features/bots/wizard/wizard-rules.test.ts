import { describe, expect, it } from 'vitest';
import { hasProblems, validateStep, validateWizard } from './wizard-rules.ts';
import { emptyWizardForm } from './wizard-state.ts';

const complete = {
  ...emptyWizardForm,
  company: 'Clínica Santa Fe',
  url_company: 'https://clinicasantafe.mx',
  business_description: 'Consultas de medicina general y pediatría.',
  bot_name: 'Sofía',
  speciality: 'doctor_appointment',
  communication: 'Formal',
  behavior: 'Amigable',
  isHuman: 'false',
};

describe('wizard field rules', () => {
  it('accepts a complete form', () => {
    expect(validateWizard(complete)).toEqual({});
    expect(hasProblems(validateWizard(complete))).toBe(false);
  });

  it('step 1: business name required up to 120, optional http(s) URL, description up to 2000', () => {
    expect(validateStep(1, emptyWizardForm)).toEqual({ company: { rule: 'required' } });
    expect(validateStep(1, { ...complete, company: 'x'.repeat(121) })).toEqual({ company: { rule: 'tooLong', max: 120 } });
    expect(validateStep(1, { ...complete, url_company: 'clinicasantafe.mx' })).toEqual({});
    expect(validateStep(1, { ...complete, url_company: 'clinica santa fe' })).toEqual({ url_company: { rule: 'url' } });
    expect(validateStep(1, { ...complete, url_company: 'ftp://x.mx' })).toEqual({ url_company: { rule: 'url' } });
    expect(validateStep(1, { ...complete, url_company: 'http://x.mx/a?b=1' })).toEqual({});
    expect(validateStep(1, { ...complete, business_description: 'x'.repeat(2001) })).toEqual({ business_description: { rule: 'tooLong', max: 2000 } });
  });

  it('step 2: assistant name required up to 80, a listed template', () => {
    expect(validateStep(2, { ...complete, bot_name: '  ' })).toEqual({ bot_name: { rule: 'required' } });
    expect(validateStep(2, { ...complete, bot_name: 'x'.repeat(81) })).toEqual({ bot_name: { rule: 'tooLong', max: 80 } });
    expect(validateStep(2, { ...complete, speciality: 'autonomous' })).toEqual({ speciality: { rule: 'choose' } });
  });

  it('step 3: a tone, a personality and an identity must be chosen', () => {
    expect(validateStep(3, emptyWizardForm)).toEqual({ communication: { rule: 'choose' }, behavior: { rule: 'choose' }, isHuman: { rule: 'choose' } });
    expect(validateStep(3, { ...complete, isHuman: 'maybe' })).toEqual({ isHuman: { rule: 'choose' } });
  });
});
