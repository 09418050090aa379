import type { ConversationStatus, CreateProductBody, MessageAuthor, ReminderItem, SchedulingItem } from '@charla/shared';
import type { Channel } from '../modules/conversations/conversations.table.ts';

/** The demo account's business: a dental clinic in Guadalajara, in Spanish. */
export const demoBot = {
  bot_name: 'Sofía',
  bot_objective: 'doctor_appointment' as const,
  business_name: 'Sonrisa Plena',
  business_desc:
    'Clínica dental familiar en Guadalajara: limpiezas, resinas, blanqueamiento, ortodoncia, endodoncia e implantes, con facturación y seguros de gastos médicos.',
  business_url: 'https://sonrisaplena.mx',
  business_phone: '+523336162480',
  welcome_message: '¡Hola! Soy Sofía, de Sonrisa Plena. ¿En qué te puedo ayudar: precios, horarios o una cita?',
  about_bot: 'Atiende con calidez, da precios claros y agenda citas de valoración; pasa a una persona las urgencias y los casos de seguros.',
  language: 'es' as const,
};

export const demoTimezone = 'America/Mexico_City';

/**
 * The clinic's hand-off settings: its instructions pass urgent cases and insurance questions to a
 * person (`about_bot`), so hand-off is on; a conversation stays with the team until they give it
 * back (0: no idle return), as a clinic that answers every urgency itself does.
 */
export const demoHandoff = { enabled: true, idleMinutes: 0 };

export const demoScheduling: SchedulingItem = {
  hours: {
    monday: [{ start: '09:00', end: '14:00' }, { start: '16:00', end: '20:00' }],
    tuesday: [{ start: '09:00', end: '14:00' }, { start: '16:00', end: '20:00' }],
    wednesday: [{ start: '09:00', end: '14:00' }, { start: '16:00', end: '20:00' }],
    thursday: [{ start: '09:00', end: '14:00' }, { start: '16:00', end: '20:00' }],
    friday: [{ start: '09:00', end: '14:00' }, { start: '16:00', end: '20:00' }],
    saturday: [{ start: '09:00', end: '14:00' }],
    sunday: [],
  },
  appointment_minutes: 45,
};

export const demoReminder: ReminderItem = {
  enabled: true,
  minutes_before: 1440,
  message: 'Hola {nombre}, te esperamos en Sonrisa Plena el {fecha} a las {hora}. Si necesitas cambiar tu cita, respóndenos por aquí.',
};

/** What the bot is trained with, through the real document pipeline. */
export const demoDocuments: { name: string; text: string }[] = [
  {
    name: 'Sonrisa Plena: servicios y precios',
    text: `Servicios y precios de Sonrisa Plena

Limpieza dental
La limpieza dental (profilaxis con ultrasonido y pulido) cuesta $650 MXN y dura 45 minutos. Incluye revisión general y aplicación de flúor.

Consulta de valoración
La consulta de valoración cuesta $350 MXN e incluye radiografía panorámica digital. Si inicias tratamiento ese mes, se descuenta del total.

Blanqueamiento dental
El blanqueamiento en consultorio cuesta $3,500 MXN por sesión de 90 minutos. El kit de blanqueamiento en casa con guardas a la medida cuesta $1,800 MXN.

Resinas
Una resina (empaste del color del diente) cuesta desde $900 MXN por pieza, según el tamaño de la caries.

Endodoncia
La endodoncia (tratamiento de conductos) cuesta desde $4,200 MXN en molares y $3,200 MXN en dientes anteriores.

Ortodoncia
La ortodoncia con brackets metálicos cuesta $28,000 MXN el tratamiento completo, con enganche de $4,000 MXN y mensualidades de $1,200 MXN. Los alineadores transparentes se cotizan en la valoración, desde $45,000 MXN.

Implantes
El implante dental con corona de porcelana cuesta desde $18,500 MXN por pieza.

Odontopediatría
La consulta para niños cuesta $450 MXN; atendemos desde los 3 años.`,
  },
  {
    name: 'Sonrisa Plena: horarios, ubicación, seguros y facturación',
    text: `Horarios, ubicación, seguros y facturación

Horario de atención
Atendemos de lunes a viernes de 9:00 a 14:00 y de 16:00 a 20:00, y los sábados de 9:00 a 14:00. Los domingos y días festivos está cerrado.

Ubicación
Estamos en Av. Chapultepec Sur 480, consultorio 3, colonia Americana, Guadalajara, Jalisco, C.P. 44160, a dos cuadras de la glorieta Niños Héroes. Hay estacionamiento gratuito para pacientes en el sótano del edificio.

Formas de pago
Aceptamos efectivo, transferencia, tarjetas de débito y crédito. Con tarjetas Banorte, BBVA y Santander hay 3 y 6 meses sin intereses en tratamientos mayores de $3,000 MXN.

Seguros de gastos médicos
Trabajamos por reembolso con GNP, AXA, MetLife y Seguros Monterrey: pagas el tratamiento y te entregamos el informe médico y la factura para tu aseguradora. No tenemos convenio de pago directo.

Facturación
Emitimos factura CFDI 4.0 el mismo día. Envía tu constancia de situación fiscal por WhatsApp o al correo facturas@sonrisaplena.mx. Se puede facturar dentro del mismo mes del pago.

Cancelaciones
Puedes cambiar o cancelar tu cita sin costo avisando con 24 horas de anticipación.

Urgencias
Si tienes dolor fuerte, inflamación o un diente roto, escríbenos: reservamos espacios de urgencia todos los días.`,
  },
];

