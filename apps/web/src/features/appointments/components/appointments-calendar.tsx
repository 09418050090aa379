import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { DateSelectArg, DatesSetArg, EventDropArg } from '@fullcalendar/core';
import type { EventResizeDoneArg } from '@fullcalendar/interaction';
import type { AppointmentChangedEvent, Bot } from '@charla/shared';
import { appointmentStatuses } from '@charla/shared/constants';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ContentSpinner } from '../../../components/ui/full-screen-spinner.tsx';
import { CalendarIcon, GlobeIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import type { AppSocket } from '../../../lib/socket.ts';
import { timeZonePlace } from '../../../lib/time-zones.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useBotRoom } from '../../realtime/index.ts';
import { appointmentsKey, useAppointments, useUpdateAppointment } from '../api/use-appointments.ts';
import { formatInZone, statusColors, toEvents, upcomingRange } from '../calendar-model.ts';
import { AppointmentCard } from './appointment-card.tsx';
import { BookDialog } from './book-dialog.tsx';
import { FeedDialog } from './feed-dialog.tsx';
import { TakenSlotDialog, type TakenSlot } from './taken-slot-dialog.tsx';
import { UpcomingList } from './upcoming-list.tsx';
import { dateFormat } from '../../../lib/intl.ts';

// The calendar library comes with the month, week and day views: a phone opens on the list of
// next appointments, drawn without it.
const CalendarGrid = lazy(() => import('./calendar-grid.tsx').then((m) => ({ default: m.CalendarGrid })));

type Range = { from: string; to: string };

function hourBefore(timeZone: string): string {
  const hour = Number(dateFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
  return `${String(Math.max(0, hour - 1)).padStart(2, '0')}:00:00`;
}

/** The calendar: month, week, day and agenda views in the bot's time zone; drag to move, select to book, click for the card. */
export function AppointmentsCalendar({ bot }: { bot: Bot }) {
  const { t, i18n } = useTranslation('citas');
  const locale = i18n.resolvedLanguage === 'en' ? 'en' : 'es';
  const phone = useMediaQuery('(max-width: 640px)');
  const queryClient = useQueryClient();
  const [range, setRange] = useState<Range | null>(null);
  // On a phone: the list of next appointments until another view is picked.
  const [phoneView, setPhoneView] = useState<string | null>(null);
  const listFirst = phone && phoneView === null;
  const [listRange] = useState(() => upcomingRange(new Date(), bot.timezone));
  const appointments = useAppointments(bot.id, listFirst ? listRange : range);
  const update = useUpdateAppointment(bot.id);
  const [openId, setOpenId] = useState<string | null>(null);
  const [booking, setBooking] = useState<{ start: string; end: string; key: number } | null>(null);
  const [feedOpen, setFeedOpen] = useState(false);
  const [outside, setOutside] = useState<{ when: string; retry: () => void; revert: () => void } | null>(null);
  const [taken, setTaken] = useState<TakenSlot | null>(null);

  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: appointmentsKey(bot.id) }), [queryClient, bot.id]);
  const listen = useCallback(
    (socket: AppSocket) => {
      const onChange = (event: AppointmentChangedEvent) => {
        if (event.botId === bot.id) refresh();
      };
      socket.on('appointmentChanged', onChange);
      return () => {
        socket.off('appointmentChanged', onChange);
      };
    },
    [bot.id, refresh],
  );
  const onJoined = useCallback((again: boolean) => (again ? refresh() : undefined), [refresh]);
  useBotRoom(bot.id, listen, onJoined);

  const items = useMemo(() => appointments.data?.items ?? [], [appointments.data]);
  const events = useMemo(() => toEvents(items, '—'), [items]);
  const open = items.find((a) => a.id === openId) ?? null;
  const schedule = bot.scheduling[0];
  const length = schedule?.appointment_minutes ?? 30;

  const when = (iso: string) => formatInZone(iso, bot.timezone, locale);
  // The day and week views open an hour before now in the business's time zone.
  const [scrollTime] = useState(() => hourBefore(bot.timezone));
  // The time grids scroll inside the calendar (so they can open at now, under the toolbar); the month and lists grow with the page.
  const [timeGrid, setTimeGrid] = useState(!phone);

  /** Saves a move; a time outside the hours asks first, a taken one offers the next free times. */
  const saveMove = (id: string, body: { start: string; end: string }, previous: string, revert: () => void, force = false) =>
    update.mutate(
      { id, body: { ...body, force } },
      {
        onSuccess: (saved) => showToast(t(saved.customerNotified ? 'movedNotified' : 'moved', { when: when(saved.appointment.start) }), 'success'),
        onError: (error) => {
          if (!force && isApiError(error) && error.code === 'OUTSIDE_HOURS') {
            setOutside({ when: when(body.start), retry: () => saveMove(id, body, previous, revert, true), revert });
            return;
          }
          revert();
          const slots = isApiError(error) && error.code === 'SLOT_TAKEN' && Array.isArray(error.details.nextSlots) ? (error.details.nextSlots as string[]) : [];
          if (slots.length) {
            const minutes = new Date(body.end).getTime() - new Date(body.start).getTime();
            const name = items.find((a) => a.id === id)?.contact.name || '—';
            const pick = (start: string) => saveMove(id, { start, end: new Date(new Date(start).getTime() + minutes).toISOString() }, previous, () => undefined);
            setTaken({ name, start: previous, slots, pick });
            return;
          }
          showToast(t('moveFailed', { reason: errorText(error) }), 'error', 8000);
        },
      },
    );

  const move = (info: EventDropArg | EventResizeDoneArg) =>
    saveMove(info.event.id, { start: info.event.startStr, end: info.event.endStr }, info.oldEvent.startStr, info.revert);

  const select = (info: DateSelectArg) => {
    info.view.calendar.unselect();
    if (info.allDay) {
      info.view.calendar.changeView(phone ? 'listDay' : 'timeGridDay', info.startStr);
      return;
    }
    // A click selects one grid slot: it books one appointment of the bot's length; a drag keeps its own length.
    const picked = info.end.getTime() - info.start.getTime();
    const end = picked <= 30 * 60_000 ? new Date(info.start.getTime() + length * 60_000).toISOString() : info.endStr;
    setBooking({ start: info.startStr, end, key: Date.now() });
  };

  const bookNow = () => {
    // The next whole hour, one appointment long.
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
    setBooking({ start: start.toISOString(), end: new Date(start.getTime() + length * 60_000).toISOString(), key: Date.now() });
  };

  const datesSet = (arg: DatesSetArg) => {
    // The arrows are drawn as role="img" with no name; the button's title ("Mes anterior") names it.
    document.querySelectorAll('.citas-calendar .fc-icon[role="img"]').forEach((icon) => icon.setAttribute('aria-hidden', 'true'));
    setTimeGrid(arg.view.type.startsWith('timeGrid'));
    const next = { from: arg.start.toISOString(), to: arg.end.toISOString() };
    setRange((previous) => (previous && previous.from === next.from && previous.to === next.to ? previous : next));
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <Button variant="secondary" icon={<GlobeIcon className="size-4" />} onClick={() => setFeedOpen(true)}>
              <span className="hidden sm:inline">{t('actions.feed')}</span>
              <span className="sm:hidden">{t('actions.feedShort')}</span>
            </Button>
            <Button icon={<PlusIcon className="size-4" />} onClick={bookNow}>
              <span className="hidden sm:inline">{t('actions.book')}</span>
              <span className="sm:hidden">{t('actions.bookShort')}</span>
            </Button>
          </>
        }
      />

      {appointments.isError && !appointments.data ? (
        <LoadFailed title={t('loadFailed')} error={appointments.error} retryLabel={t('retry')} retrying={appointments.isFetching} onRetry={() => void appointments.refetch()} />
      ) : null}

      <Card className="citas-calendar overflow-hidden p-2 sm:p-4" aria-busy={appointments.isFetching || undefined}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2 px-1 text-sm text-muted">
          <span className="inline-flex items-center gap-1.5">
            <CalendarIcon className="size-4" />
            {t('timeZone', { zone: timeZonePlace(bot.timezone) })}
          </span>
          <ul aria-label={t('legend')} className="flex flex-wrap gap-x-3 gap-y-1">
            {appointmentStatuses.map((status) => (
              <li key={status} className="inline-flex items-center gap-1.5">
                <span aria-hidden className="size-2.5 rounded-full border" style={{ background: statusColors[status].bg, borderColor: statusColors[status].border }} />
                {t(`status.${status}`)}
              </li>
            ))}
          </ul>
        </div>
        {listFirst ? (
          <UpcomingList items={items} timeZone={bot.timezone} locale={locale} loading={appointments.isPending} onOpen={setOpenId} onView={setPhoneView} />
        ) : (
          <Suspense fallback={<ContentSpinner />}>
            <CalendarGrid
              key={`${phone ? 'phone' : 'wide'}-${locale}`}
              timeZone={bot.timezone}
              locale={locale}
              phone={phone}
              initialView={phone ? (phoneView ?? 'listUpcoming') : 'timeGridWeek'}
              events={events}
              schedule={schedule}
              length={length}
              scrollTime={scrollTime}
              timeGrid={timeGrid}
              datesSet={datesSet}
              select={select}
              move={move}
              open={setOpenId}
            />
          </Suspense>
        )}
      </Card>

      {open ? <AppointmentCard key={open.id} appointment={open} bot={bot} onClose={() => setOpenId(null)} /> : null}
      {booking ? <BookDialog key={booking.key} bot={bot} start={booking.start} end={booking.end} onClose={() => setBooking(null)} /> : null}
      <FeedDialog botId={bot.id} open={feedOpen} onClose={() => setFeedOpen(false)} />
      <TakenSlotDialog taken={taken} timeZone={bot.timezone} onClose={() => setTaken(null)} />
      <Modal
        open={outside !== null}
        onClose={() => {
          outside?.revert();
          setOutside(null);
        }}
        title={t('outside.title')}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                outside?.revert();
                setOutside(null);
              }}
            >
              {t('outside.cancel')}
            </Button>
            <Button
              onClick={() => {
                outside?.retry();
                setOutside(null);
              }}
            >
              {t('outside.confirm')}
            </Button>
          </>
        }
      >
        {outside ? <p>{t('outside.body', { when: outside.when })}</p> : null}
      </Modal>
    </>
  );
}
