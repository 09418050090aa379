// Seeded generator of Spanish business text (a chain store's catalog, branches, services and
// policies) with a vocabulary of a few thousand word forms drawn with Zipf-like frequencies,
// so a few words are everywhere and most are rare, as in real documents.

/** mulberry32: a small seeded PRNG, so every run builds the same text. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = (s: string) => s.trim().split(/\s*\n\s*|\s*,\s*/).filter(Boolean);

// Nouns as "singular|gender" (m/f); plurals are derived.
const productNouns = words(`
  mochila|f, lámpara|f, silla|f, mesa|f, escritorio|m, colchón|m, almohada|f, sábana|f, cobija|f, edredón|m, toalla|f, cortina|f,
  alfombra|f, tapete|m, espejo|m, reloj|m, sartén|m, olla|f, cacerola|f, licuadora|f, batidora|f, tostador|m, cafetera|f, horno|m,
  microondas|m, refrigerador|m, lavadora|f, secadora|f, estufa|f, ventilador|m, calentador|m, purificador|m, aspiradora|f, plancha|f,
  taladro|m, martillo|m, desarmador|m, serrucho|m, escalera|f, manguera|f, podadora|f, regadera|f, lavabo|m, grifo|m, foco|m,
  extensión|f, cargador|m, audífono|m, bocina|f, teclado|m, monitor|m, impresora|f, tableta|f, celular|m, funda|f, cámara|f,
  tripié|m, bicicleta|f, casco|m, patín|m, balón|m, raqueta|f, pesa|f, colchoneta|f, tenis|m, zapato|m, bota|f, sandalia|f,
  chamarra|f, sudadera|f, camisa|f, playera|f, blusa|f, pantalón|m, falda|f, vestido|m, calcetín|m, gorra|f, sombrero|m, bufanda|f,
  guante|m, cinturón|m, cartera|f, bolsa|f, maleta|f, portafolio|m, cuaderno|m, libreta|f, pluma|f, lápiz|m, marcador|m, carpeta|f,
  calculadora|f, juguete|m, muñeca|f, rompecabezas|m, peluche|m, carriola|f, cuna|f, pañal|m, biberón|m, champú|m, jabón|m, crema|f,
  perfume|m, desodorante|m, cepillo|m, rasuradora|f, labial|m, esmalte|m, vitamina|f, suplemento|m, croqueta|f, correa|f, collar|m,
  acuario|m, jaula|f, comedero|m, maceta|f, semilla|f, fertilizante|m, pintura|f, brocha|f, rodillo|m, impermeabilizante|m,
  azulejo|m, puerta|f, ventana|f, cerradura|f, candado|m, bisagra|f, tornillo|m, clavo|m, taquete|m, pegamento|m, cinta|f, termo|m,
  vaso|m, taza|f, plato|m, cubierto|m, cuchillo|m, charola|f, refractario|m, hielera|f, parrilla|f, asador|m, sombrilla|f, hamaca|f,
  tienda de campaña|f, linterna|f, navaja|f, brújula|f, cantimplora|f, sofá|m, sillón|m, librero|m, ropero|m, cómoda|f, buró|m,
  cabecera|f, litera|f, perchero|m, banco|m, taburete|m, comedor|m, vitrina|f, alacena|f, fregadero|m, campana|f, parrilla eléctrica|f,
  freidora|f, exprimidor|m, procesador|m, báscula|f, molino|m, sandwichera|f, wafflera|f, yogurtera|f, vaporera|f, tetera|f,
  jarra|f, botella|f, lonchera|f, estuche|m, lapicera|f, agenda|f, pizarrón|m, proyector|m, pantalla|f, consola|f, control|m,
  router|m, repetidor|m, disco duro|m, memoria|f, batería|f, pila|f, multicontacto|m, regulador|m, nobreak|m, termostato|m,
  detector|m, alarma|f, timbre|m, chapa|f, mirilla|f, buzón|m, tendedero|m, burro de planchar|m, canasta|f, cesto|m, organizador|m,
  gancho|m, repisa|f, cuadro|m, marco|m, florero|m, vela|f, difusor|m, cojín|m, mantel|m, servilleta|f, individual|m, delantal|m
`);

const services = words(`
  instalación, reparación, mantenimiento, garantía extendida, envío a domicilio, armado, entrega express, apartado, afiliación,
  facturación, mensajería, asesoría, diagnóstico, limpieza profunda, impermeabilización, corte a la medida, personalización, grabado,
  bordado, sublimación, renta de equipo, membresía, suscripción, pedido especial, recolección, reciclaje, afilado, ajuste de prendas,
  retoque, recarga, calibración, configuración, respaldo de información, desinstalación, retiro de equipo viejo, medición a domicilio,
  diseño de interiores, cotización en línea, tarjeta de regalo, mesa de regalos, envoltura de regalo
`);