/**
 * The owner's saved tests of the assistant ("Pruebas del asistente"): what customers ask most, with
 * the facts of the documents above each reply must hold (one group per fact, any of its spellings).
 */
export const demoBotTests: { question: string; expect: string[][]; expectNot?: string[][] }[] = [
  { question: '¿Cuánto cuesta una limpieza dental?', expect: [['650']] },
  { question: '¿Cuánto cuesta la consulta de valoración?', expect: [['350']] },
  { question: '¿Qué precio tiene el blanqueamiento en consultorio?', expect: [['3500', 'tres mil quinientos']], expectNot: [['1800']] },
  { question: '¿A qué hora abren los sábados?', expect: [['9:00', '9 am', 'nueve'], ['14:00', '2 pm', 'dos de la tarde']] },
  { question: '¿Dónde están ubicados?', expect: [['chapultepec'], ['480']] },
  { question: '¿Tienen estacionamiento?', expect: [['estacionamiento'], ['gratuito', 'gratis', 'sin costo']] },
  { question: '¿Aceptan el seguro de GNP?', expect: [['gnp'], ['reembolso']], expectNot: [['pago directo con gnp']] },
  { question: '¿Puedo pagar a meses sin intereses?', expect: [['meses sin intereses'], ['3000']] },
  { question: '¿Cuál es la política de cancelación de citas?', expect: [['24 horas']] },
  { question: '¿Desde qué edad atienden a niños?', expect: [['3 años', 'tres años']] },
];

const product = (p: Omit<CreateProductBody, 'botId' | 'currency' | 'image_url' | 'url' | 'stock'> & { stock?: number | null }) => ({
  currency: 'MXN',
  image_url: '',
  url: '',
  stock: null,
  ...p,
});

/** The catalog: services and the few products the clinic sells. */
export const demoProducts = [
  product({ name: 'Limpieza dental', description: 'Profilaxis con ultrasonido, pulido y flúor. 45 minutos.', price: '650', sku: 'SRV-LIMP', attributes: { Tipo: 'Servicio', Duración: '45 min' } }),
  product({ name: 'Consulta de valoración', description: 'Revisión completa con radiografía panorámica digital.', price: '350', sku: 'SRV-VAL', attributes: { Tipo: 'Servicio', Duración: '30 min' } }),
  product({ name: 'Blanqueamiento en consultorio', description: 'Sesión de 90 minutos con lámpara LED.', price: '3500', sku: 'SRV-BLAN', attributes: { Tipo: 'Servicio', Duración: '90 min' } }),
  product({ name: 'Resina dental', description: 'Empaste del color del diente, por pieza.', price: '900', sku: 'SRV-RES', attributes: { Tipo: 'Servicio' } }),
  product({ name: 'Endodoncia en molar', description: 'Tratamiento de conductos en molar.', price: '4200', sku: 'SRV-ENDO', attributes: { Tipo: 'Servicio' } }),
  product({ name: 'Ortodoncia con brackets metálicos', description: 'Tratamiento completo; enganche de $4,000 y mensualidades de $1,200.', price: '28000', sku: 'SRV-ORTO', attributes: { Tipo: 'Servicio' } }),
  product({ name: 'Kit de blanqueamiento en casa', description: 'Guardas a la medida y gel para 14 días.', price: '1800', sku: 'PRD-KIT', stock: 12, attributes: { Tipo: 'Producto' } }),
  product({ name: 'Cepillo eléctrico Oral-B Pro 3', description: 'Con sensor de presión y dos cabezales.', price: '1290', sku: 'PRD-CEPI', stock: 7, attributes: { Tipo: 'Producto' } }),
];

