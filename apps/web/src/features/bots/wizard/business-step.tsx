import { useTranslation } from '../../../lib/use-translation.ts';
import { botLimits } from '@charla/shared/constants';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { TimeZoneField } from './time-zone-field.tsx';
import type { WizardFields } from './use-bot-wizard.ts';

/** Screen 1: the business — its name, web address, description and time zone. */
export function BusinessStep({ fields: { input }, timeZone }: { fields: WizardFields; timeZone: { value: string; zone: string | null; onChange: (text: string) => void; invalid: boolean } }) {
  const { t } = useTranslation(['bots', 'common']);
  return (
    <>
      <TextField
        label={t('bots:fields.company')}
        name="company"
        autoComplete="organization"
        placeholder={t('bots:wizard.business.companyPlaceholder')}
        maxLength={botLimits.business}
        {...input('company')}
      />
      <TextField
        label={t('bots:fields.urlOptional')}
        name="url_company"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        hint={t('bots:wizard.business.urlHint')}
        {...input('url_company')}
      />
      <TextareaField
        label={t('bots:fields.descriptionOptional')}
        name="business_description"
        rows={5}
        placeholder={t('bots:wizard.business.descriptionPlaceholder')}
        hint={t('bots:wizard.business.descriptionHint')}
        maxChars={botLimits.desc}
        {...input('business_description')}
      />
      <TimeZoneField value={timeZone.value} zone={timeZone.zone} onChange={timeZone.onChange} error={timeZone.invalid ? t('bots:wizard.business.timezoneInvalid') : undefined} />
    </>
  );
}
