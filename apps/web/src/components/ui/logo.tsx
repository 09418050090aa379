import { useId } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';

/** The product mark and wordmark, or the tenant's own logo on a white-label subdomain. */
export function Logo({ tenant, logoUrl, className = '' }: { tenant?: string | null; logoUrl?: string | null; className?: string }) {
  const { t } = useTranslation('common');
  // Unique per instance: with a shared id, a copy inside a hidden drawer would blank the others.
  const gradientId = `charla-mark-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  if (tenant) {
    return (
      <span className={`inline-flex min-w-0 items-center gap-2.5 ${className}`}>
        {logoUrl ? (
          <img src={logoUrl} alt={tenant} className="h-9 max-w-40 object-contain" />
        ) : (
          <>
            <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-highlight text-base font-bold text-on-highlight uppercase" aria-hidden="true">
              {tenant.slice(0, 1)}
            </span>
            <span className="truncate text-lg font-bold tracking-tight text-fg">{tenant}</span>
          </>
        )}
      </span>
    );
  }
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <svg viewBox="0 0 32 32" className="size-9 shrink-0 drop-shadow-[0_6px_18px_rgba(124,92,255,0.45)]" aria-hidden="true">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#7c5cff" />
            <stop offset="1" stopColor="#22d3ee" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
        <path d="M9 10.5h14a2.5 2.5 0 012.5 2.5v6a2.5 2.5 0 01-2.5 2.5h-6.5L11 25v-3.5H9A2.5 2.5 0 016.5 19v-6A2.5 2.5 0 019 10.5z" fill="#fff" />
        <circle cx="12" cy="16" r="1.5" fill="#7c5cff" />
        <circle cx="16" cy="16" r="1.5" fill="#5b8cf5" />
        <circle cx="20" cy="16" r="1.5" fill="#22d3ee" />
      </svg>
      <span className="text-xl font-extrabold tracking-tight text-fg">{t('appName')}</span>
    </span>
  );
}