const adjectives = words(`
  nuevo, pequeño, ligero, resistente, plegable, inalámbrico, recargable, ajustable, ergonómico, impermeable, térmico, eléctrico,
  manual, automático, portátil, compacto, reforzado, acolchado, antiderrapante, reversible, desmontable, infantil, profesional,
  doméstico, industrial, decorativo, clásico, moderno, rústico, deportivo, casual, suave, firme, económico, básico, ecológico,
  biodegradable, orgánico, hipoalergénico, lavable, metálico, digital, silencioso, resistente al agua, apilable, extensible,
  acojinado, ultradelgado, antiadherente, inoxidable, texturizado, estampado, liso, rayado, bordado, tejido, forrado, sellado,
  vintage, minimalista, artesanal, importado, nacional, mexicano, exclusivo, limitado, reacondicionado, usado, seminuevo
`);
const invariantAdjectives = words(`
  grande, elegante, premium, brillante, mate, transparente, flexible, durable, estable, amplio, útil, fácil, ideal, versátil,
  reutilizable, original, popular, especial, familiar, individual, doble, triple, king size, queen size, matrimonial
`);

const colors = words(`
  rojo, azul, verde, negro, blanco, gris, amarillo, naranja, morado, rosa, café, beige, turquesa, vino, azul marino, plata, dorado,
  arena, menta, coral, lila, terracota, mostaza, olivo, grafito, hueso, chocolate, durazno, cobre, perla
`);
const materials = words(`
  algodón, poliéster, piel, madera, pino, encino, roble, bambú, acero, aluminio, vidrio, cerámica, plástico, nylon, lino, lana,
  mezclilla, hule, silicón, cobre, latón, mármol, granito, concreto, tela, terciopelo, gamuza, ratán, mimbre, melamina, MDF, PVC,
  policarbonato, fibra de vidrio, acrílico, neopreno, lona, yute, porcelana, barro
`);
const brands = words(`
  Altamar, Bravo, Cumbre, Delta, Estrella, Faro, Gala, Horizonte, Ibérica, Jade, Kora, Luna, Maya, Nogal, Olmeca, Palma, Quetzal,
  Sierra, Tolteca, Umbral, Volcán, Xochi, Yaqui, Zafiro, Aurora, Brisa, Cedro, Duna, Fénix, Granada, Halcón, Isla, Jaguar, Lince,
  Mistral, Nube, Ocelote, Pirámide, Quinta, Rayo, Selva, Trueno, Valle, Cóndor, Ámbar, Cenit, Norte, Sureste, Pacífico, Caribe
`);

