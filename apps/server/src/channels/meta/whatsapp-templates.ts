import type { Locale, WhatsappTemplateOption, WhatsappTemplateProblem } from '@charla/shared';

/** A button of a template, as GET /{waba-id}/message_templates answers it. */
export interface GraphTemplateButton {
  type: string;
  text?: string;
  url?: string;
  phone_number?: string;
}

/** A component of a template (HEADER, BODY, FOOTER, BUTTONS, CAROUSEL, LIMITED_TIME_OFFER…). */
export interface GraphTemplateComponent {
  type: string;
  format?: string;
  text?: string;
  buttons?: GraphTemplateButton[];
  /** Sample values Meta reviewed the template with. */
  example?: unknown;
}

/** One template of a WhatsApp Business Account, as Meta answers it. */
export interface GraphTemplate {
  id?: string;
  name: string;
  language: string;
  status?: string;
  category?: string;
  /** POSITIONAL ({{1}}) or NAMED ({{first_name}}). */
  parameter_format?: string;
  components?: GraphTemplateComponent[];
}

/** One page of GET /{waba-id}/message_templates. */
export interface GraphTemplatePage {
  data?: GraphTemplate[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string };
}

/** The fields the listing asks Meta for. */
export const templateFields = 'name,language,status,category,parameter_format,components';

const positional = /\{\{\s*(\d+)\s*\}\}/g;
const named = /\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/;
const mediaHeaders = new Set(['IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION', 'PRODUCT']);
/** Buttons whose send needs a parameter (a coupon code, a one-time password) or that need a catalog. */
const buttonsWithParameters = new Set(['COPY_CODE', 'OTP']);
const unsupportedButtons = new Set(['CATALOG', 'MPM', 'SPM']);
const unsupportedComponents = new Set(['CAROUSEL', 'LIMITED_TIME_OFFER']);

const component = (t: GraphTemplate, type: string) => t.components?.find((c) => c.type?.toUpperCase() === type);

/** The distinct positional variables of a text ({{1}} twice counts once). */
function positionalCount(text: string): number {
  return new Set([...text.matchAll(positional)].map((m) => m[1])).size;
}

/** Why this template cannot carry the bot's reply, or null when it can. */
export function templateProblem(t: GraphTemplate): WhatsappTemplateProblem | null {
  if (t.category?.toUpperCase() === 'AUTHENTICATION') return 'UNSUPPORTED_KIND';
  if (t.components?.some((c) => unsupportedComponents.has(c.type?.toUpperCase()))) return 'UNSUPPORTED_KIND';
  const body = component(t, 'BODY')?.text ?? '';
  if (t.parameter_format?.toUpperCase() === 'NAMED' && /\{\{/.test(body)) return 'NAMED_VARIABLES';
  if (named.test(body)) return 'NAMED_VARIABLES';
  if (positionalCount(body) > 1) return 'TOO_MANY_VARIABLES';
  const header = component(t, 'HEADER');
  if (header) {
    const format = header.format?.toUpperCase() ?? 'TEXT';
    if (mediaHeaders.has(format)) return 'HEADER_MEDIA';
    if (/\{\{/.test(header.text ?? '')) return 'HEADER_VARIABLE';
  }
  for (const button of component(t, 'BUTTONS')?.buttons ?? []) {
    const type = button.type?.toUpperCase();
    if (unsupportedButtons.has(type)) return 'UNSUPPORTED_KIND';
    if (buttonsWithParameters.has(type) || (type === 'URL' && /\{\{/.test(button.url ?? ''))) return 'BUTTON_VARIABLE';
  }
  return null;
}

/** A template of Meta's listing as the Canales panel shows it. */
export function templateOption(t: GraphTemplate): WhatsappTemplateOption {
  const body = component(t, 'BODY')?.text ?? '';
  const header = component(t, 'HEADER');
  const variables = positionalCount(body);
  return {
    name: t.name,
    language: t.language,
    category: t.category ?? null,
    header: header && (header.format ?? 'TEXT').toUpperCase() === 'TEXT' ? (header.text ?? null) : null,
    body,
    footer: component(t, 'FOOTER')?.text ?? null,
    variables,
    with_text: variables === 1,
    problem: templateProblem(t),
  };
}

/** Usable templates first, then by name and language. */
export function sortOptions(options: WhatsappTemplateOption[]): WhatsappTemplateOption[] {
  return [...options].sort(
    (a, b) => Number(a.problem !== null) - Number(b.problem !== null) || a.name.localeCompare(b.name) || a.language.localeCompare(b.language),
  );
}

/** Each problem in words, for the error of PUT …/whatsapp-template. */
export const problemWords: Record<WhatsappTemplateProblem, Record<Locale, string>> = {
  NAMED_VARIABLES: { es: 'usa variables con nombre', en: 'uses named variables' },
  TOO_MANY_VARIABLES: { es: 'tiene más de una variable en el cuerpo', en: 'has more than one variable in its body' },
  HEADER_MEDIA: { es: 'lleva una imagen, video, documento o ubicación en el encabezado', en: 'has an image, video, document or location header' },
  HEADER_VARIABLE: { es: 'tiene una variable en el encabezado', en: 'has a variable in its header' },
  BUTTON_VARIABLE: { es: 'tiene un botón que pide un dato (enlace variable, código o contraseña)', en: 'has a button that needs a value (variable link, code or password)' },
  UNSUPPORTED_KIND: { es: 'es de autenticación, carrusel, catálogo u oferta', en: 'is an authentication, carousel, catalog or offer template' },
};
