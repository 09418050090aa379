import { useEffect, useId, useRef, useState } from 'react';
import { SmileIcon } from './ui/icons.tsx';

/** The emoji a business writes most with its customers: greetings, thanks, agreement, flowers, food, dates and delivery. */
const emoji = ['😀', '😊', '😂', '😍', '🥰', '😉', '🙂', '🤗', '🙏', '👍', '👌', '👏', '🙌', '💪', '👋', '🤝', '❤️', '💙', '💚', '✨', '🎉', '🎁', '🌹', '💐', '🌸', '☀️', '⭐', '🔥', '✅', '❌', '⏰', '📅', '📍', '📞', '📦', '🚚', '💳', '💵', '🛒', '☕'] as const;

/**
 * A button that opens a small grid of emoji above it; a pick goes to `onPick` and the grid closes
 * (Escape or a click elsewhere closes it too).
 */
export function EmojiPicker({ label, onPick }: { label: string; onPick: (emoji: string) => void }) {
  const [open, setOpen] = useState(false);
  const gridId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? gridId : undefined}
        aria-label={label}
        title={label}
        onClick={() => setOpen((shown) => !shown)}
        className={`focus-ring grid size-7 place-items-center rounded-md text-muted transition hover:text-fg ${open ? 'bg-highlight/15 text-fg' : 'hover:bg-card'}`}
      >
        <SmileIcon className="size-4" />
      </button>
      {open ? (
        <div id={gridId} role="group" aria-label={label} className="absolute bottom-full start-0 z-30 mb-1 grid w-64 grid-cols-8 gap-0.5 rounded-xl border border-line bg-surface p-1.5 shadow-xl" data-emoji-picker>
          {emoji.map((e) => (
            <button
              key={e}
              type="button"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                onPick(e);
                setOpen(false);
              }}
              className="focus-ring grid size-7 place-items-center rounded-md text-lg leading-none hover:bg-highlight/15"
            >
              {e}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
