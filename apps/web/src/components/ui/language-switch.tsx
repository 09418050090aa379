import { useTranslation } from '../../lib/use-translation.ts';
import { changeLocale, currentLocale, supportedLocales } from '../../lib/i18n.ts';

/** ES / EN: switches the interface language and remembers it. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const active = i18n.resolvedLanguage ?? currentLocale();
  return (
    <div role="group" aria-label={t('language.label')} className={`inline-flex shrink-0 rounded-full border border-line bg-card p-0.5 ${className}`}>
      {supportedLocales.map((locale) => {
        const pressed = active === locale;
        return (
          <button
            key={locale}
            type="button"
            lang={locale}
            aria-pressed={pressed}
            title={t(`language.names.${locale}`)}
            onClick={() => void changeLocale(locale)}
            className={`focus-ring h-8 min-w-10 rounded-full px-2.5 text-xs font-bold tracking-wider transition ${
              pressed ? 'bg-highlight text-on-highlight shadow' : 'text-muted hover:text-fg'
            }`}
          >
            {locale.toUpperCase()}
          </button>
        );
      })}
    </div>
  );
}
