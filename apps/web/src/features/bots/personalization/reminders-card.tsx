import { useTranslation } from '../../../lib/use-translation.ts';
import type { ReminderItem } from '@charla/shared';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { updateReminders } from '../api/bot-calls.ts';
import { botLabel, type Bot } from '../bot.ts';
import { checkText, fillReminder, type SettingProblem } from './settings-rules.ts';
import { ChatPreview } from './chat-preview.tsx';
import { SectionCard } from './section-card.tsx';
import { useProblemText, useSectionForm } from './use-settings.ts';

const leadTimes = [30, 60, 120, 180, 360, 720, 1440, 2880];

/** Recordatorios: whether customers get a reminder, how long before, and what it says. */
export function RemindersCard({ bot, readOnly }: { bot: Bot; readOnly: boolean }) {
  const { t } = useTranslation('bots');
  const text = useProblemText();
  const fallback: ReminderItem = { enabled: false, minutes_before: 1440, message: t('personalization.reminders.defaultMessage') };
  const { draft, set, problems: problem, setProblems: setProblem, save, card } = useSectionForm<ReminderItem, ReminderItem, SettingProblem | undefined>({
    values: bot.reminders[0] ?? fallback,
    noProblems: undefined,
    call: updateReminders,
    savedValues: (saved) => saved.reminders[0],
  });

  const submit = () => {
    const found = checkText(draft.message, { required: true, max: 1000 });
    setProblem(found);
    if (!found) save.mutate({ botId: bot.id, body: { ...draft, message: draft.message.trim() } });
  };

  const times = leadTimes.includes(draft.minutes_before) ? leadTimes : [...leadTimes, draft.minutes_before].sort((a, b) => a - b);
  const leadLabel = (minutes: number) =>
    minutes % 1440 === 0
      ? t('personalization.reminders.days', { count: minutes / 1440 })
      : minutes % 60 === 0
        ? t('personalization.reminders.hours', { count: minutes / 60 })
        : t('personalization.reminders.minutes', { count: minutes });

  return (
    <SectionCard
      id="recordatorios"
      icon={<AlertIcon className="size-5" />}
      title={t('personalization.reminders.title')}
      description={t('personalization.reminders.description')}
      readOnly={readOnly}
      {...card}
      onSubmit={submit}
      aside={<Switch checked={draft.enabled} onChange={(checked) => set('enabled', checked)} label={t('personalization.reminders.enabled')} disabled={readOnly} />}
    >
      <div className="grid items-start gap-5 md:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="space-y-5">
          <SelectField
            label={t('fields.minutesBefore')}
            name="minutes_before"
            className="sm:max-w-xs"
            value={String(draft.minutes_before)}
            onChange={(event) => set('minutes_before', Number(event.target.value))}
            error={save.fields.minutes_before}
            options={times.map((minutes) => ({ value: String(minutes), label: leadLabel(minutes) }))}
          />
          <TextareaField
            label={t('fields.reminderMessage')}
            name="reminder_message"
            rows={4}
            maxChars={1000}
            hint={t('personalization.reminders.hint')}
            value={draft.message}
            onChange={(event) => {
              set('message', event.target.value);
              setProblem(undefined);
            }}
            error={text(problem) ?? save.fields.message}
          />
        </div>
        <ChatPreview
          name={botLabel(bot, t('personalization.unnamed'))}
          status={t('personalization.welcome.online')}
          label={t('personalization.reminders.previewLabel')}
          empty={draft.message.trim() === ''}
        >
          {draft.message.trim()
            ? fillReminder(draft.message.trim(), {
                nombre: t('personalization.reminders.sample.name'),
                timeZone: bot.timezone,
                language: bot.language,
              })
            : t('personalization.welcome.previewEmpty')}
        </ChatPreview>
      </div>
    </SectionCard>
  );
}
