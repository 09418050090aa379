import { describe, expect, it } from 'vitest';
import { createWizardState, emptyWizardForm, initialWizardState, wizardReducer, wizardStepAt, type WizardAction, type WizardState } from './wizard-state.ts';

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);

describe('wizard state machine', () => {
  it('starts at step 1, valid, with every field empty text', () => {
    expect(initialWizardState.step).toBe(1);
    expect(initialWizardState.isValid).toBe(true);
    expect(initialWizardState.form).toEqual({
      bot_name: '',
      company: '',
      url_company: '',
      behavior: '',
      communication: '',
      speciality: '',
      business_description: '',
      isHuman: '',
    });
    expect(Object.values(emptyWizardForm).every((value) => value === '')).toBe(true);
  });

  it('next increments the step only while the form is valid', () => {
    expect(run(initialWizardState, { type: 'next' }).step).toBe(2);
    expect(run(initialWizardState, { type: 'next' }, { type: 'next' }).step).toBe(3);
    const invalid = run(initialWizardState, { type: 'setValid', valid: false });
    expect(run(invalid, { type: 'next' }, { type: 'next' }).step).toBe(1);
    expect(run(invalid, { type: 'setValid', valid: true }, { type: 'next' }).step).toBe(2);
  });

  it('previous always decrements, with no lower bound and whatever the validity', () => {
    expect(run(initialWizardState, { type: 'previous' }).step).toBe(0);
    expect(run(initialWizardState, { type: 'previous' }, { type: 'previous' }).step).toBe(-1);
    const invalidAt3 = run(initialWizardState, { type: 'next' }, { type: 'next' }, { type: 'setValid', valid: false });
    expect(run(invalidAt3, { type: 'previous' }).step).toBe(2);
  });

  it('sets fields without touching the step or the validity', () => {
    const state = run(createWizardState({ speciality: 'doctor_appointment' }), { type: 'setField', field: 'company', value: 'Clínica Santa Fe' });
    expect(state).toEqual({ step: 1, isValid: true, form: { ...emptyWizardForm, speciality: 'doctor_appointment', company: 'Clínica Santa Fe' } });
  });

  it('maps step numbers to screens; none below 1 or past the last', () => {
    expect([0, 1, 2, 3, 4].map(wizardStepAt)).toEqual([null, 'business', 'assistant', 'style', null]);
  });
});
