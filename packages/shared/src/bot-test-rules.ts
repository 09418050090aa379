/**
 * The assistant's saved tests ("Pruebas del asistente"), without zod: their limits and the
 * friendly way an owner writes the facts a reply must hold (one line per fact, its alternatives
 * separated by " / " or "|"). The server's schemas and the web form use the same rules.
 */
export const botTestLimits = {
  /** Characters of the question. */
  question: 500,
  /** Groups of facts a reply must hold, and groups it must not. */
  groups: 10,
  /** Alternatives in one group. */
  alternatives: 10,
  /** Characters of one alternative. */
  alternative: 200,
  /** Saved tests of one bot. */
  perBot: 200,
} as const;

/** Splits one line into its alternatives: " / " (spaces around, so 9:00/14:00 stays whole) or "|". */
const alternativeSeparator = /\s+\/\s+|\|/;

/**
 * The groups of facts written one per line: each line a group, its alternatives separated by
 * " / " or "|"; blank lines and empty alternatives are dropped, a repeated alternative kept once.
 */
export function factsFromLines(text: string): string[][] {
  return text
    .split(/\r?\n/)
    .map((line) =>
      line
        .split(alternativeSeparator)
        .map((alt) => alt.trim())
        .filter((alt, i, all) => alt && all.indexOf(alt) === i),
    )
    .filter((group) => group.length > 0);
}

/** The groups back as lines an owner reads and edits. */
export const linesFromFacts = (groups: readonly (readonly string[])[]): string => groups.map((g) => g.join(' / ')).join('\n');

/** What is wrong with groups of facts as the server would refuse them, if anything. */
export function factsProblem(groups: readonly (readonly string[])[], { required }: { required: boolean }): 'required' | 'too_many_groups' | 'too_many_alternatives' | 'too_long' | undefined {
  if (required && groups.length === 0) return 'required';
  if (groups.length > botTestLimits.groups) return 'too_many_groups';
  if (groups.some((g) => g.length > botTestLimits.alternatives)) return 'too_many_alternatives';
  if (groups.some((g) => g.some((alt) => alt.length > botTestLimits.alternative))) return 'too_long';
  return undefined;
}
