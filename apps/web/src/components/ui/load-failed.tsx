import { errorText } from '../../lib/error-text.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/** A list that could not be read: why, and a button to try again. */
export function LoadFailed({ title, error, retryLabel, retrying, onRetry }: { title: string; error: unknown; retryLabel: string; retrying: boolean; onRetry: () => void }) {
  return (
    <div className="space-y-3 p-5">
      <Alert tone="error" title={title}>
        {errorText(error)}
      </Alert>
      <Button variant="secondary" loading={retrying} onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
