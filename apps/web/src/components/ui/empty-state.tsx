import type { ReactNode } from 'react';

export function EmptyState({
  icon,
  badge,
  title,
  description,
  children,
  className = '',
}: {
  icon?: ReactNode;
  badge?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section className={`relative overflow-hidden rounded-3xl border border-line bg-card px-6 py-12 text-center backdrop-blur-xl sm:px-10 sm:py-16 animate-rise ${className}`}>
      {icon ? (
        <div className="mx-auto mb-6 grid size-16 place-items-center rounded-2xl bg-brand-gradient text-white shadow-xl shadow-brand-violet/30">{icon}</div>
      ) : null}
      {badge ? (
        <p className="mx-auto mb-3 inline-flex items-center rounded-full border border-highlight/40 bg-highlight/15 px-3 py-1 text-xs font-semibold tracking-wide text-fg uppercase">
          {badge}
        </p>
      ) : null}
      <h2 className="text-balance text-2xl font-bold tracking-tight text-fg sm:text-3xl">{title}</h2>
      {description ? <p className="mx-auto mt-3 max-w-xl text-pretty text-base text-muted">{description}</p> : null}
      {children ? <div className="mt-8">{children}</div> : null}
    </section>
  );
}
