/**
 * Everyday words of customers' questions, by the part they play. All in plain form (lower case,
 * no accents). General across businesses: nothing here names one business's services.
 */

/** Words that carry no topic: articles, pronouns, question words, greetings, fillers. */
export const STOPWORDS = new Set(
  (
    'a al algo algun alguna algunas alguno algunos ante asi aun bajo cada como con contra cual cuales cualquier de del desde ' +
    'donde durante e el ella ellas ellos en entre era eres es esa esas ese eso esos esta estas este esto estos estan estamos estoy ' +
    'fue fueron ha han hasta la las le les lo los me mi mis mas muy nada ni no nos nosotros o os otra otro otros para pero poco ' +
    'por porque pues que quien quienes se sea ser si sin sino sobre solo su sus tal tambien tan tanto te ti toda todo todos tu tus ' +
    'u un una uno unos unas usted ustedes vos y ya yo mientras cuanto cuanta cuantos cuantas cuando hola buenas buenos buen dias dia tardes ' +
    'noches tarde noche manana mananita gracias favor porfa porfavor please oye disculpe disculpa perdon saludos bueno ok ' +
    'entonces tambien alguien cosa cosas cierto seria serian sera hay mucho mucha muchos muchas muchisimo muchisima bastante ' +
    'demasiado super tanto tantito poquito casi realmente verdad adios bye chao chau luego pronto vemos agradezco agradecido ' +
    'agradecida amable excelente perfecto genial listo vale okay okey claro gusto pregunta duda consulta informes ' +
    'son somos soy sean fueron nuestro nuestra nuestros nuestras suyo suya aqui ahi alla ahora ahorita despues antes siempre ' +
    'todavia etc hola tuve tuvo tuvimos tuvieron fui fue fuimos hice hizo voy vas va van vamos iba iban ' +
    'the a an and or of to in is are do does did you your i we what how can could would for on with at it my our me be this that ' +
    'there have has from about any some which who when where why hello hi hey thanks thank'
  ).split(' '),
);

/**
 * Words that say little about which fact is asked: verbs of having, offering and wanting,
 * vague nouns and sizes. They count a little towards a match.
 */
export const LIGHT_WORDS = new Set(
  (
    'tienen tiene tienes tengo tenemos hacen hace haces hago hacer dan da dar doy ofrecen ofrece ofreces manejan maneja manejas ' +
    'venden vende vendes vender opciones opcion tipo tipos busco buscar buscando quiero quisiera queria necesito necesita necesitas ' +
    'ocupo interesa interesan interesado interesada informacion info saber conocer ir pasa pasaria puedo puede puedes pueden ' +
    'podria podrian podemos aceptan acepta aceptas atienden atiende atiendes usar uso mismo misma vez veces forma manera parte ' +
    'pequeno pequena pequenos pequenas grande grandes chico chica chicos mejor mejores bueno buena buenos buenas nuevo nueva ' +
    'persona personas gente cliente clientes favor detalles detalle general ayuda ayudar ayudan quisieramos decir dime digame ' +
    'explicar mencionar cuentan cuenta contar existe existen llevar traer llego llegar llega piden pide pedir requieren ' +
    'requiere necesitan reciben recibe recibimos manejar ofrecer das dame deme damos mandas manda mandan mandame envias envia ' +
    'envian enviame pasas pasan pasame comparte compartes compartir compartan propio propia propios propias servicio servicios ' +
    'dinero gusta gustan gusto producto productos articulo articulos barato barata baratos baratas economico economica caro cara caros caras accesible'
  ).split(' '),
);

export const WEEKDAY_WORDS: Record<string, number> = {
  domingo: 0, domingos: 0, lunes: 1, martes: 2, miercoles: 3, jueves: 4, viernes: 5, sabado: 6, sabados: 6,
  sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6,
};

