import { useTranslation } from '../../../lib/use-translation.ts';
import type { Appointment } from '@charla/shared';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDayInZone, formatInZone, statusColors } from '../calendar-model.ts';

/** The calendar views a phone offers besides this list (FullCalendar's names). */
const otherViews = [
  { view: 'timeGridDay', label: 'views.day' },
  { view: 'dayGridMonth', label: 'views.month' },
] as const;

/**
 * A phone's first view of Citas: the next appointments (today and the coming days), grouped by
 * day in the bot's time zone, each opening its card. Drawn without the calendar library, which
 * loads when the day or month view is picked.
 */
export function UpcomingList({
  items,
  timeZone,
  locale,
  loading,
  onOpen,
  onView,
}: {
  items: readonly Appointment[];
  timeZone: string;
  locale: string;
  loading: boolean;
  onOpen: (id: string) => void;
  onView: (view: string) => void;
}) {
  const { t } = useTranslation('citas');
  const sorted = [...items].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const days: { day: string; items: Appointment[] }[] = [];
  for (const item of sorted) {
    const day = formatDayInZone(item.start, timeZone, locale);
    const last = days.at(-1);
    if (last?.day === day) last.items.push(item);
    else days.push({ day, items: [item] });
  }
  return (
    <div data-upcoming>
      {/* The views first: the list grows below them as it arrives, moving nothing. */}
      <div className="flex flex-wrap items-center justify-between gap-2 px-1 pb-2">
        <h2 className="text-lg font-bold">{t('upcoming.title')}</h2>
        <div role="group" aria-label={t('upcoming.views')} className="flex gap-2">
          <button type="button" aria-pressed="true" className={buttonClasses('primary', 'sm')}>
            {t('views.upcoming')}
          </button>
          {otherViews.map((v) => (
            <button key={v.view} type="button" aria-pressed="false" className={buttonClasses('secondary', 'sm')} onClick={() => onView(v.view)}>
              {t(v.label)}
            </button>
          ))}
        </div>
      </div>
      {loading ? (
        <div className="grid place-items-center py-10">
          <Spinner />
        </div>
      ) : days.length === 0 ? (
        <p className="rounded-xl bg-field px-3 py-10 text-center text-sm text-muted">{t('empty')}</p>
      ) : (
        <div className="space-y-3">
          {days.map((group) => (
            <section key={group.day} aria-label={group.day}>
              <h3 className="rounded-lg bg-field px-3 py-1.5 text-sm font-semibold first-letter:uppercase">{group.day}</h3>
              <ul className="mt-1 divide-y divide-line">
                {group.items.map((a) => {
                  const colors = statusColors[a.status];
                  const who = a.contact.name || a.contact.phone || '—';
                  return (
                    <li key={a.id}>
                      <button
                        type="button"
                        data-appointment={a.id}
                        data-status={a.status}
                        onClick={() => onOpen(a.id)}
                        className="focus-ring flex w-full min-w-0 items-start gap-3 rounded-lg px-3 py-2.5 text-start text-sm hover:bg-field"
                      >
                        <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full border" style={{ background: colors.bg, borderColor: colors.border }} />
                        <span className="min-w-0 flex-1">
                          <span className="block tabular-nums text-muted">
                            {formatInZone(a.start, timeZone, locale, false)} – {formatInZone(a.end, timeZone, locale, false)}
                          </span>
                          <span className={`block font-semibold break-words ${a.status === 'cancelled' ? 'text-muted line-through' : ''}`}>{a.service ? `${who} · ${a.service}` : who}</span>
                        </span>
                        <span className="sr-only">{t(`status.${a.status}`)}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
