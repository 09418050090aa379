/** Bot type templates: key → Spanish label (spec section 3). Three keys exist with an empty label. */
export const botTemplates = {
  creative: 'Modo creativo',
  real_estate: 'Venta de propiedades',
  automobile: 'Venta de autos',
  doctor_appointment: 'Consultorio médico',
  insurance_seller: 'Venta de seguros',
  mortgage: 'Asesoría hipotecaria',
  travel_agency: 'Agencia de viajes',
  credits: 'Trámite de créditos',
  ecommerce: 'Ecommerce',
  medical_assistant: 'Asistente médico',
  beauty_spa: 'Salón de belleza o spa',
  dry_cleaner: 'Tintorería',
  event_hall: 'Salón de eventos',
  padel_club: 'Club de pádel',
  school_enrollment: 'Inscripciones escolares',
  marketing: 'Agencia de marketing',
  courses: 'Venta de cursos',
  financial_services: 'Servicios financieros',
  autonomous: '',
  properties: '',
  construction_material: '',
} as const;

export type TemplateKey = keyof typeof botTemplates;
export const templateKeys = Object.keys(botTemplates) as [TemplateKey, ...TemplateKey[]];

/** The 18 templates offered as welcome cards, in card order (card1 … card18). */
export const cardTemplates = templateKeys.filter((k) => botTemplates[k] !== '') as TemplateKey[];

/** Label → key (only labelled templates). */
export const templateKeyByLabel: Readonly<Record<string, TemplateKey>> = Object.fromEntries(
  cardTemplates.map((k) => [botTemplates[k], k]),
);

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
const byFoldedLabel = new Map(cardTemplates.map((k) => [fold(botTemplates[k]), k]));

/**
 * The wizard's speciality (a template label as shown, or a template key) → `bot_objective`.
 * Our conversion: `bot_objective` holds the template key, so the server knows the business type
 * without parsing prose. Labels match without regard to case or accents; anything else is
 * 'creative' (a free-form assistant).
 */
export function specialityToObjective(speciality: string): TemplateKey {
  const s = speciality.trim();
  if ((templateKeys as string[]).includes(s)) return s as TemplateKey;
  return templateKeyByLabel[s] ?? byFoldedLabel.get(fold(s)) ?? 'creative';
}

/** The purpose a template starts with. */
export const templatePurpose: Record<TemplateKey, 'sales' | 'appointments' | 'customer_service'> = {
  creative: 'customer_service',
  real_estate: 'sales',
  automobile: 'sales',
  doctor_appointment: 'appointments',
  insurance_seller: 'sales',
  mortgage: 'appointments',
  travel_agency: 'sales',
  credits: 'appointments',
  ecommerce: 'sales',
  medical_assistant: 'appointments',
  beauty_spa: 'appointments',
  dry_cleaner: 'customer_service',
  event_hall: 'sales',
  padel_club: 'appointments',
  school_enrollment: 'customer_service',
  marketing: 'sales',
  courses: 'sales',
  financial_services: 'appointments',
  autonomous: 'customer_service',
  properties: 'sales',
  construction_material: 'sales',
};