/** Groups of words that name the same thing in a question and in a business's text. */
export const SYNONYMS: string[][] = [
  ['beneficio', 'beneficios', 'ventaja', 'ventajas', 'incluye', 'incluyen', 'incluido', 'incluida', 'benefits', 'includes'],
  ['documento', 'documentos', 'requisito', 'requisitos', 'papeles', 'papeleria', 'requirements', 'documents'],
  ['mascota', 'mascotas', 'pet', 'pets'],
  ['perro', 'perros', 'perra', 'perras', 'perrito', 'perrita', 'perritos', 'canino', 'dog', 'dogs'],
  ['gato', 'gatos', 'gata', 'gatas', 'gatito', 'gatita', 'gatitos', 'felino', 'felina', 'cat', 'cats'],
  ['estacionamiento', 'estacionar', 'parking', 'cochera', 'aparcar', 'valet'],
  ['pago', 'pagos', 'pagar', 'payment', 'pay'],
  ['visita', 'visitas', 'visitar', 'ver', 'conocer', 'recorrido', 'visit', 'tour'],
  ['nino', 'ninos', 'nina', 'ninas', 'menor', 'menores', 'infantil', 'infantiles', 'pediatria', 'pediatrico', 'odontopediatria', 'hijo', 'hijos', 'hija', 'hijas', 'bebe', 'bebes', 'kids', 'children', 'child'],
  ['urgencia', 'urgencias', 'emergencia', 'emergencias', 'urgente', 'urgentes', 'expres', 'emergency'],
  ['credito', 'creditos', 'hipoteca', 'hipotecas', 'hipotecario', 'hipotecarios', 'financiamiento', 'financiar', 'banco', 'bancos', 'mortgage', 'loan', 'prestamo', 'prestamos', 'prestar', 'prestan'],
  ['factura', 'facturas', 'facturar', 'facturacion', 'invoice'],
  ['envio', 'envios', 'enviar', 'entrega', 'entregas', 'domicilio', 'shipping', 'delivery'],
  ['mandar', 'enviar'],
  ['descuento', 'descuentos', 'promocion', 'promociones', 'oferta', 'ofertas', 'promo', 'promos', 'discount'],
  ['clase', 'clases', 'curso', 'cursos', 'leccion', 'lecciones', 'taller', 'talleres', 'class', 'classes', 'lesson', 'lessons'],
  ['socio', 'socios', 'socia', 'membresia', 'membresias', 'miembro', 'miembros', 'suscripcion', 'member', 'membership'],
  ['cancelar', 'cancelacion', 'cancelaciones', 'cancelo', 'cancela', 'cancel', 'cancellation'],
  ['telefono', 'telefonos', 'celular', 'whatsapp', 'llamar', 'numero', 'phone'],
  ['doctor', 'doctora', 'doctores', 'doctoras', 'dr', 'dra', 'medico', 'medicos', 'medica', 'especialista', 'especialistas', 'dentista', 'dentistas'],
  ['departamento', 'departamentos', 'depa', 'depas', 'depto', 'deptos', 'apartamento', 'apartamentos', 'apartment'],
  ['mide', 'miden', 'medida', 'medidas', 'metros', 'm2', 'tamano', 'superficie', 'size'],
  ['calzado', 'zapatos', 'zapato', 'tenis', 'zapatillas', 'shoes'],
  ['ropa', 'prenda', 'prendas', 'vestimenta', 'clothes', 'clothing', 'garment', 'garments'],
  ['seguro', 'seguros', 'aseguradora', 'aseguradoras', 'insurance'],
  ['garantia', 'garantias', 'warranty'],
  ['cubre', 'cubren', 'cobertura', 'coberturas', 'incluye', 'incluyen', 'ampara', 'covers', 'coverage'],
  ['reembolso', 'reembolsos', 'devolucion', 'devoluciones', 'devuelven', 'devolver', 'devuelvan', 'regresan', 'refund'],
  ['choque', 'chocar', 'choco', 'accidente', 'accidentes', 'siniestro', 'siniestros', 'percance', 'crash', 'accident'],
  ['alberca', 'piscina', 'pool'],
  ['fiesta', 'fiestas', 'evento', 'eventos', 'celebracion', 'celebraciones', 'party', 'event', 'events'],
  ['llevar', 'llevo', 'traer', 'traigo', 'traemos', 'bring'],
  ['gratis', 'gratuito', 'gratuita', 'cortesia', 'free'],
  ['disponible', 'disponibles', 'existencia', 'existencias', 'stock', 'agotado', 'agotada', 'inventario', 'available'],
  ['auto', 'autos', 'carro', 'carros', 'coche', 'coches', 'vehiculo', 'vehiculos', 'camioneta', 'camionetas', 'automotriz', 'car', 'cars'],
  ['alumno', 'alumnos', 'alumna', 'alumnas', 'estudiante', 'estudiantes', 'student', 'students'],
  ['regadera', 'regaderas', 'ducha', 'duchas', 'showers'],
  ['wifi', 'internet'],
  ['reserva', 'reservas', 'reservar', 'reservacion', 'apartar', 'apartado', 'booking', 'reservation'],
  ['cita', 'citas', 'agendar', 'appointment'],
  ['renta', 'rentar', 'rento', 'alquiler', 'alquilar', 'arrendamiento', 'rent', 'rental'],
  ['compra', 'comprar', 'compro', 'venta', 'ventas', 'buy', 'sale'],
  ['recamara', 'recamaras', 'habitacion', 'habitaciones', 'cuarto', 'cuartos', 'bedroom', 'bedrooms'],
  ['bano', 'banos', 'sanitario', 'sanitarios', 'bathroom', 'bathrooms'],
  ['edad', 'anos', 'age'],
  ['colegiatura', 'colegiaturas', 'mensualidad', 'mensualidades', 'cuota', 'cuotas', 'tuition', 'fee', 'fees'],
  ['preescolar', 'kinder', 'kinders', 'preschool', 'kindergarten'],
  ['mensual', 'mensuales', 'mensualmente', 'monthly'],
  ['casa', 'domicilio', 'hogar', 'vivienda', 'home', 'house'],
  ['casa', 'casas', 'vivienda', 'hipotecario', 'hipotecaria', 'hipoteca'],
  ['recoger', 'recogemos', 'recogen', 'recoge', 'recoleccion', 'recolectamos', 'pickup'],
  ['estancia', 'extendido', 'extendida', 'quedar', 'quedarse', 'quedan', 'stay'],
  ['inasistencia', 'presenta', 'presentarse', 'presento', 'faltar', 'falto', 'asisto', 'asistir'],
  // Common business domains: what customers say and what businesses write for the same thing.
  ['congelar', 'congelarla', 'congelamiento', 'pausar', 'pausa', 'pausarla', 'suspender', 'suspension', 'freeze', 'pause'],
  ['pension', 'guarderia', 'cuidar', 'cuiden', 'cuidan', 'cuidado', 'encargar'],
  ['operar', 'operacion', 'operaciones', 'cirugia', 'cirugias', 'intervencion', 'quirurgico', 'prequirurgico', 'surgery'],
  ['hospitalizar', 'hospitalizacion', 'hospitalizado', 'internar', 'internado'],
  ['urgencia', 'urgencias', 'emergencia', 'guardia', 'grave'],
  ['anticipado', 'anticipados', 'anticipo', 'adelantar', 'adelanto', 'adelantos', 'prepago', 'abonar', 'abono'],
  ['danado', 'danada', 'roto', 'rota', 'rotos', 'golpeado', 'golpeada', 'maltratado', 'defectuoso', 'damaged', 'broken'],
  ['moler', 'molido', 'molida', 'molidos', 'molienda', 'grind', 'ground'],
  ['internacional', 'internacionales', 'extranjero', 'abroad'],
  // Not "transfer": it is how "transferencia" (a bank transfer) starts.
  ['traslado', 'traslados', 'transporte', 'shuttle'],
  ['tramitar', 'tramite', 'tramites', 'sacar', 'gestionar'],
  ['experiencia', 'conocimientos', 'principiante', 'principiantes', 'beginner', 'beginners', 'experience'],
];

