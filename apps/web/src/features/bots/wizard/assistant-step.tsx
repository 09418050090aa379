import { useTranslation } from '../../../lib/use-translation.ts';
import { botLimits, cardTemplates, templatePurpose, type TemplateKey } from '@charla/shared/constants';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { cardKeyOf } from '../template-labels.ts';
import type { WizardFields } from './use-bot-wizard.ts';

/** Screen 2: the assistant — its name and its speciality (the template). */
export function AssistantStep({ fields: { input, set, errorOf }, speciality }: { fields: WizardFields; speciality: TemplateKey }) {
  const { t } = useTranslation(['bots', 'common']);
  return (
    <>
      <TextField
        label={t('bots:fields.botName')}
        name="bot_name"
        autoComplete="off"
        placeholder={t('bots:wizard.assistant.namePlaceholder')}
        hint={t('bots:wizard.assistant.nameHint')}
        maxLength={botLimits.name}
        {...input('bot_name')}
      />
      <SelectField
        label={t('bots:fields.speciality')}
        name="speciality"
        value={speciality}
        onChange={(event) => set('speciality')(event.target.value)}
        error={errorOf('speciality')}
        hint={t('bots:wizard.assistant.specialityHint', { purpose: t(`bots:purposes.${templatePurpose[speciality]}`) })}
        options={cardTemplates.map((key) => ({ value: key, label: t(`bots:${cardKeyOf(key)!}.title`) }))}
      />
    </>
  );
}
