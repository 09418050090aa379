import { useTranslation } from '../../../lib/use-translation.ts';
import { botLimits, cardTemplates } from '@charla/shared/constants';
import type { Bot as ServerBot, UpdateBotBody } from '@charla/shared';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { HomeIcon } from '../../../components/ui/icons.tsx';
import { updateBot } from '../api/bot-calls.ts';
import type { Bot } from '../bot.ts';
import { checkPhone, checkText, checkUrl, type SettingProblem } from './settings-rules.ts';
import { cardKeyOf } from '../template-labels.ts';
import { SectionCard } from './section-card.tsx';
import { changedFields, compactProblems, useProblemText, useSectionForm } from './use-settings.ts';
import { afterPhoneRules, phoneToSend, usePhoneRules } from '../../../lib/phone-input.ts';
import { normalizeWebAddress } from '@charla/shared/input-rules';

type Values = Pick<ServerBot, 'business_name' | 'business_url' | 'business_phone' | 'business_desc' | 'bot_objective'>;
const pick = (bot: ServerBot): Values => ({
  business_name: bot.business_name,
  business_url: bot.business_url,
  business_phone: bot.business_phone,
  business_desc: bot.business_desc,
  bot_objective: bot.bot_objective,
});

/** Negocio: name, web site, phone, what it does, and the business template. */
export function BusinessCard({ bot, readOnly }: { bot: Bot; readOnly: boolean }) {
  usePhoneRules();
  const { t } = useTranslation('bots');
  const text = useProblemText();
  const { draft, set, problems, setProblems, save, card } = useSectionForm<Values, UpdateBotBody, Partial<Record<keyof Values, SettingProblem>>>({
    values: pick(bot),
    noProblems: {},
    call: updateBot,
    savedValues: pick,
  });
  const errorOf = (field: keyof Values) => text(problems[field]) ?? save.fields[field];
  const change = (field: keyof Values) => (event: { target: { value: string } }) => {
    set(field, event.target.value as never);
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const submit = () => afterPhoneRules(check);
  const check = () => {
    const found = compactProblems<keyof Values>({
      business_name: checkText(draft.business_name, { required: true, max: botLimits.business }),
      business_url: checkUrl(draft.business_url, botLimits.url),
      business_phone: checkPhone(draft.business_phone, { max: botLimits.phone }),
      business_desc: checkText(draft.business_desc, { max: botLimits.desc }),
    });
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const body = changedFields(
      {
        business_name: draft.business_name.trim(),
        business_url: normalizeWebAddress(draft.business_url) ?? draft.business_url.trim(),
        business_phone: draft.business_phone.trim() && phoneToSend(draft.business_phone),
        business_desc: draft.business_desc.trim(),
        bot_objective: draft.bot_objective,
      },
      pick(bot),
    );
    save.mutate({ botId: bot.id, body });
  };

  const templateOptions = cardTemplates.map((key) => ({ value: key, label: t(`${cardKeyOf(key)!}.title`) }));
  if (!cardKeyOf(draft.bot_objective)) templateOptions.unshift({ value: draft.bot_objective, label: draft.bot_objective });

  return (
    <SectionCard
      id="negocio"
      icon={<HomeIcon className="size-5" />}
      title={t('personalization.business.title')}
      description={t('personalization.business.description')}
      readOnly={readOnly}
      {...card}
      onSubmit={submit}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t('fields.company')} name="business_name" maxLength={botLimits.business} value={draft.business_name} onChange={change('business_name')} error={errorOf('business_name')} />
        <SelectField
          label={t('fields.speciality')}
          name="bot_objective"
          value={draft.bot_objective}
          onChange={change('bot_objective')}
          error={errorOf('bot_objective')}
          options={templateOptions}
        />
        <TextField
          label={t('fields.urlOptional')}
          name="business_url"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={draft.business_url}
          onChange={change('business_url')}
          error={errorOf('business_url')}
        />
        <TextField
          label={t('fields.phoneOptional')}
          name="business_phone"
          type="tel"
          inputMode="tel"
          placeholder="+52 33 1234 5678"
          value={draft.business_phone}
          onChange={change('business_phone')}
          error={errorOf('business_phone')}
        />
      </div>
      <TextareaField
        label={t('fields.description')}
        name="business_desc"
        rows={5}
        maxChars={botLimits.desc}
        placeholder={t('wizard.business.descriptionPlaceholder')}
        hint={t('wizard.business.descriptionHint')}
        value={draft.business_desc}
        onChange={change('business_desc')}
        error={errorOf('business_desc')}
      />
    </SectionCard>
  );
}
