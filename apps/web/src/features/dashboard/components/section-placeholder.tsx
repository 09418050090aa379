import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import type { Section } from '../../../lib/navigation.ts';
import { sectionIcons } from './section-icons.tsx';

/** A section that is on its way: its name, what it is for, and a clear "coming soon". */
export function SectionPlaceholder({ section }: { section: Exclude<Section, 'mi-cuenta' | 'ayuda' | 'referidos'> }) {
  const { t } = useTranslation('dashboard');
  const Icon = sectionIcons[section];
  return (
    <>
      <PageHeader title={t(`sections.${section}.label`)} description={t(`sections.${section}.description`)} />
      <EmptyState
        icon={<Icon className="size-8" />}
        badge={t('placeholder.badge')}
        title={t(`sections.${section}.soonTitle`)}
        description={t(`sections.${section}.soonBody`)}
      />
    </>
  );
}
