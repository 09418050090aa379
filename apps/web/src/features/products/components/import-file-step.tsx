import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ImportIcon, TableIcon } from '../../../components/ui/icons.tsx';
import { useFileDrop } from '../../../components/ui/use-file-drop.ts';
import { errorText } from '../../../lib/error-text.ts';
import { UploadProgress } from './upload-progress.tsx';

/** A small example file people can fill in. */
const templateCsv = 'nombre,descripcion,precio,moneda,sku,existencias,color\nSala modular Lisboa,Tres piezas con tela antimanchas,18500.00,MXN,SAL-LIS,4,Gris\n';
const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv)}`;

/** The first screen: drop or pick a CSV (it is read at once), or download the example. */
export function ImportFileStep({ fileName, reading, progress, error, onFile }: { fileName: string; reading: boolean; progress: number; error: unknown; onFile: (file: File | undefined) => void }) {
  const { t } = useTranslation('products');
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const { dragging, dropProps } = useFileDrop((files) => onFile(files[0]));
  return (
    <div className="space-y-4">
      <div
        role="group"
        aria-labelledby={titleId}
        {...dropProps}
        className={`flex flex-col items-center rounded-2xl border-2 border-dashed px-5 py-10 text-center transition ${dragging ? 'border-highlight bg-highlight/12' : 'border-line bg-field'}`}
      >
        <span className="grid size-12 place-items-center rounded-2xl bg-brand-gradient text-white">
          <TableIcon className="size-6" />
        </span>
        <p id={titleId} className="mt-4 font-semibold">
          <span className="hidden sm:inline">{t('import.file.dropTitle')}</span>
          <span className="sm:hidden">{t('import.file.pickTitle')}</span>
        </p>
        <p className="mt-1 max-w-md text-sm text-muted">{t('import.file.hint')}</p>
        <Button className="mt-5" onClick={() => input.current?.click()} loading={reading} icon={<ImportIcon className="size-4" />}>
          {t('import.file.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          tabIndex={-1}
          aria-label={t('import.file.choose')}
          onChange={(event) => {
            const picked = event.target.files?.[0];
            event.target.value = '';
            onFile(picked);
          }}
        />
      </div>
      {reading ? <UploadProgress fraction={progress} label={t('import.file.reading', { name: fileName })} /> : null}
      {error ? (
        <Alert tone="error" title={t('import.file.failed', { name: fileName })}>
          {errorText(error)}
        </Alert>
      ) : null}
      <p className="text-sm text-muted">
        {t('import.file.templateIntro')}{' '}
        <a href={templateHref} download={t('import.file.templateName')} className="font-semibold text-highlight-text underline-offset-2 hover:underline">
          {t('import.file.template')}
        </a>
      </p>
    </div>
  );
}
