import type { WhatsappTemplateBody, WhatsappTemplateOption, WhatsappTemplateProblem } from '@charla/shared';

type Named = Pick<WhatsappTemplateOption, 'name' | 'language'>;

/** One select value per template: a name exists once per language. */
export const templateKey = (t: Named): string => `${t.name}|${t.language}`;

export const templateLabel = (t: Named): string => `${t.name} (${t.language})`;

type Unusable = WhatsappTemplateOption & { problem: WhatsappTemplateProblem };

/** Templates the reply can go out as, and the ones Meta approved that it cannot use (with why). */
export function splitTemplates(options: readonly WhatsappTemplateOption[]) {
  return { usable: options.filter((o) => o.problem === null), unusable: options.filter((o): o is Unusable => o.problem !== null) };
}

export function findTemplate(options: readonly WhatsappTemplateOption[], key: string): WhatsappTemplateOption | null {
  return options.find((o) => templateKey(o) === key) ?? null;
}

/** What PUT …/whatsapp-template takes for a listed template: its own variable says whether it carries the reply. */
export function templateBody(option: WhatsappTemplateOption): WhatsappTemplateBody {
  return { name: option.name, language: option.language, with_text: option.with_text };
}

/** The choice to start from: the current template when Meta still lists it as usable, else the first usable one. */
export function initialChoice(options: readonly WhatsappTemplateOption[], current: WhatsappTemplateBody | null): string {
  const { usable } = splitTemplates(options);
  const listed = current && usable.find((o) => o.name === current.name && o.language === current.language);
  return listed ? templateKey(listed) : usable[0] ? templateKey(usable[0]) : '';
}

/** A template text cut around its variables, so a preview can mark where the reply goes. */
export function textParts(text: string): { text: string; variable: boolean }[] {
  return text
    .split(/(\{\{\s*[^}\s]+\s*\}\})/)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, variable: /^\{\{.*\}\}$/.test(part) }));
}
