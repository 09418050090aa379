import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Bot } from '@charla/shared';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { CalendarIcon } from '../../../components/ui/icons.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useBookAppointment, useCatalogServices, useContactSearch } from '../api/use-appointments.ts';
import { wallClock, zonedInstant } from '@charla/shared/dates';
import { formatInZone } from '../calendar-model.ts';

/** A contact the dialog opens with, already chosen (booking from the inbox's contact pane). */
export type BookingContact = { id: string; name: string; phone: string; email: string };

/** Booking a free time the owner picked: for a contact found by name, phone or e-mail, or a new one. */
export function BookDialog({ bot, start: pickedStart, end: pickedEnd, contact: given, onClose }: { bot: Bot; start: string; end: string; contact?: BookingContact | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation('citas');
  const locale = i18n.resolvedLanguage === 'en' ? 'en' : 'es';
  const book = useBookAppointment(bot.id);
  const [{ start, end }, setSlot] = useState({ start: pickedStart, end: pickedEnd });
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 250);
  const contacts = useContactSearch(bot.id, q, mode === 'existing');
  const [contactId, setContactId] = useState<string | null>(given?.id ?? null);
  const found = contacts.data?.items ?? [];
  // The contact it was opened for stays first in the choices, whatever the search shows.
  const choices = given && !search.trim() && !found.some((c) => c.id === given.id) ? [given, ...found] : found;
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [service, setService] = useState('');
  const [notes, setNotes] = useState('');
  const [force, setForce] = useState(false);
  const [endError, setEndError] = useState(false);
  const [askDiscard, setAskDiscard] = useState(false);
  const services = useCatalogServices(bot.id);
  const servicesId = useId();
  const [missingContact, setMissingContact] = useState(false);
  const outsideHours = isApiError(book.error) && book.error.code === 'OUTSIDE_HOURS';
  const nextSlots = isApiError(book.error) && book.error.code === 'SLOT_TAKEN' && Array.isArray(book.error.details.nextSlots) ? (book.error.details.nextSlots as string[]) : [];
  const local = wallClock(new Date(start), bot.timezone);
  const localEnd = wallClock(new Date(end), bot.timezone);
  const minutes = Math.round((new Date(end).getTime() - new Date(start).getTime()) / 60_000);
  const lengths = [...new Set([15, 30, 45, 60, 90, 120, 180, minutes])].sort((a, b) => a - b);
  /** The owner edits the day, the time (in the business's time zone) or the length. */
  const editTime = (change: { date?: string; time?: string; minutes?: number }) => {
    const next = zonedInstant(change.date ?? local.date, change.time ?? local.time, bot.timezone);
    if (!next) return;
    setSlot({ start: next, end: new Date(Date.parse(next) + (change.minutes ?? minutes) * 60_000).toISOString() });
    book.reset();
  };
  /** The end time, on the appointment's day: it sets the length. */
  const editEnd = (time: string) => {
    const next = zonedInstant(local.date, time, bot.timezone);
    if (!next) return;
    const length = Math.round((Date.parse(next) - Date.parse(start)) / 60_000);
    setEndError(length <= 0);
    if (length > 0) setSlot({ start, end: next });
    book.reset();
  };
  /** A service of the catalog sets its own length. */
  const editService = (value: string) => {
    setService(value);
    const chosen = services.data?.find((item) => item.name.toLowerCase() === value.trim().toLowerCase());
    if (chosen && chosen.minutes !== minutes) editTime({ minutes: chosen.minutes });
  };
  const chosenService = services.data?.find((item) => item.name.toLowerCase() === service.trim().toLowerCase());
  /** Something typed or picked that closing would lose. */
  const typed = Boolean((contactId && contactId !== given?.id) || name.trim() || phone.trim() || email.trim() || service.trim() || notes.trim());
  const formRef = useRef<HTMLFormElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  // The question is at the foot of a long form: it comes into view with its safe answer focused.
  useEffect(() => {
    if (!askDiscard) return;
    keepRef.current?.scrollIntoView({ block: 'nearest' });
    keepRef.current?.focus();
  }, [askDiscard]);
  const close = () => {
    if (!typed || book.isSuccess) return onClose();
    setAskDiscard(true);
    // Escape has already closed the browser's dialog: it opens again to ask.
    const dialog = formRef.current?.closest('dialog');
    if (dialog && !dialog.open) dialog.showModal();
  };
  const pickSlot = (slot: string) => {
    const length = new Date(end).getTime() - new Date(start).getTime();
    setSlot({ start: slot, end: new Date(new Date(slot).getTime() + length).toISOString() });
    book.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'existing' && !contactId) {
      setMissingContact(true);
      return;
    }
    const who = mode === 'existing' ? { contactId: contactId! } : { contact: { name: name.trim(), phone: phone.trim(), email: email.trim() } };
    book.mutate(
      { botId: bot.id, start, end, service: service.trim(), notes: notes.trim(), force, ...who },
      {
        onSuccess: (saved) => {
          showToast(t('book.done', { name: saved.appointment.contact.name || saved.appointment.contact.phone }), 'success');
          onClose();
        },
      },
    );
  };

  const fieldError = (field: string) => (isApiError(book.error) ? book.error.fields?.[field] : undefined);

  return (
    <Modal open onClose={close} icon={<CalendarIcon className="size-6" />} title={t('book.title')}>
      <form ref={formRef} onSubmit={submit} className="space-y-4 text-fg" noValidate>
        <p className="text-sm font-semibold" data-testid="book-when">
          {t('book.when', { start: formatInZone(start, bot.timezone, locale), end: formatInZone(end, bot.timezone, locale, false) })}
        </p>
        <div className="grid grid-cols-2 gap-3">
          <TextField label={t('book.date')} type="date" value={local.date} required onChange={(event) => event.target.value && editTime({ date: event.target.value })} />
          <SelectField
            label={t('book.length')}
            value={String(minutes)}
            onChange={(event) => editTime({ minutes: Number(event.target.value) })}
            options={lengths.map((option) => ({ value: String(option), label: t('book.minutes', { count: option }) }))}
          />
          <TextField label={t('book.start')} type="time" step={300} value={local.time} required onChange={(event) => event.target.value && editTime({ time: event.target.value })} />
          <TextField
            label={t('book.end')}
            type="time"
            step={300}
            value={localEnd.time}
            required
            error={endError ? t('book.endBeforeStart') : undefined}
            onChange={(event) => event.target.value && editEnd(event.target.value)}
          />
        </div>
        <div role="radiogroup" className="grid grid-cols-2 gap-1 rounded-xl border border-line p-1 text-sm">
          {(['existing', 'new'] as const).map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={mode === option}
              onClick={() => setMode(option)}
              className={`focus-ring h-9 rounded-lg font-semibold ${mode === option ? 'bg-highlight text-on-highlight' : 'text-muted hover:text-fg'}`}
            >
              {t(`book.${option}`)}
            </button>
          ))}
        </div>

        {mode === 'existing' ? (
          <fieldset className="min-w-0 space-y-2">
            <legend className="sr-only">{t('book.existing')}</legend>
            <SearchField label={t('book.search')} placeholder={t('book.searchPlaceholder')} value={search} onChange={setSearch} look="field" />
            <ul className="max-h-44 space-y-1 overflow-y-auto overflow-x-hidden" aria-label={t('book.search')}>
              {choices.map((contact) => (
                <li key={contact.id}>
                  <label className={`flex min-w-0 max-w-full cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm ${contactId === contact.id ? 'border-highlight bg-highlight/10' : 'border-line'}`}>
                    <input
                      type="radio"
                      name="contact"
                      checked={contactId === contact.id}
                      onChange={() => {
                        setContactId(contact.id);
                        setMissingContact(false);
                      }}
                    />
                    <span className="min-w-0 max-w-full shrink-0 truncate font-semibold">{contact.name || contact.phone || contact.email}</span>
                    <span className="min-w-0 truncate text-muted">{[contact.phone, contact.email].filter(Boolean).join(' · ')}</span>
                  </label>
                </li>
              ))}
            </ul>
            {contacts.data && choices.length === 0 ? <p className="text-sm text-muted">{t('book.noContacts')}</p> : null}
            {missingContact ? <p className="text-sm text-danger">{t('book.pickContact')}</p> : null}
          </fieldset>
        ) : (
          <div className="space-y-3">
            <TextField label={t('book.name')} value={name} required maxLength={120} onChange={(event) => setName(event.target.value)} error={fieldError('contact.name')} />
            <TextField label={t('book.phone')} value={phone} type="tel" maxLength={40} onChange={(event) => setPhone(event.target.value)} />
            <TextField label={t('book.email')} value={email} type="email" maxLength={254} onChange={(event) => setEmail(event.target.value)} error={fieldError('contact.email')} />
          </div>
        )}

        <TextField
          label={t('book.service')}
          value={service}
          maxLength={200}
          list={services.data?.length ? servicesId : undefined}
          hint={chosenService ? t('book.serviceLength', { count: chosenService.minutes }) : services.data?.length ? t('book.serviceHint') : undefined}
          onChange={(event) => editService(event.target.value)}
        />
        {services.data?.length ? (
          <datalist id={servicesId}>
            {services.data.map((item) => (
              <option key={item.name} value={item.name}>
                {t('book.minutes', { count: item.minutes })}
              </option>
            ))}
          </datalist>
        ) : null}
        <TextField label={t('book.notes')} value={notes} maxLength={2000} onChange={(event) => setNotes(event.target.value)} />

        <FormAlert error={book.error} />
        {nextSlots.length ? (
          <div>
            <p className="text-sm text-muted">{t('book.nextSlots')}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {nextSlots.map((slot) => (
                <Button key={slot} variant="secondary" size="sm" onClick={() => pickSlot(slot)}>
                  {formatInZone(slot, bot.timezone, locale)}
                </Button>
              ))}
            </div>
          </div>
        ) : null}
        {outsideHours || force ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={force} onChange={(event) => setForce(event.target.checked)} />
            {t('book.force')}
          </label>
        ) : null}

        {askDiscard ? (
          <div role="alertdialog" aria-labelledby={`${servicesId}-discard`} className="space-y-3 rounded-xl border border-danger/40 bg-danger/5 p-3">
            <p id={`${servicesId}-discard`} className="text-sm font-semibold">
              {t('book.discardQuestion')}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="danger" size="sm" onClick={onClose}>
                {t('book.discard')}
              </Button>
              <button ref={keepRef} type="button" className={buttonClasses('secondary', 'sm')} onClick={() => setAskDiscard(false)}>
                {t('book.keepEditing')}
              </button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close}>
              {t('book.cancel')}
            </Button>
            <Button type="submit" loading={book.isPending}>
              {t('book.submit')}
            </Button>
          </div>
        )}
      </form>
    </Modal>
  );
}