/**
 * Kinds and their instances: a breed is a dog, a dog is a pet, Paris is in Europe. A question
 * about an instance finds what the business writes about its kind ("¿puedo llevar a mi
 * chihuahua?" → "aceptamos perros pequeños"), and one about a kind finds its instances; two
 * instances of one kind (a dog and a cat) are not the same thing.
 */
export const KINDS_OF: Record<string, string[]> = {
  mascota: ['perro', 'gato', 'conejo', 'huron', 'hamster', 'ave', 'tortuga'],
  perro: ['chihuahua', 'labrador', 'poodle', 'schnauzer', 'pug', 'beagle', 'husky', 'bulldog', 'yorkshire', 'salchicha', 'pitbull', 'maltes', 'dalmata', 'rottweiler', 'golden', 'pomerania', 'boxer', 'doberman'],
  gato: ['siames', 'persa', 'angora', 'bengali'],
  europa: ['espana', 'francia', 'italia', 'alemania', 'portugal', 'inglaterra', 'madrid', 'paris', 'roma', 'londres', 'barcelona'],
  // The means of paying are kinds of payment, not the same thing as each other (cash is not a card).
  pago: ['tarjeta', 'efectivo', 'transferencia', 'card', 'cash'],
  internacional: ['estados', 'unidos', 'usa', 'eua', 'canada', 'europa', 'guatemala', 'colombia', 'espana'],
};