const neighbourhoods = words(`
  Roma Norte, Roma Sur, Condesa, Narvarte, Del Valle, Polanco, Coyoacán, Santa Fe, Tlalpan, Xochimilco, Escandón, Juárez,
  Cuauhtémoc, San Rafael, Santa María la Ribera, Tacubaya, Mixcoac, Portales, Lindavista, Azcapotzalco, Iztapalapa, Pedregal,
  San Ángel, Doctores, Obrera, Tabacalera, Anzures, Nápoles, Guadalupe Inn, Lomas de Chapultepec, Tacuba, Churubusco, Copilco,
  Country Club, Prado Norte, Americana, Providencia, Chapalita, Zapopan, Tlaquepaque, Tonalá, Ladrón de Guevara, Jardines del Bosque,
  Santa Tere, Arcos Vallarta, Colinas de San Javier, Bugambilias, Italia Providencia, San Pedro Garza García, Cumbres, Contry,
  Obispado, Mitras, Valle Oriente, Linda Vista, Anáhuac, Apodaca, Santa Catarina, Escobedo, Angelópolis, La Paz, Huexotitla,
  Cholula, Juriquilla, El Refugio, Centro Sur, Montejo, Altabrisa, García Ginerés, Lomas Verdes, Satélite, Echegaray, Interlomas,
  Tecamachalco, Metepec, Lerma, Toluca Centro, Cuernavaca Centro, Vista Hermosa, Rancho Cortés, Zona Río, Playas de Tijuana,
  Otay, Chapultepec Tijuana, Zona Dorada, Tres Ríos, Las Quintas, Campestre, Villa de Pozos, Lomas del Campestre, Jardines de la Hacienda
`);
const streets = words(`
  Insurgentes, Reforma, Chapultepec, Vallarta, Revolución, Universidad, División del Norte, Patriotismo, Calzada de Tlalpan,
  Constituyentes, Periférico, Miguel Hidalgo, Benito Juárez, Morelos, Madero, Allende, Juan Escutia, Niños Héroes, Lázaro Cárdenas,
  Gonzalitos, Garza Sada, Constitución, Zaragoza, Cinco de Mayo, Dieciséis de Septiembre, López Mateos, Américas, Patria,
  Avenida México, Independencia, Juárez, Guerrero, Aldama, Colón, Venustiano Carranza, Obregón, Río Mixcoac, Eje Central,
  Viaducto, Circuito Interior, Mariano Otero, Acueducto, Tepeyac, Montevideo, Horacio, Masaryk, Ámsterdam, Tamaulipas, Álvaro Obregón
`);
const landmarks = words(`
  la estación del metro, el parque central, el mercado municipal, el hospital general, la plaza comercial, la glorieta, el estadio,
  la catedral, la universidad, la central de autobuses, el aeropuerto, el museo de arte, la biblioteca pública, el palacio municipal,
  el jardín principal, la alameda, el auditorio, el club deportivo, la preparatoria, el cine, el banco, la gasolinera
`);
const days = words('lunes, martes, miércoles, jueves, viernes, sábado, domingo');
const months = words('enero, febrero, marzo, abril, mayo, junio, julio, agosto, septiembre, octubre, noviembre, diciembre');
const departments = words(`
  Hogar, Cocina, Recámara, Baño, Jardín, Ferretería, Electrónica, Cómputo, Telefonía, Deportes, Ropa de dama, Ropa de caballero,
  Ropa infantil, Calzado, Bebés, Juguetería, Papelería, Oficina, Belleza, Cuidado personal, Farmacia, Mascotas, Iluminación,
  Decoración, Muebles, Electrodomésticos, Línea blanca, Campismo, Viaje, Automotriz, Pinturas, Plomería, Electricidad, Limpieza
`);
const payments = words(`
  tarjeta de crédito, tarjeta de débito, efectivo, transferencia bancaria, depósito en tienda de conveniencia, vales de despensa,
  monedero electrónico, pago en línea, código QR, cheque certificado, crédito departamental
`);
const policyTopics = words(`
  devoluciones, cambios, reembolsos, garantías, apartados, envíos, facturación, cancelaciones, privacidad, pedidos especiales,
  precios y promociones, meses sin intereses, programa de lealtad, entregas programadas, instalación a domicilio, atención a empresas
`);
const people = words(`
  asesor, gerente, cajero, técnico, repartidor, instalador, encargado, supervisor, especialista, diseñador, ejecutivo
`);
const conditions = words(`
  presentar el ticket de compra, conservar el empaque original, traer una identificación oficial, mostrar la factura,
  que el producto no haya sido usado, que conserve sus etiquetas, que no presente daños por mal uso, registrar el producto en línea,
  pagar un anticipo del treinta por ciento, agendar una cita previa, solicitarlo en caja, llenar el formato de servicio,
  esperar la confirmación por correo, enviar una fotografía del defecto, acudir a la misma sucursal de compra
`);
const benefits = words(`
  envío gratis, instalación sin costo, un año de garantía, dos años de garantía, puntos dobles, un regalo sorpresa,
  descuento en la siguiente compra, armado incluido, asesoría personalizada, entrega al día siguiente, seguro contra robo,
  mantenimiento preventivo, actualización gratuita, soporte técnico telefónico
`);
const adverbs = words(`
  además, también, únicamente, solamente, aproximadamente, generalmente, siempre, normalmente, actualmente, totalmente,
  especialmente, exclusivamente, directamente, rápidamente, fácilmente, previamente, posteriormente, inmediatamente
`);
const units = words('litros, kilos, gramos, centímetros, metros, watts, pulgadas, piezas, mililitros, voltios');
const features = words(`
  luz LED, temporizador, control remoto, conexión bluetooth, puerto USB, asa plegable, ruedas giratorias, cierre de cremallera,
  bolsillos laterales, tapa hermética, filtro lavable, motor de cobre, cuchillas de acero, pantalla táctil, sensor de movimiento,
  apagado automático, tres velocidades, cinco niveles de potencia, base antiderrapante, cable retráctil, mango de madera,
  acabado satinado, recubrimiento cerámico, jarra de vidrio templado, depósito desmontable, función de vapor, modo nocturno,
  batería de larga duración, carga rápida, resistencia al polvo, certificación energética, respaldo reclinable, cojines removibles,
  patas niveladoras, cajones con correderas, espejo abatible, herrajes cromados, costuras reforzadas, forro térmico, suela de goma,
  plantilla acolchada, tirantes ajustables, compartimento para laptop, candado integrado, garantía del fabricante, manual en español,
  accesorios incluidos, estuche rígido, correa ajustable, broche magnético, visor panorámico, termómetro integrado, alarma sonora,
  bandeja recolectora, difusor de aire, tanque de agua, rejilla removible, quemadores de latón, encendido electrónico, puerta de vidrio
`);
const cities = words(`
  Guadalajara, Monterrey, Puebla, Querétaro, León, Toluca, Cuernavaca, Mérida, Cancún, Tijuana, Mexicali, Hermosillo, Chihuahua,
  Saltillo, Torreón, Durango, Zacatecas, Aguascalientes, Morelia, Pachuca, Tlaxcala, Oaxaca, Veracruz, Xalapa, Villahermosa,
  Tuxtla Gutiérrez, Campeche, Chetumal, Culiacán, Mazatlán, Tepic, Colima, Manzanillo, Acapulco, Irapuato, Celaya, Ensenada,
  Reynosa, Matamoros, Tampico, Ciudad Juárez, Los Cabos, La Paz, San Luis Potosí, Puerto Vallarta, Uruapan, Orizaba, Córdoba
`);
const firstNames = words(`
  Ana, Carlos, María, José, Lucía, Miguel, Sofía, Jorge, Fernanda, Luis, Valeria, Ricardo, Daniela, Alejandro, Gabriela, Roberto,
  Mariana, Eduardo, Paola, Arturo, Claudia, Francisco, Verónica, Javier, Adriana, Raúl, Patricia, Sergio, Alejandra, Héctor,
  Mónica, Manuel, Rosa, Óscar, Elena, Rubén, Silvia, Andrés, Liliana, Enrique, Karla, Diego, Beatriz, Ramón, Ximena, Pablo
`);
const surnames = words(`
  García, Hernández, Martínez, López, González, Rodríguez, Pérez, Sánchez, Ramírez, Flores, Cruz, Morales, Reyes, Gutiérrez,
  Ortiz, Chávez, Ruiz, Mendoza, Aguilar, Castillo, Jiménez, Vázquez, Romero, Herrera, Medina, Castro, Vargas, Guzmán, Salazar,
  Rojas, Domínguez, Navarro, Ríos, Contreras, Delgado, Cervantes, Estrada, Figueroa, Fuentes, Ibarra, Lara, Luna, Montes, Pineda
`);
const occasions = words(`
  Día de las Madres, Día del Padre, regreso a clases, Buen Fin, Navidad, Año Nuevo, Semana Santa, vacaciones de verano,
  fiestas patrias, Día del Niño, San Valentín, Día de Muertos, temporada de lluvias, temporada de calor, inicio de año, aniversario
`);
const uses = words(`
  para acampar, para cocinar al vapor, para hornear pasteles, para jugar fútbol, para correr maratones, para nadar, para escalar,
  para pescar, para hacer yoga, para meditar, para estudiar, para trabajar desde casa, para dormir mejor, para decorar la sala,
  para organizar el clóset, para limpiar alfombras, para regar plantas, para podar arbustos, para pintar paredes, para reparar fugas,
  para colgar cuadros, para perforar concreto, para lijar muebles, para tejer, para coser, para bordar, para planchar camisas,
  para preparar café, para moler especias, para licuar fruta, para asar carne, para freír sin aceite, para conservar alimentos,
  para transportar bebés, para pasear perros, para bañar gatos, para entrenar cachorros, para viajar en avión, para ir a la playa,
  para la lluvia, para el frío, para fiestas infantiles, para bodas, para graduaciones, para oficinas pequeñas, para restaurantes,
  para consultorios, para gimnasios, para talleres mecánicos, para estéticas, para cafeterías, para hoteles, para escuelas
`);
const extraNouns = words(`
  taladro percutor, esmeriladora, sierra circular, lijadora, compresor, soldadora, pistola de calor, nivel láser, flexómetro,
  carretilla, pala, rastrillo, tijeras de podar, aspersor, mangueras, cortacésped, motosierra, hidrolavadora, generador,
  deshumidificador, humidificador, calefactor, climatizador, minisplit, enfriador, congelador, cava, despachador, filtro de agua,
  tinaco, cisterna, bomba de agua, boiler, regadera eléctrica, mampara, cancel, tina, excusado, mingitorio, lavamanos, espejo LED,
  persiana, toldo, mosquitero, malla sombra, pérgola, asoleadora, camastro, columpio, resbaladilla, trampolín, alberca inflable
`);
const opinions = [
  'llegó antes de lo prometido y muy bien empacado', 'la calidad superó mis expectativas por el precio', 'el vendedor me explicó todo con paciencia',
  'funciona perfecto aunque hace un poco de ruido', 'lo uso diario desde hace meses y sigue como nuevo', 'el color es idéntico al de la fotografía',
  'tuve que cambiarlo por otra talla y fue sencillo', 'el armado tomó veinte minutos con las instrucciones', 'lo recomiendo ampliamente a mis vecinos',
  'la entrega se retrasó pero me avisaron por mensaje', 'es más pesado de lo que esperaba pero muy sólido', 'mis hijos lo disfrutan cada fin de semana',
  'el aroma es agradable y dura todo el día', 'se calienta rápido y ahorra bastante energía', 'la garantía cubrió la reparación sin problema',
  'el técnico fue puntual, amable y dejó todo limpio', 'mi perro no lo ha podido romper todavía', 'cabe perfecto en mi departamento pequeño',
  'lo compré en oferta y valió cada peso', 'el empaque venía golpeado pero el producto intacto', 'la tela se siente fresca incluso en verano',
  'la batería aguanta casi dos días completos', 'no trae pilas, hay que comprarlas aparte', 'el instructivo venía en inglés y en español',
  'es bonito, práctico y fácil de limpiar', 'se despintó después de varias lavadas', 'excelente atención en la caja y en el almacén',
  'tardaron en facturar pero al final quedó resuelto', 'lo regalé en una boda y les encantó', 'volvería a comprar sin pensarlo dos veces',
  'las ruedas se atoran en la alfombra gruesa', 'mantiene el café caliente durante horas', 'el cierre se rompió a la tercera semana',
  'la cocina quedó transformada con este cambio', 'encontré todo lo que necesitaba para la remodelación', 'muy buena relación entre calidad y precio',
];
const verbsFaq = words(`
  cambiar, devolver, apartar, cotizar, rastrear, cancelar, recoger, facturar, reparar, instalar, armar, pagar, reservar, comprar,
  pedir, regalar, reclamar, reponer, recargar, actualizar, renovar, transferir, consultar, confirmar, modificar, reprogramar
`);

