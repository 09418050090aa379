import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useImportCatalog, useImportPreview } from '../api/use-products.ts';
import { initialMapping, mappingProblems, serializeMapping, setColumnTarget, type MappingState } from '../import-mapping.ts';
import { ImportFileStep } from './import-file-step.tsx';
import { ImportFooter } from './import-footer.tsx';
import { ImportMappingStep } from './import-mapping-step.tsx';
import { ImportPreviewTable } from './import-preview-table.tsx';
import { ImportResultStep } from './import-result-step.tsx';
import { ImportStepper, type ImportStep } from './import-stepper.tsx';
import { SheetDialog } from './sheet-dialog.tsx';
import { UploadProgress } from './upload-progress.tsx';

/** CSV catalog import: pick a file → see its first rows → map its columns → import → what happened. */
export function ImportDialog({ botId, open, onClose }: { botId: string; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('products');
  const preview = useImportPreview(botId);
  const importing = useImportCatalog(botId);
  const [step, setStep] = useState<ImportStep>('file');
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<MappingState | null>(null);
  const [progress, setProgress] = useState(0);
  const count = new Intl.NumberFormat(i18n.resolvedLanguage === 'en' ? 'en-US' : 'es-MX');

  const read = (picked: File | undefined) => {
    if (!picked) return;
    setFile(picked);
    setProgress(0);
    importing.reset();
    preview.mutate(
      { file: picked, onProgress: (sent, total) => total > 0 && setProgress(sent / total) },
      {
        onSuccess: (data) => {
          setMapping(initialMapping(data.columns, data.mapping));
          setStep('preview');
        },
      },
    );
  };

  const runImport = () => {
    if (!file || !mapping) return;
    setProgress(0);
    importing.mutate(
      { file, mapping: serializeMapping(mapping), onProgress: (sent, total) => total > 0 && setProgress(sent / total) },
      { onSuccess: () => setStep('result') },
    );
  };

  const restart = () => {
    preview.reset();
    importing.reset();
    setFile(null);
    setMapping(null);
    setStep('file');
  };

  const data = preview.data;
  const footer = (
    <ImportFooter
      step={step}
      rows={data?.total_rows ?? 0}
      importing={importing.isPending}
      canImport={mapping !== null && mappingProblems(mapping).length === 0}
      onClose={onClose}
      onRestart={restart}
      onStep={setStep}
      onImport={runImport}
    />
  );

  return (
    <SheetDialog open={open} onClose={onClose} title={t('import.title')} subtitle={file && step !== 'file' ? file.name : t('import.subtitle')} footer={footer}>
      <ImportStepper current={step} />

      {step === 'file' ? (
        <ImportFileStep fileName={file?.name ?? ''} reading={preview.isPending} progress={progress} error={preview.isError ? preview.error : null} onFile={read} />
      ) : null}

      {step === 'preview' && data ? (
        <div className="space-y-4">
          <p className="text-sm text-muted">
            {t('import.preview.summary', { count: data.total_rows, formatted: count.format(data.total_rows), columns: data.columns.length })}
            {data.total_rows > data.sample.length ? ` ${t('import.preview.firstRows', { shown: data.sample.length })}` : null}
          </p>
          <ImportPreviewTable preview={data} />
        </div>
      ) : null}

      {step === 'mapping' && data && mapping ? (
        <div className="space-y-5">
          <ImportMappingStep preview={data} state={mapping} onChange={(column, target) => setMapping((current) => (current ? setColumnTarget(current, column, target) : current))} />
          {importing.isPending ? <UploadProgress fraction={progress} label={t('import.importing')} /> : null}
          <FormAlert error={importing.error} />
        </div>
      ) : null}

      {step === 'result' && importing.data ? <ImportResultStep result={importing.data} /> : null}
    </SheetDialog>
  );
}
