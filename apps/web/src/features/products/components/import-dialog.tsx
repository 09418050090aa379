import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportResult } from '@charla/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { CheckCircleIcon, ImportIcon, TableIcon } from '../../../components/ui/icons.tsx';
import { useFileDrop } from '../../../components/ui/use-file-drop.ts';
import { errorText } from '../../../lib/error-text.ts';
import type { ImportPreviewResponse as ImportPreview } from '@charla/shared';
import { useImportCatalog, useImportPreview } from '../api/use-products.ts';
import {
  initialMapping,
  mappingChoices,
  mappingProblems,
  sampleValues,
  serializeMapping,
  setColumnTarget,
  type MappingState,
  type MappingTarget,
} from '../import-mapping.ts';
import { SheetDialog } from './sheet-dialog.tsx';

const steps = ['file', 'preview', 'mapping', 'result'] as const;
type Step = (typeof steps)[number];

/** A small example file people can fill in. */
const templateCsv = 'nombre,descripcion,precio,moneda,sku,existencias,color\nSala modular Lisboa,Tres piezas con tela antimanchas,18500.00,MXN,SAL-LIS,4,Gris\n';
const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv)}`;

function Stepper({ current }: { current: Step }) {
  const { t } = useTranslation('products');
  const index = steps.indexOf(current);
  return (
    <div className="mb-6">
      {/* On a phone the bars carry no labels: one line names the current step. */}
      <p className="mb-2 text-sm font-semibold sm:hidden">{t('import.stepOf', { n: index + 1, total: steps.length, name: t(`import.steps.${current}`) })}</p>
      <ol className="grid grid-cols-4 gap-2" aria-label={t('import.stepsLabel')}>
        {steps.map((step, i) => (
          <li key={step} aria-current={i === index ? 'step' : undefined} className="min-w-0">
            <div className={`h-1.5 rounded-full ${i <= index ? 'bg-highlight' : 'bg-[color-mix(in_srgb,var(--font-color)_12%,transparent)]'}`} />
            <p className={`mt-2 hidden truncate text-sm font-semibold sm:block ${i === index ? 'text-fg' : 'text-muted'}`}>
              <span className="tabular-nums">{i + 1}.</span> {t(`import.steps.${step}`)}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Progress({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted">{label}</p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-[color-mix(in_srgb,var(--font-color)_12%,transparent)]"
      >
        <div className="h-full rounded-full bg-brand-gradient transition-[width] duration-200" style={{ width: `${Math.max(percent, 4)}%` }} />
      </div>
    </div>
  );
}

function PreviewTable({ preview, rows = 10 }: { preview: ImportPreview; rows?: number }) {
  const { t } = useTranslation('products');
  return (
    <div className="overflow-x-auto rounded-2xl border border-line">
      <table className="w-full min-w-max text-start text-sm">
        <caption className="sr-only">{t('import.preview.caption')}</caption>
        <thead className="bg-field">
          <tr>
            {preview.columns.map((column) => (
              <th key={column} scope="col" className="max-w-64 truncate px-3 py-2.5 text-start font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {preview.sample.slice(0, rows).map((row, i) => (
            <tr key={i}>
              {preview.columns.map((column) => (
                <td key={column} className="max-w-64 truncate px-3 py-2 text-muted" title={row[column]}>
                  {row[column] || '—'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MappingStep({ preview, state, onChange }: { preview: ImportPreview; state: MappingState; onChange: (column: string, target: MappingTarget) => void }) {
  const { t } = useTranslation('products');
  const problems = mappingProblems(state);
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">{t('import.mapping.intro')}</p>
      {problems.includes('nameMissing') ? <Alert tone="error">{t('import.mapping.nameMissing')}</Alert> : null}
      <div className="hidden grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)_15rem] gap-4 px-4 text-xs font-semibold tracking-wide text-muted uppercase sm:grid">
        <span>{t('import.mapping.column')}</span>
        <span>{t('import.mapping.example')}</span>
        <span>{t('import.mapping.target')}</span>
      </div>
      <ul className="space-y-2">
        {state.columns.map((column) => {
          const examples = sampleValues(preview.sample, column);
          const target = state.mapping[column] ?? 'ignore';
          return (
            <li
              key={column}
              className={`grid gap-2 rounded-2xl border px-4 py-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)_15rem] sm:items-center sm:gap-4 ${
                target === 'ignore' ? 'border-line bg-transparent opacity-80' : 'border-line bg-field'
              }`}
            >
              <p className="truncate font-semibold" title={column}>
                {column}
              </p>
              <p className="truncate text-sm text-muted" title={examples.join(' · ')}>
                {examples.length ? examples.join(' · ') : t('import.mapping.noExample')}
              </p>
              <select
                aria-label={t('import.mapping.selectLabel', { column })}
                value={target}
                onChange={(event) => onChange(column, event.target.value as MappingTarget)}
                className="focus-ring h-11 w-full rounded-xl border border-line bg-surface px-3 text-[15px] text-fg outline-none focus:border-highlight"
              >
                {mappingChoices.map((choice) => (
                  <option key={choice} value={choice}>
                    {t(`import.targets.${choice}`)}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ResultStep({ result }: { result: ImportResult }) {
  const { t } = useTranslation('products');
  const stats = [
    { key: 'created', value: result.created, tone: 'text-success' },
    { key: 'updated', value: result.updated, tone: 'text-highlight-text' },
    { key: 'skipped', value: result.skipped, tone: result.skipped ? 'text-danger' : 'text-muted' },
  ] as const;
  return (
    <div className="space-y-6">
      <div className="flex items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-success/15 text-success">
          <CheckCircleIcon className="size-6" />
        </span>
        <p className="font-semibold">{t('import.result.title', { count: result.created + result.updated })}</p>
      </div>
      <dl className="grid grid-cols-3 gap-3">
        {stats.map(({ key, value, tone }) => (
          <div key={key} className="rounded-2xl border border-line bg-field px-4 py-3">
            <dt className="text-sm text-muted">{t(`import.result.${key}`)}</dt>
            <dd className={`mt-1 text-2xl font-bold tabular-nums ${tone}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {result.errors.length > 0 ? (
        <section aria-labelledby="import-errors" className="space-y-3">
          <h3 id="import-errors" className="font-semibold">
            {t('import.result.errorsTitle')}
          </h3>
          <div className="max-h-72 overflow-auto rounded-2xl border border-line">
            <table className="w-full text-sm">
              <thead className="sticky top-0 bg-card-strong">
                <tr>
                  <th scope="col" className="w-20 px-3 py-2 text-start font-semibold">
                    {t('import.result.row')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start font-semibold">
                    {t('import.result.reason')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {result.errors.map((error) => (
                  <tr key={`${error.row}-${error.message}`}>
                    <td className="px-3 py-2 tabular-nums text-muted">{error.row}</td>
                    <td className="px-3 py-2 text-danger">{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {result.skipped > result.errors.length ? <p className="text-sm text-muted">{t('import.result.moreErrors', { count: result.skipped - result.errors.length })}</p> : null}
        </section>
      ) : null}
    </div>
  );
}

/** CSV catalog import: pick a file → see its first rows → map its columns → import → what happened. */
export function ImportDialog({ botId, open, onClose }: { botId: string; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('products');
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const preview = useImportPreview(botId);
  const importing = useImportCatalog(botId);
  const [step, setStep] = useState<Step>('file');
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
  const footer =
    step === 'file' ? (
      <Button variant="ghost" onClick={onClose}>
        {t('import.cancel')}
      </Button>
    ) : step === 'preview' ? (
      <>
        <Button variant="ghost" onClick={restart}>
          {t('import.otherFile')}
        </Button>
        <Button onClick={() => setStep('mapping')}>{t('import.next')}</Button>
      </>
    ) : step === 'mapping' ? (
      <>
        <Button variant="ghost" onClick={() => setStep('preview')} disabled={importing.isPending}>
          {t('import.back')}
        </Button>
        <Button onClick={runImport} loading={importing.isPending} disabled={!mapping || mappingProblems(mapping).length > 0}>
          {t('import.run', { count: data?.total_rows ?? 0, formatted: count.format(data?.total_rows ?? 0) })}
        </Button>
      </>
    ) : (
      <>
        <Button variant="ghost" onClick={restart}>
          {t('import.again')}
        </Button>
        <Button onClick={onClose}>{t('import.done')}</Button>
      </>
    );

  const { dragging, dropProps } = useFileDrop((files) => read(files[0]));

  return (
    <SheetDialog open={open} onClose={onClose} title={t('import.title')} subtitle={file && step !== 'file' ? file.name : t('import.subtitle')} footer={footer}>
      <Stepper current={step} />

      {step === 'file' ? (
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
            <Button className="mt-5" onClick={() => input.current?.click()} loading={preview.isPending} icon={<ImportIcon className="size-4" />}>
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
                read(picked);
              }}
            />
          </div>
          {preview.isPending ? <Progress fraction={progress} label={t('import.file.reading', { name: file?.name ?? '' })} /> : null}
          {preview.isError ? (
            <Alert tone="error" title={t('import.file.failed', { name: file?.name ?? '' })}>
              {errorText(preview.error)}
            </Alert>
          ) : null}
          <p className="text-sm text-muted">
            {t('import.file.templateIntro')}{' '}
            <a href={templateHref} download={t('import.file.templateName')} className="font-semibold text-highlight-text underline-offset-2 hover:underline">
              {t('import.file.template')}
            </a>
          </p>
        </div>
      ) : null}

      {step === 'preview' && data ? (
        <div className="space-y-4">
          <p className="text-sm text-muted">
            {t('import.preview.summary', { count: data.total_rows, formatted: count.format(data.total_rows), columns: data.columns.length })}
            {data.total_rows > data.sample.length ? ` ${t('import.preview.firstRows', { shown: data.sample.length })}` : null}
          </p>
          <PreviewTable preview={data} />
        </div>
      ) : null}

      {step === 'mapping' && data && mapping ? (
        <div className="space-y-5">
          <MappingStep preview={data} state={mapping} onChange={(column, target) => setMapping((current) => (current ? setColumnTarget(current, column, target) : current))} />
          {importing.isPending ? <Progress fraction={progress} label={t('import.importing')} /> : null}
          <FormAlert error={importing.error} />
        </div>
      ) : null}

      {step === 'result' && importing.data ? <ResultStep result={importing.data} /> : null}
    </SheetDialog>
  );
}
