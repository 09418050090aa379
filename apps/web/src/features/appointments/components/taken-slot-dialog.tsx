import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { formatInZone } from '../calendar-model.ts';

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
          <p>{t('taken.body', { name: taken.name, when: formatInZone(taken.start, timeZone, locale) })}</p>
          <ul aria-label={t('taken.slots')} className="mt-4 grid gap-2 sm:grid-cols-2">
            {taken.slots.map((slot) => (
              <li key={slot}>
                <Button
                  variant="secondary"
                  size="sm"
                  className="w-full justify-center"
                  onClick={() => {
                    taken.pick(slot);
                    onClose();
                  }}
                >
                  {formatInZone(slot, timeZone, locale)}
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Modal>
  );
}
