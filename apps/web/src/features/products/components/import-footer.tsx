import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import type { ImportStep } from './import-stepper.tsx';

/** The buttons of each screen of the import. */
export function ImportFooter({ step, rows, importing, canImport, onClose, onRestart, onStep, onImport }: {
  step: ImportStep;
  rows: number;
  importing: boolean;
  canImport: boolean;
  onClose: () => void;
  onRestart: () => void;
  onStep: (step: ImportStep) => void;
  onImport: () => void;
}) {
  const { t, i18n } = useTranslation('products');
  const count = new Intl.NumberFormat(i18n.resolvedLanguage === 'en' ? 'en-US' : 'es-MX');
  if (step === 'file') {
    return (
      <Button variant="ghost" onClick={onClose}>
        {t('import.cancel')}
      </Button>
    );
  }
  if (step === 'preview') {
    return (
      <>
        <Button variant="ghost" onClick={onRestart}>
          {t('import.otherFile')}
        </Button>
        <Button onClick={() => onStep('mapping')}>{t('import.next')}</Button>
      </>
    );
  }
  if (step === 'mapping') {
    return (
      <>
        <Button variant="ghost" onClick={() => onStep('preview')} disabled={importing}>
          {t('import.back')}
        </Button>
        <Button onClick={onImport} loading={importing} disabled={!canImport}>
          {t('import.run', { count: rows, formatted: count.format(rows) })}
        </Button>
      </>
    );
  }
  return (
    <>
      <Button variant="ghost" onClick={onRestart}>
        {t('import.again')}
      </Button>
      <Button onClick={onClose}>{t('import.done')}</Button>
    </>
  );
}
