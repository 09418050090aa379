import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ImportPreview, ImportResult } from '@charla/shared';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { FormAlert } from '../ui/form-alert.tsx';
import { CheckCircleIcon, ImportIcon, TableIcon } from '../ui/icons.tsx';
import { SheetDialog } from '../ui/sheet-dialog.tsx';
import { useFileDrop } from '../ui/use-file-drop.ts';
import { errorText } from '../../lib/error-text.ts';
import { initialMapping, mappingProblem, sampleValues, serializeMapping, setColumnTarget, type MappingRules, type MappingState } from './column-mapping.ts';
import { intlLocale, numberFormat } from '../../lib/intl.ts';

const steps = ['file', 'preview', 'mapping', 'result'] as const;
type Step = (typeof steps)[number];

type Progress = (sent: number, total: number) => void;

/** What one import (catalog, contacts) says in its own words; the rest of the wizard's text is common. */
export interface ImportWords {
  title: string;
  subtitle: string;
  /** What a row and its columns hold, and the size limit. */
  hint: string;
  /** The example file's name. */
  templateName: string;
  mappingIntro: string;
  /** The message of a mapping problem the rules named. */
  problem: (problem: string) => string;
  summary: (count: number, formatted: string, columns: number) => string;
  run: (count: number, formatted: string) => string;
  importing: string;
  resultTitle: (count: number) => string;
  done: string;
  target: (target: string) => string;
}

export interface CsvImportWizardProps<T extends string> {
  open: boolean;
  onClose: () => void;
  words: ImportWords;
  rules: MappingRules<T>;
  /** A small example file people can fill in. */
  templateCsv: string;
  preview: UseMutationResult<ImportPreview, Error, { file: File; onProgress?: Progress }>;
  importing: UseMutationResult<ImportResult, Error, { file: File; mapping: string; onProgress?: Progress }>;
}