/** Verbs a yes-or-no question opens with, and the words the business's answer uses for them. */
export const YES_NO_VERBS: string[][] = [
  ['tienen', 'tiene', 'tienes', 'hay', 'tenemos', 'contamos', 'ofrecemos', 'manejamos', 'have'],
  ['aceptan', 'acepta', 'aceptas', 'aceptamos', 'accept'],
  ['manejan', 'maneja', 'manejas', 'manejamos'],
  ['hacen', 'hace', 'haces', 'hacemos', 'realizamos', 'realizan'],
  ['dan', 'da', 'das', 'damos', 'ofrecen', 'ofrece', 'ofreces', 'ofrecemos', 'offer'],
  ['venden', 'vende', 'vendes', 'vendemos'],
  ['rentan', 'renta', 'rentas', 'rentamos', 'alquilan', 'alquilamos'],
  ['atienden', 'atiende', 'atiendes', 'atendemos'],
  ['trabajan', 'trabaja', 'trabajamos'],
  ['cobran', 'cobra', 'cobras', 'cobramos'],
  ['incluye', 'incluyen', 'incluimos'],
  ['puedo', 'puede', 'pueden', 'podemos', 'puedes', 'can'],
];

export type FactKind = 'price' | 'duration' | 'hours' | 'place' | 'when' | 'requirements' | 'capacity' | 'who' | 'count';

/** Phrases that say which kind of fact is asked. */
export const KIND_PHRASES: [FactKind, RegExp][] = [
  ['duration', /\b(?:cuanto tiempo|cuanto dura|cuanto duran|cuanto tarda|cuanto tardan|duracion|dura|duran|tarda|tardan|how long|duration)\b/],
  [
    'price',
    /\b(?:(?:en\s+)?cuanto\s+(?:me\s+|nos\s+|te\s+|le\s+|les\s+)?(?:cuesta|cuestan|questa|kuesta|cuezta|cobran|cobra|cobrarian|cobraria|cobrarias|sale|salen|vale|valen|es|son|esta|estan|seria|serian|costaria|pagaria|pago|queda|quedaria|anda)|en cuanto|precio|precios|presio|presios|costo|costos|cuesta|cuestan|questa|costaria|cobran|cobra|cobrarian|cobraria|tarifa|tarifas|cotizacion|cotizar|mensualidad|how much|price|prices|cost|costs|fee|fees|rate|rates)\b/,
  ],
  [
    'hours',
    /\b(?:horario|horarios|a que hora|que hora|hasta que hora|desde que hora|a partir de que hora|abren|abre|abierto|abiertos|abrimos|cierran|cierra|cerrado|cerrados|que dias|what time|opening|open|close|closing|hours)\b/,
  ],
  ['place', /\b(?:donde|adonde|ubicados|ubicacion|ubicada|ubicado|ubican|direccion|como llego|como llegar|where|address|located|location)\b/],
  ['when', /\b(?:cuando|que fecha|que dia|when|what day|what date)\b/],
  ['capacity', /\b(?:cuant[oa]s\s+(?:personas|invitados|gente|alumnos|lugares|autos)\s+(?:caben|entran|reciben|pueden|aceptan|admiten)|capacidad|cupo|aforo|how many people)\b/],
  ['who', /\b(?:quien|quienes|que doctor(?:a|es|as)?|con que doctor(?:a)?|que (?:medicos|especialistas|entrenadores|maestros|profesores|instructores)|who)\b/],
  [
    'requirements',
    /\b(?:que necesito|que se necesita|que ocupo|que piden|que me piden|que requisitos|requisitos|documentos|documentacion|papeles|que debo llevar|que tengo que llevar|que hay que llevar|requirements|what do i need)\b/,
  ],
];

