import { useMemo } from 'react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import interactionPlugin from '@fullcalendar/interaction';
import luxonPlugin from '@fullcalendar/luxon3';
import esLocale from '@fullcalendar/core/locales/es';
import type { CalendarOptions, DateSelectArg, DatesSetArg, EventClickArg, EventDropArg } from '@fullcalendar/core';
import type { EventResizeDoneArg } from '@fullcalendar/interaction';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { SchedulingItem } from '@charla/shared';
import { businessHours, upcomingDays, type CalendarEvent } from '../calendar-model.ts';
import './calendar.css';

/** "23 de noviembre de 2026": a day's title in the agenda and day views. */
const dayTitle = { year: 'numeric', month: 'long', day: 'numeric' } as const;
/** "jueves, 3 de diciembre": a day's heading in the list of the next appointments. */
const listDay = { weekday: 'long', month: 'long', day: 'numeric' } as const;

// The calendar compares these options by identity: built once, so that a render of the page
// (a refused move, a refetch) is no change of options, which would build the shown dates again and
// scroll the grid back to `scrollTime`.
const locales = [esLocale];
const views: CalendarOptions['views'] = {
  listUpcoming: { type: 'list', duration: { days: upcomingDays }, titleFormat: dayTitle, listDayFormat: listDay, listDaySideFormat: false },
  listDay: { titleFormat: dayTitle },
  timeGridDay: { titleFormat: dayTitle },
  listWeek: { titleFormat: dayTitle },
};

export interface CalendarGridProps {
  timeZone: string;
  locale: 'es' | 'en';
  phone: boolean;
  /** The view it opens on (the phone's list of next appointments is drawn without this grid). */
  initialView: string;
  events: CalendarEvent[];
  schedule: SchedulingItem | undefined;
  /** Minutes of one appointment: the grid's slots are 30 or 15 minutes to fit it. */
  length: number;
  scrollTime: string;
  timeGrid: boolean;
  datesSet: (arg: DatesSetArg) => void;
  select: (info: DateSelectArg) => void;
  move: (info: EventDropArg | EventResizeDoneArg) => void;
  open: (id: string) => void;
}

/**
 * The calendar library's month, week, day and agenda views (its own chunk: downloaded for these
 * views only). Day and week names in the headers are plain text, not links.
 */
export function CalendarGrid(props: CalendarGridProps) {
  const { t } = useTranslation('citas');
  const { phone, schedule } = props;
  // Compared by identity too (above).
  const hours = useMemo(() => businessHours(schedule), [schedule]);
  return (
    <FullCalendar
      plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, luxonPlugin]}
      timeZone={props.timeZone}
      locales={locales}
      locale={props.locale}
      initialView={props.initialView}
      headerToolbar={
        phone
          ? { left: 'prev,next', center: 'title', right: 'today' }
          : { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' }
      }
      footerToolbar={phone ? { center: 'listUpcoming,timeGridDay,dayGridMonth' } : false}
      buttonText={{
        today: t('views.today'),
        month: t('views.month'),
        week: t('views.week'),
        day: t('views.day'),
        listWeek: t('views.list'),
        listDay: t('views.list'),
        listUpcoming: t('views.upcoming'),
      }}
      views={views}
      events={props.events}
      businessHours={hours}
      editable
      eventDurationEditable
      selectable
      selectMirror
      nowIndicator
      // Appointments at the same time (one cancelled and the one booked in its place, or one booked
      // outside the rules on purpose) sit side by side, each whole and clickable, not one over another.
      slotEventOverlap={false}
      scrollTime={props.scrollTime}
      noEventsContent={t('empty')}
      allDaySlot={false}
      slotMinTime="07:00:00"
      slotMaxTime="22:00:00"
      slotDuration={props.length % 30 === 0 ? '00:30:00' : '00:15:00'}
      snapDuration="00:15:00"
      height={props.timeGrid ? 'max(30rem, calc(100dvh - 6rem))' : 'auto'}
      datesSet={props.datesSet}
      select={props.select}
      eventDrop={props.move}
      eventResize={props.move}
      eventClick={(info: EventClickArg) => props.open(info.event.id)}
      dayHeaderDidMount={(info) => {
        // The day's name is drawn in an <a> with no address: it is a heading's text, not a link.
        const name = info.el.querySelector('a.fc-col-header-cell-cushion:not([href])');
        if (!name) return;
        const label = name.getAttribute('aria-label');
        name.removeAttribute('aria-label');
        name.setAttribute('role', 'none');
        if (label) info.el.setAttribute('aria-label', label);
      }}
      eventDidMount={(info) => {
        info.el.setAttribute('data-appointment', info.event.id);
        info.el.setAttribute('data-status', String(info.event.extendedProps.status));
      }}
    />
  );
}
