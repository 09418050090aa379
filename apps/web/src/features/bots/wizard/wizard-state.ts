/**
 * The bot-creation wizard as a state machine (spec sections 2–4): the form data, the current
 * step (from 1) and whether the form is valid (true at first).
 */

/** Bot-creation form data: all text, each starts empty (spec section 3). */
export interface WizardForm {
  bot_name: string;
  company: string;
  url_company: string;
  behavior: string;
  communication: string;
  speciality: string;
  business_description: string;
  isHuman: string;
}

export type WizardField = keyof WizardForm;

export const emptyWizardForm: WizardForm = {
  bot_name: '',
  company: '',
  url_company: '',
  behavior: '',
  communication: '',
  speciality: '',
  business_description: '',
  isHuman: '',
};

export interface WizardState {
  step: number;
  isValid: boolean;
  form: WizardForm;
}

/** Default wizard step: 1 (spec section 9). */
export const initialWizardState: WizardState = { step: 1, isValid: true, form: emptyWizardForm };

export function createWizardState(form: Partial<WizardForm> = {}): WizardState {
  return { ...initialWizardState, form: { ...emptyWizardForm, ...form } };
}

export type WizardAction =
  | { type: 'setField'; field: WizardField; value: string }
  | { type: 'setValid'; valid: boolean }
  | { type: 'next' }
  | { type: 'previous' };

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'setField':
      return state.form[action.field] === action.value ? state : { ...state, form: { ...state.form, [action.field]: action.value } };
    case 'setValid':
      return state.isValid === action.valid ? state : { ...state, isValid: action.valid };
    case 'next':
      // Only while the form is valid.
      return state.isValid ? { ...state, step: state.step + 1 } : state;
    case 'previous':
      // Always, with no lower bound: the screen decides what a step below 1 shows.
      return { ...state, step: state.step - 1 };
  }
}

/** Our three screens, in order: the business, the assistant, its style. */
export const wizardSteps = ['business', 'assistant', 'style'] as const;
export type WizardStep = (typeof wizardSteps)[number];

/** The screen of a step number; null below 1 (back to the templates) and past the last one. */
export function wizardStepAt(step: number): WizardStep | null {
  return wizardSteps[step - 1] ?? null;
}

/** Which screen holds each field. */
export const stepOfField: Record<WizardField, number> = {
  company: 1,
  url_company: 1,
  business_description: 1,
  bot_name: 2,
  speciality: 2,
  communication: 3,
  behavior: 3,
  isHuman: 3,
};
