import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { botLimits, handoffIdleMax } from '@charla/shared/constants';
import type { UpdateBotBody } from '@charla/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { UserIcon } from '../../../components/ui/icons.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { setRedirection, updateBot } from '../api/bot-calls.ts';
import { botCallDeps, patchBotInCache, refetchBots } from '../api/use-bots.ts';
import type { Bot } from '../bot.ts';
import { checkPhone, idleMinutes, type SettingProblem } from './settings-rules.ts';
import { SectionCard } from './section-card.tsx';
import { useProblemText, useSectionForm } from './use-settings.ts';
import { afterPhoneRules, phoneToSend, usePhoneRules } from '../../../lib/phone-input.ts';

const pick = (bot: Pick<Bot, 'redirection_phone' | 'handoff_idle_minutes'>) => ({ redirection_phone: bot.redirection_phone, handoff_idle_minutes: String(bot.handoff_idle_minutes) });
type Values = ReturnType<typeof pick>;

/** Derivación a humano: the WhatsApp number of the person who takes over, and the on/off switch. */
export function RedirectionCard({ bot, readOnly }: { bot: Bot; readOnly: boolean }) {
  usePhoneRules();
  const { t } = useTranslation('bots');
  const text = useProblemText();
  const queryClient = useQueryClient();
  const { draft, set, problems: problem, setProblems: setProblem, save, card } = useSectionForm<Values, UpdateBotBody, SettingProblem | undefined>({
    values: pick(bot),
    noProblems: undefined,
    call: updateBot,
    savedValues: pick,
  });
  const [idleProblem, setIdleProblem] = useState(false);
  const [switchError, setSwitchError] = useState<string | null>(null);
  const [switching, setSwitching] = useState(false);

  const submit = () => afterPhoneRules(check);
  const check = () => {
    const found = checkPhone(draft.redirection_phone, { max: botLimits.phone });
    const minutes = idleMinutes(draft.handoff_idle_minutes);
    setProblem(found);
    setIdleProblem(minutes === null);
    if (!found && minutes !== null) {
      setSwitchError(null);
      save.mutate({ botId: bot.id, body: { redirection_phone: draft.redirection_phone.trim() && phoneToSend(draft.redirection_phone), handoff_idle_minutes: minutes } });
    }
  };

  const toggle = async (enabled: boolean) => {
    setSwitching(true);
    setSwitchError(null);
    const result = await setRedirection(bot.id, enabled, botCallDeps);
    setSwitching(false);
    if (result.ok) {
      patchBotInCache(queryClient, bot.id, { redirection_enabled: result.value });
      showToast(result.value ? t('personalization.redirection.turnedOn') : t('personalization.redirection.turnedOff'), 'success');
      return;
    }
    const { error } = result;
    if (isApiError(error) && error.code === 'BOT_LOCKED') void refetchBots(queryClient);
    setSwitchError((isApiError(error) && error.fields?.redirection_phone) || errorText(error));
  };

  return (
    <SectionCard
      id="derivacion"
      icon={<UserIcon className="size-5" />}
      title={t('personalization.redirection.title')}
      description={t('personalization.redirection.description')}
      readOnly={readOnly}
      {...card}
      onSubmit={submit}
      aside={
        <Switch
          checked={bot.redirection_enabled}
          busy={switching}
          disabled={readOnly}
          onChange={(enabled) => void toggle(enabled)}
          label={bot.redirection_enabled ? t('personalization.redirection.on') : t('personalization.redirection.off')}
          aria-label={t('personalization.redirection.switch')}
        />
      }
    >
      {switchError ? <Alert tone="error">{switchError}</Alert> : null}
      <TextField
        label={t('fields.redirectionPhone')}
        name="redirection_phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        className="sm:max-w-sm"
        placeholder="+52 33 1234 5678"
        hint={t('personalization.redirection.hint')}
        value={draft.redirection_phone}
        onChange={(event) => {
          set('redirection_phone', event.target.value);
          setProblem(undefined);
        }}
        error={text(problem) ?? save.fields.redirection_phone}
      />
      <TextField
        label={t('personalization.redirection.idleLabel')}
        name="handoff_idle_minutes"
        type="number"
        inputMode="numeric"
        min={0}
        max={handoffIdleMax}
        step={1}
        className="sm:max-w-xs"
        hint={t('personalization.redirection.idleHint')}
        value={draft.handoff_idle_minutes}
        onChange={(event) => {
          set('handoff_idle_minutes', event.target.value);
          setIdleProblem(false);
        }}
        error={idleProblem ? t('personalization.redirection.idleInvalid') : save.fields.handoff_idle_minutes}
      />
    </SectionCard>
  );
}
