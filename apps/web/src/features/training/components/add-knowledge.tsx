import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Card } from '../../../components/ui/card.tsx';
import { GlobeIcon, PlayIcon, TextIcon, UploadIcon } from '../../../components/ui/icons.tsx';
import { FileDropZone } from './file-drop-zone.tsx';
import { LinkSourceForm, TextSourceForm } from './source-forms.tsx';

const tabs = [
  { key: 'file', icon: UploadIcon },
  { key: 'text', icon: TextIcon },
  { key: 'url', icon: GlobeIcon },
  { key: 'youtube', icon: PlayIcon },
] as const;
type Tab = (typeof tabs)[number]['key'];

/** Where new knowledge comes in: a file, pasted text, a web page or a YouTube video. */
export function AddKnowledge({ botId }: { botId: string }) {
  const { t } = useTranslation('training');
  const baseId = useId();
  const [active, setActive] = useState<Tab>('file');

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === active);
    const next = event.key === 'ArrowRight' ? index + 1 : event.key === 'ArrowLeft' ? index - 1 : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    setActive(tab.key);
    document.getElementById(`${baseId}-tab-${tab.key}`)?.focus();
  };

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{t('add.title')}</h2>
      <p className="mt-1 text-sm text-muted">{t('add.description')}</p>
      <div role="tablist" aria-label={t('add.title')} onKeyDown={onKeyDown} className="mt-5 grid grid-cols-4 gap-1 rounded-2xl border border-line bg-field p-1">
        {tabs.map(({ key, icon: Icon }) => {
          const selected = key === active;
          return (
            <button
              key={key}
              id={`${baseId}-tab-${key}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(key)}
              className={`focus-ring flex min-h-11 flex-col items-center justify-center gap-1 rounded-xl px-1 py-1.5 text-xs font-semibold transition sm:flex-row sm:gap-2 sm:text-sm ${
                selected ? 'bg-highlight text-on-highlight shadow' : 'text-muted hover:bg-card hover:text-fg'
              }`}
            >
              <Icon className="size-4 shrink-0" />
              <span className="leading-tight">{t(`add.tabs.${key}`)}</span>
            </button>
          );
        })}
      </div>
      {tabs.map(({ key }) => (
        <div key={key} id={`${baseId}-panel-${key}`} role="tabpanel" aria-labelledby={`${baseId}-tab-${key}`} hidden={key !== active} className="mt-5">
          {/* Every panel stays mounted: an upload started in one keeps reporting while another is open. */}
          {key === 'file' ? <FileDropZone botId={botId} /> : key === 'text' ? <TextSourceForm botId={botId} /> : <LinkSourceForm botId={botId} kind={key} />}
        </div>
      ))}
    </Card>
  );
}
