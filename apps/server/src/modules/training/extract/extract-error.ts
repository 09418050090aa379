/**
 * Every failure of the extraction layer: a stable `code` for callers and tests, and a reason
 * in Spanish and English the dashboard can show to the business owner as it is.
 */

export type ExtractErrorCode =
  | 'NOT_A_PDF'
  | 'PDF_NO_TEXT'
  | 'PDF_DAMAGED'
  | 'CSV_EMPTY'
  | 'CSV_MALFORMED'
  | 'CSV_TOO_MANY_ROWS'
  | 'TEXT_EMPTY'
  | 'TEXT_TOO_LONG'
  | 'HTML_NO_TEXT'
  | 'URL_INVALID'
  | 'URL_BLOCKED'
  | 'URL_UNREACHABLE'
  | 'URL_TIMEOUT'
  | 'URL_TOO_LARGE'
  | 'URL_BAD_TYPE'
  | 'URL_TOO_MANY_REDIRECTS'
  | 'YOUTUBE_BAD_URL'
  | 'YOUTUBE_UNAVAILABLE';

export interface ExtractReason {
  es: string;
  en: string;
}

/** Values some reasons mention (a limit, a row, an HTTP status…). */
export interface ExtractErrorDetails {
  limit?: number;
  row?: number;
  status?: number;
  contentType?: string;
  /** A more precise reason than the code's default one (what exactly went wrong). */
  hint?: ExtractReason;
}

const fmt = (n: number | undefined, locale: string) =>
  n === undefined ? '' : n.toLocaleString(locale === 'es' ? 'es-MX' : 'en-US');

const size = (bytes: number, locale: string) =>
  bytes >= 1e6
    ? `${(bytes / 1e6).toLocaleString(locale === 'es' ? 'es-MX' : 'en-US', { maximumFractionDigits: 1 })} MB`
    : `${fmt(Math.ceil(bytes / 1e3), locale)} KB`;

const reasons: Record<ExtractErrorCode, (d: ExtractErrorDetails) => ExtractReason> = {
  NOT_A_PDF: () => ({
    es: 'El archivo no es un PDF válido.',
    en: 'The file is not a valid PDF.',
  }),
  PDF_NO_TEXT: () => ({
    es: 'No se pudo leer texto en este PDF (¿está escaneado o protegido?).',
    en: 'No text could be read from this PDF (is it scanned or password-protected?).',
  }),
  PDF_DAMAGED: () => ({
    es: 'El PDF está dañado o incompleto y no se pudo abrir.',
    en: 'The PDF is damaged or incomplete and could not be opened.',
  }),
  CSV_EMPTY: () => ({
    es: 'El archivo CSV no tiene filas con datos.',
    en: 'The CSV file has no data rows.',
  }),
  CSV_MALFORMED: () => ({
    es: 'El archivo no parece un CSV válido.',
    en: 'The file does not look like a valid CSV.',
  }),
  CSV_TOO_MANY_ROWS: (d) => ({
    es: `El CSV tiene más de ${fmt(d.limit, 'es')} filas; divídalo en archivos más pequeños.`,
    en: `The CSV has more than ${fmt(d.limit, 'en')} rows; split it into smaller files.`,
  }),
  TEXT_EMPTY: () => ({
    es: 'El texto está vacío.',
    en: 'The text is empty.',
  }),
  TEXT_TOO_LONG: (d) => ({
    es: `El texto supera el máximo de ${fmt(d.limit, 'es')} caracteres.`,
    en: `The text exceeds the maximum of ${fmt(d.limit, 'en')} characters.`,
  }),
  HTML_NO_TEXT: () => ({
    es: 'No se encontró texto en esta página.',
    en: 'No text was found on this page.',
  }),
  URL_INVALID: () => ({
    es: 'La dirección no es una URL válida.',
    en: 'The address is not a valid URL.',
  }),
  URL_BLOCKED: () => ({
    es: 'Esa dirección no está permitida (solo páginas públicas con http o https).',
    en: 'That address is not allowed (only public http or https pages).',
  }),
  URL_UNREACHABLE: (d) =>
    d.status
      ? {
          es: `La página respondió con un error (${d.status}).`,
          en: `The page answered with an error (${d.status}).`,
        }
      : {
          es: 'No se pudo conectar con la página.',
          en: 'The page could not be reached.',
        },
  URL_TIMEOUT: () => ({
    es: 'La página tardó demasiado en responder.',
    en: 'The page took too long to answer.',
  }),
  URL_TOO_LARGE: (d) => ({
    es: `La página es demasiado grande (más de ${size(d.limit ?? 0, 'es')}).`,
    en: `The page is too large (more than ${size(d.limit ?? 0, 'en')}).`,
  }),
  URL_BAD_TYPE: (d) => ({
    es: `Tipo de contenido no admitido${d.contentType ? ` (${d.contentType})` : ''}: solo páginas web, texto o PDF.`,
    en: `Unsupported content type${d.contentType ? ` (${d.contentType})` : ''}: only web pages, text or PDF.`,
  }),
  URL_TOO_MANY_REDIRECTS: (d) => ({
    es: `La página redirige demasiadas veces (máximo ${d.limit ?? 3}).`,
    en: `The page redirects too many times (at most ${d.limit ?? 3}).`,
  }),
  YOUTUBE_BAD_URL: () => ({
    es: 'No es un enlace de video de YouTube válido.',
    en: 'This is not a valid YouTube video link.',
  }),
  YOUTUBE_UNAVAILABLE: () => ({
    es: 'Este video no tiene subtítulos o no se pudo descargar su transcripción.',
    en: 'This video has no captions or its transcript could not be downloaded.',
  }),
};

export class ExtractError extends Error {
  override readonly name = 'ExtractError';
  readonly reason: ExtractReason;

  constructor(
    readonly code: ExtractErrorCode,
    readonly details: ExtractErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    const reason = details.hint ?? reasons[code](details);
    super(`${code}: ${reason.en}`, options);
    this.reason = reason;
  }
}

export function isExtractError(error: unknown, code?: ExtractErrorCode): error is ExtractError {
  return error instanceof ExtractError && (code === undefined || error.code === code);
}

/** The default reason of a code, e.g. for documentation or a client-side catalogue. */
export function extractReason(code: ExtractErrorCode, details: ExtractErrorDetails = {}): ExtractReason {
  return reasons[code](details);
}
