import { useTranslation } from '../../../lib/use-translation.ts';
import { CsvImportWizard, type ImportWords } from '../../../components/csv-import/import-wizard.tsx';
import { useImportCatalog, useImportPreview } from '../api/use-products.ts';
import { catalogMapping, type MappingTarget } from '../import-mapping.ts';

/** A small example file people can fill in. */
const templateCsv = 'nombre,descripcion,precio,moneda,sku,existencias,color\nSala modular Lisboa,Tres piezas con tela antimanchas,18500.00,MXN,SAL-LIS,4,Gris\n';

/** CSV catalog import: pick a file → see its first rows → map its columns → import → what happened. */
export function ImportDialog({ botId, open, onClose }: { botId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('products');
  const preview = useImportPreview(botId);
  const importing = useImportCatalog(botId);
  const words: ImportWords = {
    title: t('import.title'),
    subtitle: t('import.subtitle'),
    hint: t('import.file.hint'),
    templateName: t('import.file.templateName'),
    mappingIntro: t('import.mapping.intro'),
    problem: () => t('import.mapping.nameMissing'),
    summary: (count, formatted, columns) => t('import.preview.summary', { count, formatted, columns }),
    run: (count, formatted) => t('import.run', { count, formatted }),
    importing: t('import.importing'),
    resultTitle: (count) => t('import.result.title', { count }),
    done: t('import.done'),
    target: (target) => t(`import.targets.${target as MappingTarget}`),
  };
  return <CsvImportWizard open={open} onClose={onClose} words={words} rules={catalogMapping} templateCsv={templateCsv} preview={preview} importing={importing} />;
}
