import { useTranslation } from '../../../lib/use-translation.ts';
import { weekdays, type Weekday } from '@charla/shared/constants';
import type { SchedulingItem } from '@charla/shared';
import { Button } from '../../../components/ui/button.tsx';
import { CalendarIcon, CloseIcon } from '../../../components/ui/icons.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { updateScheduling } from '../api/bot-calls.ts';
import type { Bot } from '../bot.ts';
import { checkHours, nextRange, type SettingProblem } from './settings-rules.ts';
import { SectionCard } from './section-card.tsx';
import { useProblemText, useSectionForm } from './use-settings.ts';

const closedWeek: SchedulingItem = {
  hours: { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] },
  appointment_minutes: 30,
};
const appointmentLengths = [15, 20, 30, 45, 60, 90, 120];
// On a phone the clock icon makes way for the time itself ("09:00 a. m."); a tap opens the picker anyway.
const timeInput =
  'h-10 w-full min-w-0 flex-1 basis-0 rounded-lg border bg-field px-2.5 text-sm [&::-webkit-calendar-picker-indicator]:hidden sm:[&::-webkit-calendar-picker-indicator]:block text-fg tabular-nums outline-none transition focus:border-highlight focus:ring-3 focus:ring-highlight/25 disabled:opacity-70';

/** Horario: opening ranges per weekday (add, change, remove) and the length of an appointment. */
export function ScheduleCard({ bot, readOnly }: { bot: Bot; readOnly: boolean }) {
  const { t } = useTranslation('bots');
  const text = useProblemText();
  const { draft, setDraft, problems, setProblems, save, card } = useSectionForm<SchedulingItem, SchedulingItem, Record<string, SettingProblem>>({
    values: bot.scheduling[0] ?? closedWeek,
    noProblems: {},
    call: updateScheduling,
    savedValues: (saved) => saved.scheduling[0] ?? closedWeek,
  });
  const errorAt = (key: string) => text(problems[key]) ?? save.fields[key];

  const setDay = (day: Weekday, ranges: SchedulingItem['hours'][Weekday]) => {
    setDraft((current) => ({ ...current, hours: { ...current.hours, [day]: ranges } }));
    setProblems({});
  };

  const submit = () => {
    const found = checkHours(draft.hours);
    setProblems(found);
    if (Object.keys(found).length === 0) save.mutate({ botId: bot.id, body: draft });
  };

  const lengths = appointmentLengths.includes(draft.appointment_minutes) ? appointmentLengths : [...appointmentLengths, draft.appointment_minutes].sort((a, b) => a - b);

  return (
    <SectionCard
      id="horario"
      icon={<CalendarIcon className="size-5" />}
      title={t('personalization.schedule.title')}
      description={t('personalization.schedule.description')}
      readOnly={readOnly}
      {...card}
      onSubmit={submit}
    >
      <ul className="divide-y divide-line rounded-xl border border-line">
        {weekdays.map((day) => {
          const ranges = draft.hours[day];
          const open = ranges.length > 0;
          const dayName = t(`weekdays.${day}`);
          return (
            <li key={day} className="grid grid-cols-[minmax(0,1fr)] gap-3 px-3 py-3 sm:grid-cols-[9.5rem_minmax(0,1fr)] sm:items-start sm:px-4">
              <div className="flex items-center justify-between gap-3 sm:h-10">
                <span className="font-medium">{dayName}</span>
                <Switch
                  checked={open}
                  onChange={(checked) => setDay(day, checked ? [{ start: '09:00', end: '18:00' }] : [])}
                  aria-label={t('personalization.schedule.openOn', { day: dayName })}
                />
              </div>
              {open ? (
                <div className="min-w-0 space-y-2">
                  {ranges.map((range, index) => {
                    const startError = errorAt(`hours.${day}.${index}.start`);
                    const endError = errorAt(`hours.${day}.${index}.end`);
                    const update = (patch: Partial<typeof range>) => setDay(day, ranges.map((item, i) => (i === index ? { ...item, ...patch } : item)));
                    return (
                      <div key={index}>
                        <div className="flex min-w-0 items-center gap-1.5 sm:gap-2">
                          <input
                            type="time"
                            step={300}
                            value={range.start}
                            onChange={(event) => update({ start: event.target.value })}
                            aria-label={t('personalization.schedule.from', { day: dayName })}
                            aria-invalid={startError ? true : undefined}
                            className={`${timeInput} ${startError ? 'border-danger/70' : 'border-line'}`}
                          />
                          <span className="text-muted" aria-hidden="true">
                            –
                          </span>
                          <input
                            type="time"
                            step={300}
                            value={range.end}
                            onChange={(event) => update({ end: event.target.value })}
                            aria-label={t('personalization.schedule.to', { day: dayName })}
                            aria-invalid={endError ? true : undefined}
                            className={`${timeInput} ${endError ? 'border-danger/70' : 'border-line'}`}
                          />
                          <button
                            type="button"
                            onClick={() => setDay(day, ranges.filter((_, i) => i !== index))}
                            aria-label={t('personalization.schedule.remove', { day: dayName })}
                            className="focus-ring grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-card hover:text-fg disabled:opacity-50 sm:size-10"
                          >
                            <CloseIcon className="size-4" />
                          </button>
                        </div>
                        {startError || endError ? <p className="mt-1 text-sm text-danger">{startError ?? endError}</p> : null}
                      </div>
                    );
                  })}
                  {ranges.length < 6 ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="-ms-2"
                      aria-label={t('personalization.schedule.addOn', { day: dayName })}
                      onClick={() => setDay(day, [...ranges, nextRange(ranges)])}
                    >
                      <span aria-hidden="true">+</span>
                      {t('personalization.schedule.add')}
                    </Button>
                  ) : null}
                </div>
              ) : (
                <p className="text-sm text-muted sm:pt-2.5">{t('personalization.schedule.closedDay')}</p>
              )}
            </li>
          );
        })}
      </ul>
      <SelectField
        label={t('fields.appointmentMinutes')}
        name="appointment_minutes"
        className="sm:max-w-xs"
        value={String(draft.appointment_minutes)}
        onChange={(event) => setDraft((current) => ({ ...current, appointment_minutes: Number(event.target.value) }))}
        error={save.fields.appointment_minutes}
        hint={t('personalization.schedule.lengthHint')}
        options={lengths.map((minutes) => ({ value: String(minutes), label: t('personalization.schedule.minutes', { count: minutes }) }))}
      />
    </SectionCard>
  );
}
