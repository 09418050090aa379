// Customers' questions about the store the Spanish text generator describes: prices, products,
// hours, places, deliveries, policies and services; some with typos, some with numbers, and
// some about things the store does not have.
import { cap, lexicon, rng, SpanishText } from './spanish-text.ts';

export type QuestionKind = 'price' | 'product' | 'hours' | 'place' | 'delivery' | 'policy' | 'service' | 'typo' | 'number' | 'nothing';

export interface Question {
  kind: QuestionKind;
  text: string;
}

const nothing = [
  '¿Venden helicópteros o submarinos?',
  'criptomonedas bitcoin ethereum',
  '¿Hacen trasplantes capilares?',
  'clases de paracaidismo acrobático',
  'xilófono cromático para orquesta',
  '¿Reparan satélites meteorológicos?',
  'boletos para el zoológico',
  'vacunas contra la influenza aviar',
  'tratamiento de ortodoncia invisible',
  'licencia de manejo federal',
  'alquiler de yates en Acapulco',
  '¿Organizan excursiones al Everest?',
  'seguro de gastos médicos mayores',
  'abogado para divorcio',
  'traducción certificada de pasaportes',
  'hipoteca bancaria a veinte años',
  '¿Tienen sushi vegano?',
  'cursos de alemán intensivo',
  'veterinario para caballos',
  'quiropráctico deportivo',
];

const keyboardNeighbours: Record<string, string> = {
  a: 's', s: 'a', d: 'f', f: 'g', e: 'r', r: 't', t: 'y', o: 'i', i: 'u', u: 'y', n: 'm', m: 'n', l: 'k', c: 'v', p: 'o', b: 'v',
};

/** One typing mistake: a letter dropped, two swapped, a neighbour key, a doubled letter or an accent left out. */
function typo(word: string, random: () => number): string {
  const plain = word.normalize('NFD').replace(/\p{M}/gu, '');
  if (plain !== word && random() < 0.3) return plain;
  const i = 1 + Math.floor(random() * (word.length - 2));
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 2:
      return word.slice(0, i) + (keyboardNeighbours[word[i]!] ?? 'e') + word.slice(i + 1);
    default:
      return word.slice(0, i) + word[i] + word.slice(i);
  }
}

/**
 * `count` questions in fixed proportions. `corpusSamples` are passages of the indexed text:
 * half the number questions quote an SKU or amount that is in them.
 */
