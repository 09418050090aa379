import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatIcon, CheckCircleIcon } from '../../../../components/ui/icons.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { updateMetaCredentials, type MetaCredentialsInput } from '../../api/bot-calls.ts';
import type { Bot } from '../../bot.ts';
import { checkDigits, checkToken, type SettingProblem } from '../../personalization/settings-rules.ts';
import { SectionCard } from './section-card.tsx';
import { compactProblems, useDraft, useProblemText, useSaveBot } from './use-settings.ts';

type Values = { phone_number_id: string; waba_id: string; access_token: string };

/** API de WhatsApp: the Cloud API ids and access token. The token is write-only: only its mask comes back. */
export function WhatsappApiCard({ bot, readOnly }: { bot: Bot; readOnly: boolean }) {
  const { t } = useTranslation('bots');
  const text = useProblemText();
  const stored = bot.metaCredentials[0];
  const maskedToken = stored?.access_token ?? '';
  const fromBot = (credential: typeof stored): Values => ({ phone_number_id: credential?.phone_number_id ?? '', waba_id: credential?.waba_id ?? '', access_token: '' });
  const { draft, setDraft, set, dirty, reset } = useDraft<Values>(fromBot(stored));
  const [problems, setProblems] = useState<Partial<Record<keyof Values, SettingProblem>>>({});
  const save = useSaveBot<MetaCredentialsInput>(updateMetaCredentials, (saved) => setDraft(fromBot(saved.metaCredentials[0])));
  const errorOf = (field: keyof Values) => text(problems[field]) ?? save.fields[field];
  const change = (field: keyof Values) => (event: { target: { value: string } }) => {
    set(field, event.target.value);
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const submit = () => {
    const found = compactProblems<keyof Values>({
      phone_number_id: checkDigits(draft.phone_number_id),
      waba_id: checkDigits(draft.waba_id),
      access_token: checkToken(draft.access_token, maskedToken !== ''),
    });
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const token = draft.access_token.trim();
    save.mutate({
      botId: bot.id,
      body: { phone_number_id: draft.phone_number_id.trim(), waba_id: draft.waba_id.trim(), ...(token ? { access_token: token } : {}) },
    });
  };

  return (
    <SectionCard
      id="whatsapp-api"
      icon={<ChatIcon className="size-5" />}
      title={t('personalization.whatsapp.title')}
      description={t('personalization.whatsapp.description')}
      readOnly={readOnly}
      dirty={dirty}
      saving={save.isPending}
      onSubmit={submit}
      onDiscard={() => {
        reset();
        setProblems({});
      }}
      aside={
        maskedToken ? (
          <span className="inline-flex items-center gap-1.5 rounded-full border border-success/40 bg-success/10 px-3 py-1 text-xs font-semibold text-success">
            <CheckCircleIcon className="size-3.5" />
            {t('personalization.whatsapp.connected')}
          </span>
        ) : null
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('fields.phoneNumberId')}
          name="phone_number_id"
          inputMode="numeric"
          autoComplete="off"
          value={draft.phone_number_id}
          onChange={change('phone_number_id')}
          error={errorOf('phone_number_id')}
        />
        <TextField label={t('fields.wabaId')} name="waba_id" inputMode="numeric" autoComplete="off" value={draft.waba_id} onChange={change('waba_id')} error={errorOf('waba_id')} />
      </div>
      <TextField
        label={t('fields.accessToken')}
        name="access_token"
        type="password"
        revealable
        autoComplete="off"
        spellCheck={false}
        placeholder={maskedToken ? t('personalization.whatsapp.tokenKept', { mask: maskedToken }) : t('personalization.whatsapp.tokenPlaceholder')}
        hint={maskedToken ? t('personalization.whatsapp.tokenHintStored', { mask: maskedToken }) : t('personalization.whatsapp.tokenHint')}
        value={draft.access_token}
        onChange={change('access_token')}
        error={errorOf('access_token')}
      />
    </SectionCard>
  );
}
