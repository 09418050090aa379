import { useTranslation } from '../../../lib/use-translation.ts';
import { personalities, tones } from '@charla/shared/constants';
import { BotIcon } from '../../../components/ui/icons.tsx';
import { ChoiceGroup } from './choice-group.tsx';
import type { WizardFields } from './use-bot-wizard.ts';

/** The greeting the chosen tone and identity give, once both are chosen. */
function GreetingPreview({ form }: { form: WizardFields['form'] }) {
  const { t } = useTranslation(['bots', 'common']);
  const toneChosen = (tones as readonly string[]).includes(form.communication);
  const styleChosen = toneChosen && (form.isHuman === 'true' || form.isHuman === 'false');
  const tone = toneChosen ? form.communication : 'Semiformal';
  const identity = form.isHuman === 'true' ? 'human' : 'ai';
  const greeting = t(`bots:wizard.preview.${tone as (typeof tones)[number]}.${identity}`, {
    name: form.bot_name.trim() || t('bots:wizard.preview.defaultName'),
    company: form.company.trim() || t('bots:wizard.preview.defaultCompany'),
  });
  return (
    <figure className="rounded-2xl border border-line bg-card-strong p-4">
      <figcaption className="mb-3 flex items-center gap-2 text-xs font-semibold tracking-wider text-muted uppercase">
        <BotIcon className="size-4" />
        {t('bots:wizard.preview.label')}
      </figcaption>
      {styleChosen ? (
        <p className="w-fit max-w-[90%] rounded-2xl rounded-bl-md border border-line bg-card px-3.5 py-2 text-sm" aria-live="polite">
          {greeting}
        </p>
      ) : (
        <p className="text-sm text-muted" aria-live="polite">
          {t('bots:wizard.preview.pending')}
        </p>
      )}
    </figure>
  );
}

/** Screen 3: the style — tone, personality and identity, with the greeting they give. */
export function StyleStep({ fields: { form, set, errorOf } }: { fields: WizardFields }) {
  const { t } = useTranslation(['bots', 'common']);
  return (
    <>
      <ChoiceGroup
        name="communication"
        legend={t('bots:fields.tone')}
        choices={tones.map((value) => ({ value, title: t(`bots:tones.${value}.title`), description: t(`bots:tones.${value}.description`) }))}
        value={form.communication}
        onChange={set('communication')}
        error={errorOf('communication')}
        pending={t('bots:wizard.pendingChoice')}
      />
      <ChoiceGroup
        name="behavior"
        legend={t('bots:fields.personality')}
        choices={personalities.map((value) => ({
          value,
          title: t(`bots:personalities.${value}.title`),
          description: t(`bots:personalities.${value}.description`),
        }))}
        value={form.behavior}
        onChange={set('behavior')}
        error={errorOf('behavior')}
        pending={t('bots:wizard.pendingChoice')}
      />
      <ChoiceGroup
        name="isHuman"
        legend={t('bots:fields.identity')}
        columns={2}
        choices={[
          { value: 'false', title: t('bots:identities.ai.title'), description: t('bots:identities.ai.description') },
          { value: 'true', title: t('bots:identities.human.title'), description: t('bots:identities.human.description') },
        ]}
        value={form.isHuman}
        onChange={set('isHuman')}
        error={errorOf('isHuman')}
        pending={t('bots:wizard.pendingChoice')}
      />
      <GreetingPreview form={form} />
    </>
  );
}