/** Word lists whose entries questions are built from (so questions use the corpus's own words). */
export const lexicon = {
  extraNouns, productNouns, services, colors, materials, brands, neighbourhoods, streets, days, departments, policyTopics, payments, features, cities, occasions };

// --- morphology ----------------------------------------------------------------------------

interface Noun {
  sg: string;
  pl: string;
  f: boolean;
}

function plural(word: string): string {
  const [head, ...rest] = word.split(' ');
  const tail = rest.length ? ` ${rest.join(' ')}` : '';
  const h = head!;
  if (/(s|x)$/.test(h) && !/[áéíóú]s$/.test(h)) return word; // tenis, rompecabezas, microondas
  if (/[aeiouáéó]$/.test(h)) return h + 's' + tail;
  const unaccented = h.replace(/á(?=[nsl]$)/, 'a').replace(/é(?=[nsl]$)/, 'e').replace(/í(?=[nsl]$)/, 'i').replace(/ó(?=[nsl]$)/, 'o').replace(/ú(?=[nsl]$)/, 'u');
  if (h.endsWith('z')) return h.slice(0, -1) + 'ces' + tail;
  return unaccented + 'es' + tail;
}

const nouns: Noun[] = productNouns.map((entry) => {
  const [sg, g] = entry.split('|') as [string, string];
  return { sg, pl: plural(sg), f: g === 'f' };
});
lexicon.productNouns = nouns.map((n) => n.sg);