/** Words that only say which kind of fact is asked, not which fact. */
export const KIND_WORDS = new Set(
  (
    'cuanto cuanta cuesta cuestan costo costos precio precios cobran cobra cobren cobre cobrarian cobraria cobrarias tarifa tarifas sale salen ' +
    'vale valen costaria cotizacion cotizar much price prices cost costs fee fees rate rates tiempo dura duran duracion ' +
    'tarda tardan long horario horarios hora horas abren abre abierto abiertos abrimos cierran cierra cerrado cerrados time open ' +
    'opening close closing hours donde adonde ubicados ubicacion ubicada ubicado ubican direccion where address ' +
    'located location cuando fecha when date queda quedaria anda pagaria encuentran encuentra ubico encontrarlos ubicarlos ' +
    'capacidad cupo aforo caben quien quienes who'
  ).split(' '),
);

/** Phrases that name, in other words, a thing businesses write with one word: the word is asked too. */
export const PHRASE_TERMS: [RegExp, string[]][] = [
  [/\b(?:cargos?|cobros?|pagos?|debitos?)\s+(?:automaticos?|recurrentes?|domiciliados?)\b/, ['domiciliacion']],
  [/\b(?:cuando|que dia|que fecha)\s+(?:me\s+|nos\s+|se\s+|les\s+)?(?:cobran|cobra|descuentan|hacen el cargo)\b/, ['cargo']],
  [/\b(?:esta|estan|anda|sigue|se puso|se siente|se ve)\s+(?:muy\s+)?(?:mal|malito|malita|grave|enferm[oa]s?)\b/, ['urgencia']],
  // Not coming to an appointment is what a cancellation policy speaks of, and a no-show ("si no se presenta"): "¿qué pasa si no llego a mi cita?".
  [/\bsi no (?:llego|llegara|llegamos|voy|vamos|asisto|me presento|nos presentamos|puedo ir|puedo llegar|alcanzo a llegar)\b|\bsi falto\b/, ['cancelacion', 'presenta']],
  // Knowing nothing of it yet asks whether experience is needed: "no sé nada de programación, ¿puedo entrar?".
  [/\b(?:no (?:se|sabemos) nada de|no tengo (?:experiencia|conocimientos?)|nunca (?:he|hemos) (?:hecho|tomado|practicado|jugado|usado)|soy principiante|somos principiantes|desde cero|de cero)\b/, ['experiencia', 'principiante']],
  // A deadline as near as tomorrow asks whether the work can be rushed: "¿lo tienen para mañana?".
  [/\b(?:para (?:hoy|manana|pasado manana)(?: mismo)?|hoy mismo)\b/, ['urgente']],
  [/\b(?:dejar|estacionar|guardar|meter)\s+(?:el|mi|los|mis|nuestro)?\s*(?:carro|auto|coche|camioneta|vehiculo)s?\b/, ['estacionamiento']],
];