function Stepper({ current }: { current: Step }) {
  const { t } = useTranslation();
  const index = steps.indexOf(current);
  return (
    <div className="mb-6">
      {/* On a phone the bars carry no labels: one line names the current step. */}
      <p className="mb-2 text-sm font-semibold sm:hidden">{t('csvImport.stepOf', { n: index + 1, total: steps.length, name: t(`csvImport.steps.${current}`) })}</p>
      <ol className="grid grid-cols-4 gap-2" aria-label={t('csvImport.stepsLabel')}>
        {steps.map((step, i) => (
          <li key={step} aria-current={i === index ? 'step' : undefined} className="min-w-0">
            <div className={`h-1.5 rounded-full ${i <= index ? 'bg-highlight' : 'bg-[color-mix(in_srgb,var(--font-color)_12%,transparent)]'}`} />
            <p className={`mt-2 hidden truncate text-sm font-semibold sm:block ${i === index ? 'text-fg' : 'text-muted'}`}>
              <span className="tabular-nums">{i + 1}.</span> {t(`csvImport.steps.${step}`)}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}

function ProgressBar({ fraction, label }: { fraction: number; label: string }) {
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
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-2xl border border-line">
      <table className="w-full min-w-max text-start text-sm">
        <caption className="sr-only">{t('csvImport.preview.caption')}</caption>
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

function MappingStep<T extends string>({ preview, state, rules, words, onChange }: { preview: ImportPreview; state: MappingState<T>; rules: MappingRules<T>; words: ImportWords; onChange: (column: string, target: T) => void }) {
  const { t } = useTranslation();
  const problem = mappingProblem(state, rules);
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">{words.mappingIntro}</p>
      {problem ? <Alert tone="error">{words.problem(problem)}</Alert> : null}
      <div className="hidden grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)_15rem] gap-4 px-4 text-xs font-semibold tracking-wide text-muted uppercase sm:grid">
        <span>{t('csvImport.mapping.column')}</span>
        <span>{t('csvImport.mapping.example')}</span>
        <span>{t('csvImport.mapping.target')}</span>
      </div>
      <ul className="space-y-2">
        {state.columns.map((column) => {
          const examples = sampleValues(preview.sample, column);
          const target = state.mapping[column] ?? rules.fallback;
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
                {examples.length ? examples.join(' · ') : t('csvImport.mapping.noExample')}
              </p>
              <select
                aria-label={t('csvImport.mapping.selectLabel', { column })}
                value={target}
                onChange={(event) => onChange(column, event.target.value as T)}
                className="focus-ring h-11 w-full rounded-xl border border-line bg-surface px-3 text-[15px] text-fg outline-none focus:border-highlight"
              >
                {rules.choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {words.target(choice)}
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

function ResultStep({ result, title }: { result: ImportResult; title: string }) {
  const { t } = useTranslation();
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
        <p className="font-semibold">{title}</p>
      </div>
      <dl className="grid grid-cols-3 gap-3">
        {stats.map(({ key, value, tone }) => (
          <div key={key} className="rounded-2xl border border-line bg-field px-4 py-3">
            <dt className="text-sm text-muted">{t(`csvImport.result.${key}`)}</dt>
            <dd className={`mt-1 text-2xl font-bold tabular-nums ${tone}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {result.errors.length > 0 ? (
        <section aria-labelledby="import-errors" className="space-y-3">
          <h3 id="import-errors" className="font-semibold">
            {t('csvImport.result.errorsTitle')}
          </h3>
          <div className="max-h-72 overflow-auto rounded-2xl border border-line">
            <table className="w-full text-sm">
              <thead className="sticky top-0 bg-card-strong">
                <tr>
                  <th scope="col" className="w-20 px-3 py-2 text-start font-semibold">
                    {t('csvImport.result.row')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start font-semibold">
                    {t('csvImport.result.reason')}
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
          {result.skipped > result.errors.length ? <p className="text-sm text-muted">{t('csvImport.result.moreErrors', { count: result.skipped - result.errors.length })}</p> : null}
        </section>
      ) : null}
    </div>
  );
}

/** A CSV import: pick a file → see its first rows → map its columns → import → what happened, row by row. */
export function CsvImportWizard<T extends string>({ open, onClose, words, rules, templateCsv, preview, importing }: CsvImportWizardProps<T>) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv)}`;
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<MappingState<T> | null>(null);
  const [progress, setProgress] = useState(0);
  const count = numberFormat(intlLocale(i18n.resolvedLanguage));

  const read = (picked: File | undefined) => {
    if (!picked) return;
    setFile(picked);
    setProgress(0);
    importing.reset();
    preview.mutate(
      { file: picked, onProgress: (sent, total) => total > 0 && setProgress(sent / total) },
      {
        onSuccess: (data) => {
          setMapping(initialMapping(data.columns, data.mapping, rules));
          setStep('preview');
        },
      },
    );
  };

  const runImport = () => {
    if (!file || !mapping) return;
    setProgress(0);
    importing.mutate(
      { file, mapping: serializeMapping(mapping, rules), onProgress: (sent, total) => total > 0 && setProgress(sent / total) },
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
        {t('csvImport.cancel')}
      </Button>
    ) : step === 'preview' ? (
      <>
        <Button variant="ghost" onClick={restart}>
          {t('csvImport.otherFile')}
        </Button>
        <Button onClick={() => setStep('mapping')}>{t('csvImport.next')}</Button>
      </>
    ) : step === 'mapping' ? (
      <>
        <Button variant="ghost" onClick={() => setStep('preview')} disabled={importing.isPending}>
          {t('csvImport.back')}
        </Button>
        <Button onClick={runImport} loading={importing.isPending} disabled={!mapping || mappingProblem(mapping, rules) !== null}>
          {words.run(data?.total_rows ?? 0, count.format(data?.total_rows ?? 0))}
        </Button>
      </>
    ) : (
      <>
        <Button variant="ghost" onClick={restart}>
          {t('csvImport.again')}
        </Button>
        <Button onClick={onClose}>{words.done}</Button>
      </>
    );

  const { dragging, dropProps } = useFileDrop((files) => read(files[0]));

  return (
    <SheetDialog open={open} onClose={onClose} title={words.title} subtitle={file && step !== 'file' ? file.name : words.subtitle} footer={footer}>
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
              <span className="hidden sm:inline">{t('csvImport.file.dropTitle')}</span>
              <span className="sm:hidden">{t('csvImport.file.pickTitle')}</span>
            </p>
            <p className="mt-1 max-w-md text-sm text-muted">{words.hint}</p>
            <Button className="mt-5" onClick={() => input.current?.click()} loading={preview.isPending} icon={<ImportIcon className="size-4" />}>
              {t('csvImport.file.choose')}
            </Button>
            <input
              ref={input}
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              tabIndex={-1}
              aria-label={t('csvImport.file.choose')}
              onChange={(event) => {
                const picked = event.target.files?.[0];
                event.target.value = '';
                read(picked);
              }}
            />
          </div>
          {preview.isPending ? <ProgressBar fraction={progress} label={t('csvImport.file.reading', { name: file?.name ?? '' })} /> : null}
          {preview.isError ? (
            <Alert tone="error" title={t('csvImport.file.failed', { name: file?.name ?? '' })}>
              {errorText(preview.error)}
            </Alert>
          ) : null}
          <p className="text-sm text-muted">
            {t('csvImport.file.templateIntro')}{' '}
            <a href={templateHref} download={words.templateName} className="font-semibold text-highlight-text underline-offset-2 hover:underline">
              {t('csvImport.file.template')}
            </a>
          </p>
        </div>
      ) : null}

      {step === 'preview' && data ? (
        <div className="space-y-4">
          <p className="text-sm text-muted">
            {words.summary(data.total_rows, count.format(data.total_rows), data.columns.length)}
            {data.total_rows > data.sample.length ? ` ${t('csvImport.preview.firstRows', { shown: data.sample.length })}` : null}
          </p>
          <PreviewTable preview={data} />
        </div>
      ) : null}

      {step === 'mapping' && data && mapping ? (
        <div className="space-y-5">
          <MappingStep preview={data} state={mapping} rules={rules} words={words} onChange={(column, target) => setMapping((current) => (current ? setColumnTarget(current, column, target, rules) : current))} />
          {importing.isPending ? <ProgressBar fraction={progress} label={words.importing} /> : null}
          <FormAlert error={importing.error} />
        </div>
      ) : null}

      {step === 'result' && importing.data ? <ResultStep result={importing.data} title={words.resultTitle(importing.data.created + importing.data.updated)} /> : null}
    </SheetDialog>
  );
}
