import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { paths } from '../../../lib/navigation.ts';

/** Shown before any step when the plan has no room for another bot: the limit, and the way up. */
export function BotLimitNotice({ limit, className = '' }: { limit: number; className?: string }) {
  const { t } = useTranslation('bots');
  return (
    <Alert tone="info" className={className} title={t('templates.limitTitle')}>
      <p>{t('templates.limitBody', { count: limit })}</p>
      <Link to={paths.plan} className="focus-ring mt-2 inline-flex rounded-md font-semibold text-fg underline underline-offset-4">
        {t('templates.limitAction')}
      </Link>
    </Alert>
  );
}
