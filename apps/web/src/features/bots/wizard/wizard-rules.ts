import { botLimits, cardTemplates, personalities, tones } from '@charla/shared/constants';
import { checkText, checkUrl, type SettingProblem } from '../personalization/settings-rules.ts';
import type { WizardField, WizardForm } from './wizard-state.ts';

/** Why a field is refused (the personalization's text rules, plus a choice left unmade); the screen turns it into text in the user's language. */
export type FieldProblem = SettingProblem | { rule: 'choose' };

export type FieldProblems = Partial<Record<WizardField, FieldProblem>>;

function oneOf(value: string, options: readonly string[]): FieldProblem | undefined {
  return options.includes(value) ? undefined : { rule: 'choose' };
}

const stepRules: Record<number, (form: WizardForm) => FieldProblems> = {
  1: (form) => ({
    company: checkText(form.company, { required: true, max: botLimits.business }),
    // Same rule as the server: empty, or http(s) with a host.
    url_company: checkUrl(form.url_company, botLimits.url),
    business_description: checkText(form.business_description, { max: botLimits.desc }),
  }),
  2: (form) => ({
    bot_name: checkText(form.bot_name, { required: true, max: botLimits.name }),
    speciality: oneOf(form.speciality, cardTemplates),
  }),
  3: (form) => ({
    communication: oneOf(form.communication, tones),
    behavior: oneOf(form.behavior, personalities),
    isHuman: oneOf(form.isHuman, ['true', 'false']),
  }),
};

function compact(problems: FieldProblems): FieldProblems {
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem !== undefined)) as FieldProblems;
}

/** The problems of one screen's fields (none for a step without fields). */
export function validateStep(step: number, form: WizardForm): FieldProblems {
  return compact(stepRules[step]?.(form) ?? {});
}

/** The problems of every screen, for the final submit. */
export function validateWizard(form: WizardForm): FieldProblems {
  return compact({ ...stepRules[1]!(form), ...stepRules[2]!(form), ...stepRules[3]!(form) });
}

export function hasProblems(problems: FieldProblems): boolean {
  return Object.keys(problems).length > 0;
}
