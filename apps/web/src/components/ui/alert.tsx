import type { ReactNode } from 'react';
import { AlertIcon, CheckCircleIcon, InfoIcon } from './icons.tsx';

export type AlertTone = 'error' | 'success' | 'info';

const tones: Record<AlertTone, string> = {
  error: 'border-danger/35 bg-danger/10 text-danger',
  success: 'border-success/35 bg-success/10 text-success',
  info: 'border-highlight/35 bg-highlight/10 text-fg',
};

export function Alert({ tone = 'error', title, children, className = '' }: { tone?: AlertTone; title?: ReactNode; children?: ReactNode; className?: string }) {
  const Icon = tone === 'error' ? AlertIcon : tone === 'success' ? CheckCircleIcon : InfoIcon;
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`flex gap-3 rounded-xl border px-4 py-3 text-sm animate-fade-in ${tones[tone]} ${className}`}>
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 space-y-0.5">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={title ? 'opacity-90' : ''}>{children}</div> : null}
      </div>
    </div>
  );
}
