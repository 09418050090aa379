import { useTranslation } from '../../../lib/use-translation.ts';
import type { DocumentStatus } from '@charla/shared';
import { AlertIcon, CheckCircleIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

const tones: Record<DocumentStatus, string> = {
  processing: 'border-highlight/40 bg-highlight/12 text-fg',
  ready: 'border-success/40 bg-success/12 text-success',
  failed: 'border-danger/40 bg-danger/12 text-danger',
};

export function StatusBadge({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation('training');
  return (
    <span className={`inline-flex h-7 shrink-0 items-center gap-1.5 rounded-full border px-2.5 text-xs font-semibold whitespace-nowrap ${tones[status]}`}>
      {status === 'processing' ? <Spinner className="size-3.5 text-highlight-text" /> : null}
      {status === 'ready' ? <CheckCircleIcon className="size-4" /> : null}
      {status === 'failed' ? <AlertIcon className="size-4" /> : null}
      {t(`status.${status}`)}
    </span>
  );
}
