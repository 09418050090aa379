/** Soft blurred colour blobs behind the page (the "gradient blur" background). */
export function GradientBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 -z-10 overflow-hidden" style={{ opacity: 'var(--blob-opacity)' }}>
      <div className="absolute -top-40 -left-32 size-[34rem] rounded-full bg-highlight blur-[120px]" />
      <div className="absolute top-1/3 -right-40 size-[30rem] rounded-full bg-brand-cyan blur-[130px] opacity-70" />
      <div className="absolute -bottom-48 left-1/4 size-[32rem] rounded-full bg-brand-pink blur-[140px] opacity-60" />
    </div>
  );
}
