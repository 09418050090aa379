/** Titles written before a name in Spanish and English; they are not how a person is greeted. */
const titles = new Set(
  [
    'dr', 'dra', 'doctor', 'doctora', 'lic', 'licda', 'licenciado', 'licenciada', 'ing', 'ingeniero', 'ingeniera',
    'arq', 'arquitecto', 'arquitecta', 'mtro', 'mtra', 'maestro', 'maestra', 'prof', 'profa', 'profesor', 'profesora',
    'c.p', 'cp', 'sr', 'sra', 'srta', 'señor', 'señora', 'señorita', 'don', 'doña', 'mr', 'mrs', 'ms', 'miss', 'mx',
  ],
);

const isTitle = (word: string) => titles.has(word.toLowerCase().replace(/\.$/, ''));

/** The words of a name without its leading titles ("Dra. Lucía Herrera" → ["Lucía", "Herrera"]). */
export function nameWords(name: string): string[] {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words.findIndex((w) => !isTitle(w));
  return first === -1 ? words : words.slice(first);
}

/** How a person is greeted: the first word of the name after any title ("Dra. Lucía Herrera" → "Lucía"). */
export function greetingName(name: string): string {
  return nameWords(name)[0] ?? '';
}

/** Two letters for an avatar, skipping titles ("Dra. Lucía Herrera" → "LH", "Lucía" → "LU"). */
export function nameInitials(name: string): string {
  const words = nameWords(name);
  const letters = words.length > 1 ? `${Array.from(words[0]!)[0]}${Array.from(words.at(-1)!)[0]}` : Array.from(words[0] ?? '').slice(0, 2).join('');
  return letters.toLocaleUpperCase('es');
}
