/**
 * The form text is searched in: lower case, no accents, thousands separators between digits
 * removed ("18,500" and "18.500" become "18500"), anything but letters and digits a space.
 * Indexing and queries both go through it, so "Narvarte", "narvarte" and "NÁRVARTE" are one word.
 */
export function searchText(input: string): string {
  return input
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/(\d)[,.](?=\d{3}(?!\d))/g, '$1')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const stopwords = new Set(
  (
    'a al algo algun alguna alguno como con cual cuales de del donde el ella ellos en es esa ese eso esta este esto estos ' +
    'ha hay la las le les lo los me mi mis muy no nos o os para pero por que quien se si sin sobre su sus te ti tu tus un una ' +
    'uno unos usted ustedes y ya yo hola buenas buenos dias tardes noches gracias favor quiero quisiera necesito saber puedo ' +
    'pueden tienen tiene tengo ustedes me gustaria informacion the and or of to in is are do does you your i we what how ' +
    'can for on with at it my our'
  ).split(' '),
);

/** The words of a question worth searching for: distinct, not stop words, at most 12. */
export function queryTerms(question: string): string[] {
  const words = searchText(question).split(' ');
  return [...new Set(words.filter((w) => w.length > 1 && !stopwords.has(w)))].slice(0, 12);
}
