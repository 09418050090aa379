import { useEffect, useRef, useState } from 'react';

/** The QR drawn with `qrcode`, loaded only when a QR shows. */
export function QrImage({ value, label }: { value: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qrcode) => {
        if (current && canvas.current) return qrcode.toCanvas(canvas.current, value, { width: 232, margin: 2 });
      })
      .catch((error: unknown) => {
        if (current) setFailed(true);
        console.error('Could not draw the QR', error);
      });
    return () => {
      current = false;
    };
  }, [value]);
  if (failed) return null;
  return <canvas ref={canvas} role="img" aria-label={label} className="size-[232px] rounded-xl bg-white" />;
}
