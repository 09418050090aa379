import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { AudiencePreviewResponse, WhatsappTemplateOption } from '@charla/shared';
import type { CreatorDraft, MediaDraft } from '../creator-draft.ts';
import { fillTemplate, fillText } from '../message-preview.ts';
import { PhonePreview, type PreviewMedia } from './phone-preview.tsx';

type Sample = AudiencePreviewResponse['sample'][number];

const previewMedia = (media: MediaDraft | null): PreviewMedia | null =>
  media && media.url.trim() ? { kind: media.type, src: media.type === 'image' ? media.url.trim() : null, name: media.filename.trim() || null } : null;

/** The draft's message in the phone, filled for one recipient of the audience's first ones at a time. */
export function MessagePreview({
  business,
  botLocale,
  formal,
  draft,
  template,
  sample,
}: {
  business: string;
  /** The bot's language and tone: the opt-out line is written in them. */
  botLocale: string;
  formal: boolean;
  draft: CreatorDraft;
  template: WhatsappTemplateOption | null;
  sample: readonly Sample[];
}) {
  const { t } = useTranslation('campaigns');
  const [index, setIndex] = useState(0);
  const at = sample.length ? index % sample.length : 0;
  const recipient = sample[at] ?? null;
  const values = recipient ? { ...recipient.variables } : {};
  const who = recipient ? [recipient.name, recipient.phone].filter(Boolean).join(' · ') : null;
  const move = (step: -1 | 1) => setIndex((i) => (i + step + sample.length) % Math.max(sample.length, 1));
  const position = sample.length ? { index: at, total: sample.length } : undefined;
  const common = { business, recipient: who, onMove: move, ...(position ? { position } : {}) };

  if (draft.channel === 'whatsapp') {
    return (
      <PhonePreview
        {...common}
        header={template?.header ?? null}
        media={previewMedia(draft.headerMedia)}
        text={template ? fillTemplate(template.body, draft.bodyVariables, values) : ''}
        footer={template?.footer ?? null}
      />
    );
  }
  const optOut = draft.channel === 'whatsmeow' && draft.optOutLine ? t(`message.optOut.line.${botLocale === 'en' ? 'en' : 'es'}.${formal ? 'formal' : 'informal'}`) : null;
  return <PhonePreview {...common} media={draft.channel === 'whatsmeow' ? previewMedia(draft.media) : null} text={fillText(draft.text, values)} footer={optOut} />;
}
