import { useTranslation } from '../../../../lib/use-translation.ts';
import { SelectField } from '../../../../components/ui/select-field.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { mediaKinds, type MediaDraft, type MediaKind } from '../../creator-draft.ts';

/** A file the message carries: its kind, the public address it is downloaded from and (a document) its name. */
export function MediaFields({ media, onChange, error, name }: { media: MediaDraft | null; onChange: (media: MediaDraft | null) => void; error?: string | undefined; name: string }) {
  const { t } = useTranslation('campaigns');
  const current = media ?? { type: 'image' as MediaKind, url: '', filename: '' };
  const change = (patch: Partial<MediaDraft>) => {
    const next = { ...current, ...patch };
    onChange(next.url.trim() || next.filename.trim() ? next : { ...next, url: '' });
  };
  return (
    <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
      <SelectField
        label={t('message.media.type')}
        name={`${name}_type`}
        value={current.type}
        onChange={(event) => change({ type: event.target.value as MediaKind })}
        options={mediaKinds.map((kind) => ({ value: kind, label: t(`message.media.kinds.${kind}`) }))}
      />
      <TextField
        type="url"
        inputMode="url"
        label={t('message.media.url')}
        hint={t('message.media.urlHint')}
        name={`${name}_url`}
        placeholder="https://"
        value={current.url}
        onChange={(event) => change({ url: event.target.value })}
        error={error}
      />
      {current.type === 'document' ? (
        <TextField
          label={t('message.media.filename')}
          name={`${name}_filename`}
          className="sm:col-start-2"
          value={current.filename}
          onChange={(event) => change({ filename: event.target.value })}
        />
      ) : null}
    </div>
  );
}
