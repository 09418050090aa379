import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { byDayInZone, formatDayInZone, formatInZone } from '../calendar-model.ts';

/** An appointment the owner dragged onto a taken time: it stayed where it was; these free times are offered instead. */
export interface TakenSlot {
  name: string;
  /** Where it stayed. */
  start: string;
  /** The next free starts the server offered. */
  slots: string[];
  pick: (start: string) => void;
}

/** The 409 of a move, as choices: one click moves the appointment to a free time, or it stays put. */
export function TakenSlotDialog({ taken, timeZone, onClose }: { taken: TakenSlot | null; timeZone: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('citas');
  const locale = i18n.resolvedLanguage === 'en' ? 'en' : 'es';
  return (
    <Modal
      open={taken !== null}
      onClose={onClose}
      title={t('taken.title')}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t('taken.keep')}
        </Button>
      }
    >
      {taken ? (
        <>
          <p>{t('taken.body', { name: taken.name, day: formatDayInZone(taken.start, timeZone, locale), time: formatInZone(taken.start, timeZone, locale, false) })}</p>
          <div role="group" aria-label={t('taken.slots')} className="mt-4 space-y-3">
            {byDayInZone(taken.slots, timeZone, locale).map((group) => (
              <div key={group.day}>
                <p className="text-sm font-semibold text-fg first-letter:uppercase">{group.day}</p>
                <div className="mt-1.5 flex flex-wrap gap-2">
                  {group.items.map((slot) => (
                    <Button
                      key={slot}
                      variant="secondary"
                      size="sm"
                      aria-label={formatInZone(slot, timeZone, locale)}
                      onClick={() => {
                        taken.pick(slot);
                        onClose();
                      }}
                    >
                      {formatInZone(slot, timeZone, locale, false)}
                    </Button>
                  ))}
                </div>
              </div>
            ))}
          </div>
        </>
      ) : null}
    </Modal>
  );
}
