/** How much of a file has been sent, as a bar with its label. */
export function UploadProgress({ fraction, label }: { fraction: number; label: string }) {
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

