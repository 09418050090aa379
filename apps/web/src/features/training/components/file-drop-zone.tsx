import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CloseIcon, UploadIcon } from '../../../components/ui/icons.tsx';
import { useFileDrop } from '../../../components/ui/use-file-drop.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useAddSource } from '../api/use-documents.ts';
import { acceptedFiles, fileProblem } from '../training-type.ts';

interface Failure {
  id: number;
  name: string;
  message: string;
}

let failureId = 0;

/** PDF and CSV files: by button or by dropping them here; each shows up in the list with its progress. */
export function FileDropZone({ botId }: { botId: string }) {
  const { t } = useTranslation('training');
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const upload = useAddSource(botId);
  const [failures, setFailures] = useState<Failure[]>([]);

  const fail = (name: string, message: string) => setFailures((list) => [...list.slice(-3), { id: ++failureId, name, message }]);

  const send = (files: Iterable<File>) => {
    for (const file of files) {
      const problem = fileProblem(file);
      if (problem) {
        fail(file.name, t(`upload.problems.${problem}`));
        continue;
      }
      upload.add({ kind: 'file', file }, { onError: (error) => fail(file.name, errorText(error)) });
    }
  };

  const { dragging, dropProps } = useFileDrop(send, { copy: true });

  return (
    <div className="space-y-3">
      <div
        role="group"
        aria-labelledby={titleId}
        {...dropProps}
        className={`flex flex-col items-center gap-4 rounded-2xl border-2 border-dashed px-5 py-6 text-center transition sm:flex-row sm:text-start ${
          dragging ? 'border-highlight bg-highlight/12' : 'border-line bg-field'
        }`}
      >
        <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-gradient text-white shadow-lg shadow-brand-violet/25">
          <UploadIcon className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <p id={titleId} className="font-semibold">
            {dragging ? (
              t('upload.dropNow')
            ) : (
              <>
                <span className="hidden sm:inline">{t('upload.dropTitle')}</span>
                <span className="sm:hidden">{t('upload.pickTitle')}</span>
              </>
            )}
          </p>
          <p className="mt-1 text-sm text-muted">{t('upload.dropHint')}</p>
        </div>
        <Button className="shrink-0" onClick={() => input.current?.click()} icon={<UploadIcon className="size-4" />}>
          {t('upload.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={acceptedFiles}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label={t('upload.choose')}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            send(files);
          }}
        />
      </div>
      {failures.map((failure) => (
        <div key={failure.id} className="relative">
          <Alert tone="error" title={t('upload.failed', { name: failure.name })} className="pe-10">
            {failure.message}
          </Alert>
          <button
            type="button"
            onClick={() => setFailures((list) => list.filter((item) => item.id !== failure.id))}
            className="focus-ring absolute end-2 top-2 grid size-7 place-items-center rounded-md text-danger/80 hover:text-danger"
            aria-label={t('upload.dismiss')}
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
