import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { fieldErrors } from '../../../lib/error-text.ts';
import { useAddSource, useReadingToast } from '../api/use-documents.ts';
import { looksLikeHttpUrl, looksLikeYoutube, maxTextChars } from '../training-type.ts';
import { intlLocale, numberFormat } from '../../../lib/intl.ts';

/** Pasted text: prices, opening hours, policies, frequent questions. */
export function TextSourceForm({ botId }: { botId: string }) {
  const { t, i18n } = useTranslation(['training', 'common']);
  const add = useAddSource(botId);
  const reading = useReadingToast(botId);
  const textId = useId();
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const serverFields = fieldErrors(add.error);
  const textError = missing ? t('common:validation.required') : serverFields.text;
  const count = numberFormat(intlLocale(i18n.resolvedLanguage));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim()) {
      setMissing(true);
      return;
    }
    add.add(
      { kind: 'text', text, name },
      {
        onSuccess: ({ document }) => {
          setText('');
          setName('');
          reading(document);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {serverFields.text ? null : <FormAlert error={add.error} />}
      <TextField
        label={t('training:forms.text.name')}
        hint={t('training:forms.text.nameHint')}
        value={name}
        maxLength={200}
        onChange={(event) => setName(event.target.value)}
        error={serverFields.document_name}
      />
      <div className="space-y-1.5">
        <label htmlFor={textId} className="block text-sm font-medium">
          {t('training:forms.text.label')}
        </label>
        <textarea
          id={textId}
          value={text}
          maxLength={maxTextChars}
          rows={7}
          aria-invalid={textError ? true : undefined}
          aria-describedby={textError ? `${textId}-error` : `${textId}-count`}
          placeholder={t('training:forms.text.placeholder')}
          onChange={(event) => {
            setText(event.target.value);
            setMissing(false);
          }}
          className={`block w-full resize-y rounded-xl border bg-field px-3.5 py-3 text-[15px] leading-relaxed text-fg placeholder:text-muted/70 transition outline-none focus:border-highlight focus:ring-3 focus:ring-highlight/25 ${
            textError ? 'border-danger/70' : 'border-line'
          }`}
        />
        <div className="flex items-start justify-between gap-3 text-xs">
          {textError ? (
            <p id={`${textId}-error`} className="text-sm text-danger">
              {textError}
            </p>
          ) : (
            <span />
          )}
          <span id={`${textId}-count`} className="shrink-0 text-muted tabular-nums">
            {t('training:forms.text.count', { count: count.format(text.length), max: count.format(maxTextChars) })}
          </span>
        </div>
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={add.isPending}>
          {t('training:forms.text.submit')}
        </Button>
      </div>
    </form>
  );
}

/** A web page or a YouTube video, by its address. */
export function LinkSourceForm({ botId, kind }: { botId: string; kind: 'url' | 'youtube' }) {
  const { t } = useTranslation(['training', 'common']);
  const add = useAddSource(botId);
  const reading = useReadingToast(botId);
  const [url, setUrl] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const serverFields = fieldErrors(add.error);
  const error = localError ?? serverFields.url;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = url.trim();
    if (!value) return setLocalError(t('common:validation.required'));
    if (!looksLikeHttpUrl(value)) return setLocalError(t('training:forms.badUrl'));
    if (kind === 'youtube' && !looksLikeYoutube(value)) return setLocalError(t('training:forms.youtube.notYoutube'));
    add.add(kind === 'url' ? { kind: 'url', url: value } : { kind: 'youtube', url: value }, {
      onSuccess: ({ document }) => {
        setUrl('');
        reading(document);
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {serverFields.url ? null : <FormAlert error={add.error} />}
      <TextField
        label={t(`training:forms.${kind}.label`)}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder={t(`training:forms.${kind}.placeholder`)}
        hint={t(`training:forms.${kind}.hint`)}
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          setLocalError(null);
        }}
        error={error}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={add.isPending}>
          {t(`training:forms.${kind}.submit`)}
        </Button>
      </div>
    </form>
  );
}
