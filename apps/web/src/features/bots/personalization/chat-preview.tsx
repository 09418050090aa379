import type { ReactNode } from 'react';
import { BotIcon } from '../../../components/ui/icons.tsx';

/** A small WhatsApp-like chat: the assistant's header and one bubble from it. */
export function ChatPreview({ name, status, label, children, empty }: { name: string; status: string; label: string; children: ReactNode; empty?: boolean }) {
  return (
    <figure className="overflow-hidden rounded-2xl border border-line bg-card-strong shadow-xl">
      <figcaption className="sr-only">{label}</figcaption>
      <div className="flex items-center gap-3 border-b border-line bg-[color-mix(in_srgb,var(--highlight-color)_16%,transparent)] px-4 py-3">
        <span className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-gradient text-white" aria-hidden="true">
          <BotIcon className="size-4" />
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">{name}</p>
          <p className="text-xs text-success">{status}</p>
        </div>
      </div>
      <div className="min-h-28 space-y-2 p-4">
        <p
          className={`w-fit max-w-[92%] rounded-2xl rounded-tl-md border border-line px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-line ${
            empty ? 'bg-transparent text-muted italic' : 'bg-card text-fg'
          }`}
        >
          {children}
        </p>
      </div>
    </figure>
  );
}
