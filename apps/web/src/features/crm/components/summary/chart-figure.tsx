import type { ReactNode } from 'react';

/** A chart with its title and what it shows; `id` names the figure for assistive technology. */
export function ChartFigure({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <figure aria-labelledby={id}>
      <figcaption>
        <h3 id={id} className="text-base font-bold">
          {title}
        </h3>
        <p className="text-sm text-muted">{description}</p>
      </figcaption>
      {children}
    </figure>
  );
}
