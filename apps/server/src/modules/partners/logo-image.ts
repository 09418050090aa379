import sharp from 'sharp';
import { partnerLogo } from '@charla/shared';
import { AppError } from '../../lib/errors.ts';

/** The formats a logo may come in, as sharp names them after reading the bytes (the declared type is not trusted). */
const acceptedFormats = new Set(['png', 'jpeg', 'webp', 'svg']);

export interface LogoImages {
  /** PNG, at most `partnerLogo.maxHeight` high. */
  logo: Buffer;
  /** PNG square of `partnerLogo.faviconSize`, the logo fitted inside on a transparent ground. */
  favicon: Buffer;
}

/**
 * Turns an uploaded logo into the stored PNGs. An SVG is rasterised (librsvg runs no script and
 * loads nothing external), so what is stored and served is never the SVG itself; every logo is
 * resized down. Anything else, or more than 1 MB, is LOGO_INVALID.
 */
export async function logoImages(bytes: Buffer): Promise<LogoImages> {
  if (bytes.length === 0 || bytes.length > partnerLogo.maxBytes) throw new AppError('LOGO_INVALID');
  const input = () => sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' });
  const meta = await input()
    .metadata()
    .catch(() => undefined);
  if (!meta?.format || !acceptedFormats.has(meta.format)) throw new AppError('LOGO_INVALID');
  try {
    const logo = await input()
      .rotate()
      .resize({ height: partnerLogo.maxHeight, width: partnerLogo.maxHeight * 4, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    const favicon = await sharp(logo)
      .resize(partnerLogo.faviconSize, partnerLogo.faviconSize, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    return { logo, favicon };
  } catch {
    throw new AppError('LOGO_INVALID');
  }
}
