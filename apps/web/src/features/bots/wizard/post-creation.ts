import { isApiError } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';
import type { SubmitDeps } from './create-bot.ts';
import type { WizardField } from './wizard-state.ts';

/** Server field names of the creation payload → the wizard field that holds them. */
export const wizardFieldOf: Record<string, WizardField> = {
  bot_name: 'bot_name',
  bot_objective: 'speciality',
  business_name: 'company',
  business_desc: 'business_description',
  business_url: 'url_company',
};

/** The creation call through the app's client; an error answer comes back as its body (the status is not checked). */
export const postCreation: SubmitDeps['post'] = (path, body) =>
  api.post<unknown>(path, body).catch((error: unknown) => {
    if (isApiError(error) && error.status > 0) {
      return { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
    }
    throw error;
  });
