import { useTranslation } from '../../../lib/use-translation.ts';
import type { ContactField, ContactImportTarget } from '@charla/shared';
import { contactImportTargets } from '@charla/shared/constants';
import type { MappingRules } from '../../../components/csv-import/column-mapping.ts';
import { CsvImportWizard, type ImportWords } from '../../../components/csv-import/import-wizard.tsx';
import { useContactImport } from '../api/use-crm.ts';

/** A small example file people can fill in. */
const templateCsv = 'Nombre,Teléfono,Correo,Etiquetas,Etapa\nLucía Gómez,33 1234 5678,lucia@example.mx,vip,Nuevo\n';

/** The contacts' columns: each contact field and each of the owner's fields in one column; a name, phone or e-mail is required. */
export function contactMapping(fields: readonly ContactField[]): MappingRules<ContactImportTarget> {
  return {
    choices: [...contactImportTargets, ...fields.map((f) => `field:${f.id}` as const), 'ignore'],
    fallback: 'ignore',
    repeatable: ['ignore'],
    problem: (targets) => (targets.has('name') || targets.has('phone') || targets.has('email') ? null : 'keyMissing'),
  };
}

/** CSV contacts import: file → first rows → columns → import → per-row problems. */
export function ContactImportDialog({ botId, fields, open, onClose }: { botId: string; fields: readonly ContactField[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('crm');
  const { preview, importing } = useContactImport(botId);
  const words: ImportWords = {
    title: t('import.title'),
    subtitle: t('import.subtitle'),
    hint: t('import.hint'),
    templateName: t('import.templateName'),
    mappingIntro: t('import.intro'),
    problem: () => t('import.keyMissing'),
    summary: (count, formatted, columns) => t('import.summary', { count, formatted, columns }),
    run: (count, formatted) => t('import.run', { count, formatted }),
    importing: t('import.importing'),
    resultTitle: (count) => t('import.result', { count }),
    done: t('import.done'),
    target: (target) => {
      if (target.startsWith('field:')) return t('import.targets.field', { name: fields.find((f) => `field:${f.id}` === target)?.name ?? '' });
      return t(`import.targets.${target as (typeof contactImportTargets)[number] | 'ignore'}`);
    },
  };
  return <CsvImportWizard open={open} onClose={onClose} words={words} rules={contactMapping(fields)} templateCsv={templateCsv} preview={preview} importing={importing} />;
}