/** One line of a demo conversation: who wrote it, and how many minutes after the first line. */
export interface DemoLine {
  from: MessageAuthor;
  text: string;
  at: number;
}

export interface DemoConversation {
  key: string;
  channel: Channel;
  /** The customer's id on the channel (a WhatsApp number, a page-scoped id…). */
  externalId: string;
  name: string;
  phone?: string;
  email?: string;
  status: ConversationStatus;
  /** When the first line was written, in minutes before now. */
  startedMinutesAgo: number;
  lines: DemoLine[];
  /** An appointment booked in the conversation: day of this week (1 = Monday … 6 = Saturday) and time. */
  booking?: { weekday: number; time: string; service: string };
}

const DAY = 24 * 60;

/** Oldest first: each is stored in that order, so the newest is also the last one changed. */
export const demoConversations: DemoConversation[] = [
  {
    key: 'patricia',
    channel: 'whatsapp',
    externalId: '5213398765410',
    name: 'Patricia Ruiz',
    phone: '+523398765410',
    email: 'patyruiz@gmail.com',
    status: 'closed',
    startedMinutesAgo: 6 * DAY,
    booking: { weekday: 1, time: '10:00', service: 'Limpieza dental' },
    lines: [
      { from: 'customer', text: 'Hola, buenas tardes. ¿Cuánto cuesta una limpieza?', at: 0 },
      { from: 'bot', text: 'La limpieza dental cuesta $650 MXN e incluye revisión general y flúor; dura 45 minutos. ¿Te agendo una cita?', at: 1 },
      { from: 'customer', text: 'Sí, el lunes en la mañana de preferencia', at: 4 },
      { from: 'bot', text: 'Listo, Patricia: tu limpieza dental quedó el lunes a las 10:00. Te enviaremos un recordatorio un día antes.', at: 5 },
      { from: 'customer', text: 'Perfecto, muchas gracias 🙌', at: 7 },
    ],
  },
  {
    key: 'ana-sofia',
    channel: 'messenger',
    externalId: '7311294836152044',
    name: 'Ana Sofía Torres',
    email: 'anasofia.torres@outlook.com',
    status: 'closed',
    startedMinutesAgo: 4 * DAY + 180,
    lines: [
      { from: 'customer', text: '¿Abren los sábados?', at: 0 },
      { from: 'bot', text: 'Sí, los sábados atendemos de 9:00 a 14:00. Entre semana, de 9:00 a 14:00 y de 16:00 a 20:00.', at: 1 },
      { from: 'customer', text: '¿Y dónde están?', at: 3 },
      { from: 'bot', text: 'En Av. Chapultepec Sur 480, consultorio 3, colonia Americana, Guadalajara, a dos cuadras de la glorieta Niños Héroes. Hay estacionamiento gratuito en el sótano.', at: 4 },
      { from: 'customer', text: 'Gracias!', at: 6 },
    ],
  },
  {
    key: 'carlos',
    channel: 'instagram',
    externalId: '17841400008460056',
    name: 'Carlos Méndez',
    email: 'carlos.mendez@empresa.com.mx',
    status: 'closed',
    startedMinutesAgo: 3 * DAY + 60,
    booking: { weekday: 2, time: '17:00', service: 'Resina dental' },
    lines: [
      { from: 'customer', text: 'Buen día, ¿dan factura?', at: 0 },
      { from: 'bot', text: 'Sí, emitimos factura CFDI 4.0 el mismo día. Solo envíanos tu constancia de situación fiscal por WhatsApp o a facturas@sonrisaplena.mx.', at: 1 },
      { from: 'customer', text: 'Va. Necesito una resina, ¿tienen el martes en la tarde?', at: 5 },
      { from: 'bot', text: 'Tengo el martes a las 17:00 para tu resina dental. ¿Te lo aparto?', at: 6 },
      { from: 'customer', text: 'Sí por favor. Mi correo es carlos.mendez@empresa.com.mx', at: 8 },
      { from: 'bot', text: 'Listo, Carlos: martes a las 17:00, resina dental. Te esperamos.', at: 9 },
    ],
  },
  {
    key: 'jorge',
    channel: 'whatsapp',
    externalId: '5213312987744',
    name: 'Jorge Ramírez',
    phone: '+523312987744',
    email: 'jorge.ramirez@gmail.com',
    status: 'human',
    startedMinutesAgo: 2 * DAY,
    lines: [
      { from: 'customer', text: 'Hola, tengo seguro de GNP. ¿Me lo aceptan para una endodoncia?', at: 0 },
      { from: 'bot', text: 'Trabajamos por reembolso con GNP: pagas el tratamiento y te damos el informe médico y la factura para tu aseguradora. ¿Quieres que una persona del equipo revise tu póliza contigo?', at: 1 },
      { from: 'customer', text: 'Sí, quiero hablar con alguien', at: 3 },
      { from: 'bot', text: 'Claro, te comunico con una persona del equipo. En breve te escriben por aquí.', at: 4 },
      { from: 'human', text: 'Hola Jorge, soy la Dra. Lucía Herrera. Con GNP te entregamos informe médico y factura el mismo día para tu reembolso. ¿Me compartes una foto de tu póliza para revisar tu deducible?', at: 22 },
      { from: 'customer', text: 'Claro, se la mando en un rato', at: 30 },
    ],
  },
  {
    key: 'maria',
    channel: 'whatsapp',
    externalId: '5213345612209',
    name: 'María Fernanda González',
    phone: '+523345612209',
    email: 'mafer.gonzalez@hotmail.com',
    status: 'bot',
    startedMinutesAgo: DAY + 240,
    booking: { weekday: 4, time: '16:00', service: 'Blanqueamiento en consultorio' },
    lines: [
      { from: 'customer', text: 'Hola! Cuánto cuesta el blanqueamiento?', at: 0 },
      { from: 'bot', text: 'El blanqueamiento en consultorio cuesta $3,500 MXN por sesión de 90 minutos. También tenemos kit para casa con guardas a la medida por $1,800 MXN.', at: 1 },
      { from: 'customer', text: 'Me interesa el de consultorio. ¿Hay meses sin intereses?', at: 3 },
      { from: 'bot', text: 'Sí: con tarjetas Banorte, BBVA y Santander hay 3 y 6 meses sin intereses en tratamientos de más de $3,000 MXN. ¿Te agendo?', at: 4 },
      { from: 'customer', text: 'Sí, el jueves a las 4', at: 6 },
      { from: 'bot', text: 'Listo, María Fernanda: blanqueamiento el jueves a las 16:00. Te mandamos un recordatorio un día antes.', at: 7 },
    ],
  },
  {
    key: 'luis',
    channel: 'messenger',
    externalId: '6624018837715290',
    name: 'Luis Hernández',
    phone: '+523317250918',
    status: 'human',
    startedMinutesAgo: 300,
    lines: [
      { from: 'customer', text: 'Me duele mucho una muela desde ayer y tengo la cara hinchada', at: 0 },
      { from: 'bot', text: 'Lamento que tengas dolor. Reservamos espacios de urgencia todos los días; te comunico con una persona del equipo para darte el primero disponible.', at: 1 },
      { from: 'human', text: 'Hola Luis, te podemos recibir hoy a las 17:15. ¿Te queda bien? Mientras tanto evita lo muy frío o muy caliente.', at: 12 },
      { from: 'customer', text: 'Sí, ahí estaré. Mi cel es 33 1725 0918', at: 15 },
    ],
  },
  {
    key: 'roberto',
    channel: 'whatsapp',
    externalId: '5213311408862',
    name: 'Roberto Castillo',
    phone: '+523311408862',
    email: 'rcastillo@arquitectos.mx',
    status: 'bot',
    startedMinutesAgo: 150,
    booking: { weekday: 5, time: '10:00', service: 'Consulta de valoración' },
    lines: [
      { from: 'customer', text: 'Buenas, quiero una valoración para ortodoncia. ¿Qué precio tiene?', at: 0 },
      { from: 'bot', text: 'La consulta de valoración cuesta $350 MXN e incluye radiografía panorámica; si inicias tratamiento ese mes se descuenta. La ortodoncia con brackets metálicos cuesta $28,000 MXN con enganche de $4,000 y mensualidades de $1,200.', at: 1 },
      { from: 'customer', text: 'Ok, ¿el viernes a las 10?', at: 5 },
      { from: 'bot', text: 'Listo, Roberto: consulta de valoración el viernes a las 10:00.', at: 6 },
    ],
  },
  {
    key: 'valeria',
    channel: 'instagram',
    externalId: '17841400019283746',
    name: 'Valeria Ortiz',
    status: 'bot',
    startedMinutesAgo: 25,
    lines: [
      { from: 'customer', text: 'Hola 👋 ¿atienden niños? Mi hija tiene 5 años', at: 0 },
      { from: 'bot', text: '¡Hola! Sí, atendemos niños desde los 3 años; la consulta de odontopediatría cuesta $450 MXN. ¿Quieres que te comparta horarios para esta semana?', at: 1 },
      { from: 'customer', text: 'Sí porfa, de preferencia sábado', at: 4 },
    ],
  },
  // On the demonstration channel ("Canal de demostración"): the owner replies from the inbox and
  // plays these customers in "Simular cliente", with nothing going out to WhatsApp.
  {
    key: 'emilio',
    channel: 'demo',
    externalId: 'phone:5213310004417',
    name: 'Emilio Navarro',
    phone: '+523310004417',
    status: 'human',
    startedMinutesAgo: 40,
    lines: [
      { from: 'customer', text: 'Hola, se me cayó una corona. ¿Me pueden atender pronto?', at: 0 },
      { from: 'bot', text: 'Lamento lo de tu corona. Te comunico con una persona del equipo para buscarte el primer espacio disponible.', at: 1 },
    ],
  },
  {
    key: 'daniela',
    channel: 'demo',
    externalId: 'phone:5213310002291',
    name: 'Daniela Vega',
    phone: '+523310002291',
    status: 'bot',
    startedMinutesAgo: 12,
    lines: [
      { from: 'customer', text: 'Hola, ¿cuánto cuesta una limpieza dental?', at: 0 },
      { from: 'bot', text: 'La limpieza dental cuesta $650 MXN e incluye revisión general y flúor; dura 45 minutos. ¿Te agendo una cita?', at: 1 },
    ],
  },
];