/** An adjective agreeing with a noun. */
function agree(adj: string, f: boolean, pl: boolean): string {
  const [head, ...rest] = adj.split(' ');
  const tail = rest.length ? ` ${rest.join(' ')}` : '';
  let h = head!;
  if (/o$/.test(h)) h = f ? `${h.slice(0, -1)}a` : h;
  else if (/(ón|ín|án|és|or)$/.test(h) && f) h = `${h.replace(/ó(?=n$)/, 'o').replace(/í(?=n$)/, 'i').replace(/á(?=n$)/, 'a').replace(/é(?=s$)/, 'e')}a`;
  if (pl) h = /[aeiouáéíóú]$/.test(h) ? `${h}s` : /z$/.test(h) ? `${h.slice(0, -1)}ces` : `${h.replace(/ó(?=n$)/, 'o').replace(/í(?=n$)/, 'i')}es`;
  return h + tail;
}

// --- sampling ------------------------------------------------------------------------------

export class SpanishText {
  readonly random: () => number;
  private readonly order = new Map<readonly string[] | readonly Noun[], number[]>();

  constructor(seed: number) {
    this.random = rng(seed);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  /** Uniform pick. */
  any<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }

  /**
   * Zipf-like pick (weight 1/(rank+1)^0.9) over a fixed shuffled order of the list, so some
   * entries are common and most rare, and which ones differs from list to list.
   */
  zipf<T>(list: readonly T[]): T {
    let order = this.order.get(list as readonly string[]);
    if (!order) {
      const shuffle = rng(list.length * 7919 + 17);
      order = list.map((_, i) => i);
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(shuffle() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      this.order.set(list as readonly string[], order);
    }
    // Inverse-CDF of a continuous 1/x^0.9 over [1, n+1].
    const s = 0.9;
    const n = list.length;
    const u = this.random();
    const hi = (n + 1) ** (1 - s);
    const x = (1 + u * (hi - 1)) ** (1 / (1 - s));
    const rank = Math.min(n - 1, Math.max(0, Math.floor(x) - 1));
    return list[order[rank]!]!;
  }

  noun(): Noun {
    return this.zipf(nouns);
  }

  adjective(n: Noun, pl = false): string {
    return this.chance(0.7) ? agree(this.zipf(adjectives), n.f, pl) : pl ? plural(this.zipf(invariantAdjectives)) : this.zipf(invariantAdjectives);
  }

  color(n: Noun, pl = false): string {
    const c = this.zipf(colors);
    return /o$/.test(c) && !/^(café|vino|turquesa|rosa|naranja|lila|menta|coral|arena|mostaza|olivo|grafito|hueso|chocolate|durazno|cobre|perla|plata|azul marino)$/.test(c)
      ? agree(c, n.f, pl)
      : c;
  }

  /** "$18,500.00", "$1,299", "349 pesos", "$4,500 MXN". */
  price(min = 49, max = 45_000): string {
    const value = Math.round((min + (max - min) * this.random() ** 2.2) / 10) * 10 - (this.chance(0.4) ? 1 : 0);
    const grouped = value.toLocaleString('en-US');
    switch (this.int(0, 3)) {
      case 0:
        return `$${grouped}.00`;
      case 1:
        return `$${grouped}`;
      case 2:
        return `${grouped} pesos`;
      default:
        return `$${grouped} MXN`;
    }
  }

  sku(): string {
    const letters = 'ABCDEFGHJKLMNPRSTUVWXZ';
    return `${letters[this.int(0, letters.length - 1)]}${letters[this.int(0, letters.length - 1)]}-${this.int(1000, 9999)}`;
  }

  hour(from: number, to: number): string {
    return `${this.int(from, to)}:${this.chance(0.75) ? '00' : '30'}`;
  }

  /** "la mochila", "los colchones". */
  the(n: Noun, pl = false): string {
    return `${n.f ? (pl ? 'las' : 'la') : pl ? 'los' : 'el'} ${pl ? n.pl : n.sg}`;
  }

  // --- sentences by topic ----------------------------------------------------------------

  productSentence(): string {
    const n = this.noun();
    const brand = this.zipf(brands);
    const variants = [
      () => `${cap(this.the(n))} ${brand} ${this.adjective(n)} de ${this.zipf(materials)} en color ${this.color(n)} cuesta ${this.price()} y tenemos ${this.int(1, 40)} piezas disponibles.`,
      () => `${cap(n.sg)} ${this.adjective(n)} modelo ${this.sku()}: ${this.price()}, medida de ${this.int(10, 220)} ${this.zipf(units)}, disponible en ${this.color(n)}, ${this.color(n)} y ${this.color(n)}.`,
      () => `Contamos con ${n.pl} ${this.adjective(n, true)} de la marca ${brand} desde ${this.price(49, 3000)} hasta ${this.price(3000, 60_000)}.`,
      () => `${cap(this.the(n, true))} de ${this.zipf(materials)} ${this.zipf(adverbs)} incluyen ${this.zipf(benefits)} y ${this.zipf(benefits)}.`,
      () => `Por temporada de ${this.zipf(months)}, ${this.the(n)} ${brand} ${this.adjective(n)} tiene ${this.int(10, 60)}% de descuento: de ${this.price()} baja a ${this.price()}.`,
      () => `Código ${this.sku()}: ${n.sg} ${this.color(n)} ${this.adjective(n)}, garantía de ${this.int(1, 5)} ${this.chance(0.5) ? 'años' : 'meses'}, precio ${this.price()}.`,
      () => `Si buscas ${n.f ? 'una' : 'un'} ${n.sg} para ${this.zipf(['regalo', 'tu casa', 'la oficina', 'la escuela', 'viajar', 'tu negocio', 'el jardín', 'tu mascota'])}, te recomendamos ${this.the(n)} ${brand}, que es ${this.adjective(n)} y ${this.adjective(n)}.`,
      () => `Existencias: ${this.int(0, 120)} ${n.pl} ${this.color(n, true)} en bodega y ${this.int(0, 15)} en piso de venta.`,
      () => `${cap(this.the(n))} ${brand} trae ${this.zipf(features)}, ${this.zipf(features)} y ${this.zipf(features)}; pesa ${this.int(1, 40)} kilos.`,
      () => `Para ${this.zipf(occasions)}, ${this.the(n, true)} ${this.adjective(n, true)} tienen envío gratis a ${this.zipf(cities)} y ${this.zipf(cities)}.`,
      () => `Ideal ${this.zipf(uses)} y ${this.zipf(uses)}: ${this.zipf(extraNouns)} ${brand} por ${this.price()}, o ${this.zipf(extraNouns)} por ${this.price()}.`,
      () => `Fabricado en ${this.zipf(cities)}, ${this.the(n)} ${brand} es ${this.adjective(n)}, con ${this.zipf(features)} y acabado en ${this.color(n)}.`,
    ];
    return this.any(variants)();
  }

  branchSentence(place = this.zipf(neighbourhoods)): string {
    const variants = [
      () => `Nuestra sucursal ${place} está en ${this.zipf(['Av.', 'Calle', 'Blvd.', 'Calzada', 'Avenida'])} ${this.zipf(streets)} ${this.int(10, 4999)}, colonia ${place}, C.P. ${this.int(10_000, 99_999)}.`,
      () => `La tienda de ${place} abre de ${this.zipf(days)} a ${this.zipf(days)} de ${this.hour(7, 11)} a ${this.hour(18, 22)} y los ${this.zipf(days)} de ${this.hour(9, 11)} a ${this.hour(14, 19)}.`,
      () => `En ${place} estamos a ${this.int(1, 9)} cuadras de ${this.zipf(landmarks)}, con estacionamiento para ${this.int(10, 300)} autos.`,
      () => `Para llegar a la sucursal ${place}, toma ${this.zipf(streets)} y da vuelta en ${this.zipf(streets)}; estamos frente a ${this.zipf(landmarks)}.`,
      () => `El teléfono de ${place} es 55 ${this.int(1000, 9999)} ${this.int(1000, 9999)} y el ${this.zipf(people)} te atiende de ${this.hour(8, 10)} a ${this.hour(17, 21)}.`,
      () => `Enviamos a ${place} y a ${this.zipf(neighbourhoods)} en ${this.int(2, 72)} horas; el envío cuesta ${this.price(49, 399)} y es gratis en compras mayores a ${this.price(599, 2999)}.`,
      () => `La sucursal ${place} cuenta con ${this.zipf(services)}, ${this.zipf(services)} y área de ${this.zipf(departments).toLowerCase()}.`,
    ];
    return this.any(variants)();
  }

  serviceSentence(): string {
    const s = this.zipf(services);
    const variants = [
      () => `El servicio de ${s} cuesta ${this.price(99, 4500)} e incluye ${this.zipf(benefits)}.`,
      () => `Ofrecemos ${s} para ${this.noun().pl} y ${this.noun().pl}; se agenda con ${this.int(1, 10)} días de anticipación.`,
      () => `${cap(s)}: ${this.zipf(adverbs)} en ${this.zipf(neighbourhoods)}, ${this.zipf(neighbourhoods)} y ${this.zipf(neighbourhoods)}, con un costo de ${this.price(99, 2500)}.`,
      () => `Para solicitar ${s} es necesario ${this.zipf(conditions)} y ${this.zipf(conditions)}.`,
      () => `Un ${this.zipf(people)} realiza el servicio de ${s} para ${this.noun().pl} en un plazo de ${this.int(1, 15)} días hábiles.`,
      () => `Recomendado ${this.zipf(uses)}: ${s} de ${this.noun().pl} ${this.zipf(adverbs)} por ${this.price(99, 1500)}.`,
    ];
    return this.any(variants)();
  }

  reviewSentence(): string {
    return `${this.zipf(firstNames)} ${this.zipf(surnames)}, de ${this.zipf(cities)}, opina sobre ${this.the(this.noun())}: «${cap(this.zipf(opinions))}».`;
  }

  faqSentence(): string {
    const verb = this.zipf(verbsFaq);
    const n = this.noun();
    const person = `${this.zipf(firstNames)} ${this.zipf(surnames)}`;
    const variants = [
      () => `¿Puedo ${verb} ${this.the(n)} si lo compré en ${this.zipf(cities)}? Sí, en cualquier sucursal con ${this.zipf(conditions)}.`,
      () => `¿Cómo puedo ${verb} mi pedido? Escríbenos por WhatsApp al 33 ${this.int(1000, 9999)} ${this.int(1000, 9999)}; te atiende ${person}, ${this.zipf(people)} de servicio a clientes.`,
      () => `¿Tienen ${n.pl} en ${this.zipf(cities)}? Tenemos inventario en ${this.zipf(neighbourhoods)} y ${this.zipf(neighbourhoods)}; si no hay, lo pedimos en ${this.int(2, 10)} días.`,
      () => `¿Cuánto tarda ${this.the(n)} en llegar a ${this.zipf(cities)}? Entre ${this.int(1, 4)} y ${this.int(5, 12)} días hábiles por paquetería.`,
      () => `¿Se puede ${verb} en línea? Solo para ${this.zipf(policyTopics)}; para ${this.zipf(services)} hay que visitar la tienda.`,
    ];
    return this.any(variants)();
  }

  policySentence(): string {
    const topic = this.zipf(policyTopics);
    const variants = [
      () => `Política de ${topic}: tienes ${this.int(7, 90)} días naturales después de la compra; es indispensable ${this.zipf(conditions)}.`,
      () => `Aceptamos ${this.zipf(payments)}, ${this.zipf(payments)} y ${this.zipf(payments)}; con ${this.zipf(payments)} hay ${this.zipf(['3', '6', '9', '12', '18'])} meses sin intereses en compras mayores a ${this.price(1500, 8000)}.`,
      () => `Las condiciones de ${topic} no aplican en ${this.zipf(departments).toLowerCase()} ni en productos de liquidación, salvo defecto de fábrica.`,
      () => `El reembolso se hace al mismo medio de pago en ${this.int(3, 30)} días hábiles; si pagaste con ${this.zipf(payments)}, se entrega en monedero electrónico.`,
      () => `La factura se solicita en línea con el número de ticket y tu RFC dentro del mes de la compra; el CFDI llega por correo.`,
      () => `Apartamos cualquier producto con ${this.int(10, 30)}% de anticipo durante ${this.int(15, 60)} días; el apartado se cancela si no se liquida.`,
      () => `Con el programa de lealtad ganas ${this.int(1, 10)}% en puntos; ${this.int(100, 1000)} puntos equivalen a ${this.price(50, 500)} en tu siguiente compra.`,
      () => `Tus datos personales se usan únicamente para ${topic} y ${this.zipf(services)}, conforme al aviso de privacidad.`,
    ];
    return this.any(variants)();
  }

  /** A passage of 3–7 sentences on one topic, with the heading it sits under. */
  passage(kind = this.zipf(['product', 'product', 'branch', 'service', 'policy', 'faq'] as const)): { heading: string; text: string } {
    const count = this.int(3, 7);
    const sentences: string[] = [];
    let heading: string;
    switch (kind) {
      case 'product': {
        heading = `${this.zipf(departments)}: ${cap(this.noun().pl)}`;
        for (let i = 0; i < count; i++) sentences.push(this.chance(0.15) ? this.reviewSentence() : this.productSentence());
        break;
      }
      case 'branch': {
        const place = this.zipf(neighbourhoods);
        heading = `Sucursal ${place}`;
        for (let i = 0; i < count; i++) sentences.push(this.branchSentence(this.chance(0.8) ? place : undefined));
        break;
      }
      case 'service': {
        heading = `Servicios: ${cap(this.zipf(services))}`;
        for (let i = 0; i < count; i++) sentences.push(this.serviceSentence());
        break;
      }
      case 'faq': {
        heading = `Preguntas frecuentes: ${this.zipf(policyTopics)}`;
        for (let i = 0; i < count; i++) sentences.push(this.faqSentence());
        break;
      }
      default: {
        heading = `Políticas de ${this.zipf(policyTopics)}`;
        for (let i = 0; i < count; i++) sentences.push(this.policySentence());
      }
    }
    return { heading, text: sentences.join(' ') };
  }
}

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Distinct lower-case word forms of a text (what "vocabulary size" means here). */
export function vocabulary(texts: Iterable<string>): number {
  const seen = new Set<string>();
  for (const t of texts) for (const w of t.toLowerCase().match(/\p{L}+/gu) ?? []) seen.add(w);
  return seen.size;
}