export function spanishQuestions(seed: number, count: number, corpusSamples: string[]): Question[] {
  const g = new SpanishText(seed);
  const random = rng(seed + 1);
  const L = lexicon;
  const noun = () => g.noun();
  const makers: Record<Exclude<QuestionKind, 'typo' | 'number' | 'nothing'>, () => string> = {
    price: () =>
      g.any([
        () => `¿Cuánto cuesta ${g.the(noun())} ${g.zipf(L.brands)}?`,
        () => `precio de ${noun().pl} de ${g.zipf(L.materials)}`,
        () => {
          const n = noun();
          return `¿Qué precio tiene ${g.the(n)} ${g.color(n)}?`;
        },
        () => `Hola, buenas tardes, quisiera saber cuánto cuestan ${g.the(noun(), true)} ${g.zipf(L.brands)} y si tienen descuento`,
        () => `¿cuanto sale ${g.the(noun())}?`,
      ])(),
    product: () =>
      g.any([
        () => {
          const n = noun();
          return `¿Tienen ${n.pl} ${g.color(n, true)} de ${g.zipf(L.materials)}?`;
        },
        () => `busco ${noun().sg} con ${g.zipf(L.features)}`,
        () => `${cap(g.zipf(L.extraNouns))} ${g.zipf(L.brands)}`,
        () => `¿Qué ${noun().pl} tienen en el departamento de ${g.zipf(L.departments).toLowerCase()}?`,
        () => `necesito ${noun().sg} para ${g.zipf(L.occasions)}, ¿qué me recomiendan?`,
      ])(),
    hours: () =>
      g.any([
        () => `¿A qué hora abren los ${g.any(L.days)} en ${g.zipf(L.neighbourhoods)}?`,
        () => `horario de la sucursal ${g.zipf(L.neighbourhoods)}`,
        () => `¿Hasta qué hora cierran el ${g.any(L.days)}?`,
        () => `¿Abren en domingo en ${g.zipf(L.neighbourhoods)}?`,
      ])(),
    place: () =>
      g.any([
        () => `¿Dónde está la sucursal de ${g.zipf(L.neighbourhoods)}?`,
        () => `¿Tienen tienda cerca de ${g.zipf(L.streets)}?`,
        () => `¿Cuál es la dirección en ${g.zipf(L.neighbourhoods)}? ¿Hay estacionamiento?`,
        () => `sucursal en ${g.zipf(L.cities)}`,
      ])(),
    delivery: () =>
      g.any([
        () => `¿Hacen envíos a ${g.zipf(L.cities)}? ¿Cuánto tarda?`,
        () => `envío a ${g.zipf(L.neighbourhoods)}`,
        () => `¿El envío es gratis? Vivo en ${g.zipf(L.neighbourhoods)}`,
        () => `¿Cuánto tarda en llegar ${g.the(noun())} a ${g.zipf(L.cities)}?`,
      ])(),
    policy: () =>
      g.any([
        () => `¿Puedo devolver ${g.the(noun())} sin ticket?`,
        () => `¿Aceptan ${g.zipf(L.payments)}?`,
        () => '¿Cómo facturo mi compra? Necesito el CFDI',
        () => '¿Cuántos meses sin intereses dan?',
        () => `¿Cómo funciona el apartado de ${noun().pl}?`,
        () => `política de ${g.zipf(L.policyTopics)}`,
        () => '¿En cuántos días me hacen el reembolso?',
      ])(),
    service: () =>
      g.any([
        () => `¿Cuánto cuesta la ${g.zipf(L.services)}?`,
        () => `¿Hacen ${g.zipf(L.services)} en ${g.zipf(L.neighbourhoods)}?`,
        () => `quiero agendar ${g.zipf(L.services)} para mi ${noun().sg}`,
      ])(),
  };

  const skus = corpusSamples.flatMap((t) => t.match(/\b[A-Z]{2}-\d{4}\b/g) ?? []);
  const amounts = corpusSamples.flatMap((t) => t.match(/\$\d{1,3}(,\d{3})*(\.\d{2})?/g) ?? []);
  const numberQuestion = () =>
    g.any([
      () => `¿Tienen el modelo ${g.chance(0.5) && skus.length ? g.any(skus) : g.sku()}?`,
      () => `SKU ${g.chance(0.5) && skus.length ? g.any(skus) : g.sku()}`,
      () => `¿Qué tienen de ${g.chance(0.5) && amounts.length ? g.any(amounts) : g.price()}?`,
      () => `algo de ${g.int(2, 40)},${g.int(100, 999)} pesos`,
      () => `¿Tienen de ${g.int(10, 200)} litros?`,
      () => `${noun().sg} de ${g.int(20, 120)} centímetros`,
    ])();
  const withTypos = (text: string) => {
    const words = text.split(' ');
    const long = words.map((w, i) => [w.replace(/[¿?¡!,.]/g, ''), i] as const).filter(([w]) => w.length >= 5);
    const hits = Math.min(long.length, 1 + Math.floor(random() * 2));
    for (let k = 0; k < hits; k++) {
      const [w, i] = long[Math.floor(random() * long.length)]!;
      words[i] = words[i]!.replace(w, typo(w, random));
    }
    return words.join(' ');
  };

  const shares: [QuestionKind, number][] = [
    ['price', 60], ['product', 40], ['hours', 25], ['place', 25], ['delivery', 20], ['policy', 30],
    ['service', 20], ['typo', 40], ['number', 20], ['nothing', 20],
  ];
  const total = shares.reduce((a, [, n]) => a + n, 0);
  const questions: Question[] = [];
  for (const [kind, share] of shares) {
    const n = Math.round((share / total) * count);
    for (let i = 0; i < n; i++) {
      let text: string;
      if (kind === 'typo') {
        const base = g.any(['price', 'product', 'hours', 'place', 'delivery', 'policy', 'service'] as const);
        text = withTypos(makers[base]());
      } else if (kind === 'number') text = numberQuestion();
      else if (kind === 'nothing') text = nothing[i % nothing.length]!;
      else text = makers[kind]();
      questions.push({ kind, text });
    }
  }
  // A fixed shuffle, so kinds are interleaved as they would arrive.
  for (let i = questions.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [questions[i], questions[j]] = [questions[j]!, questions[i]!];
  }
  return questions;
}