/** Fields of the clinic's own on its contacts, and what a few contacts hold in them. */
export const demoContactFields = [
  { name: 'Seguro dental', type: 'choice' as const, options: ['Sin seguro', 'MetLife', 'GNP', 'AXA'] },
  { name: 'Próxima revisión', type: 'date' as const, options: [] },
];

/** By conversation key: values of the clinic's fields (by field name) and what the assistant captured. */
export const demoContactDetails: Record<string, { fields?: Record<string, string>; captured?: { interest?: string; product?: string; budget?: string }; note?: string }> = {
  patricia: { fields: { 'Seguro dental': 'MetLife', 'Próxima revisión': '2027-05-10' }, captured: { interest: 'Limpieza dental cada seis meses' } },
  carlos: {
    fields: { 'Seguro dental': 'Sin seguro' },
    captured: { interest: 'Resina en una muela', budget: 'hasta 1,500 pesos' },
    note: 'Pidió factura: confirmar sus datos fiscales el día de la cita.',
  },
  maria: {
    fields: { 'Seguro dental': 'GNP' },
    captured: { interest: 'Blanqueamiento', product: 'Kit de blanqueamiento en casa' },
    note: 'Le interesa el blanqueamiento en consultorio; llamarle para resolver dudas antes de agendar.',
  },
};
