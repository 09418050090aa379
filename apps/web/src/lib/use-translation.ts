import { i18n } from './i18n.ts';
import { translations } from './translations.ts';

/** The screens' words over the app's i18next instance (see translations.ts). */
export const { useTranslation } = translations(i18n);
