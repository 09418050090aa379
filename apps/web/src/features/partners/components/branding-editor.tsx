import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { PartnerProfile } from '@charla/shared';
import { defaultBranding, partnerLogo } from '@charla/shared/constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useUpdateBranding, useUploadLogo } from '../api/use-partners.ts';
import { contrastRatio, passesAA } from '../contrast.ts';

type ColourKey = keyof typeof defaultBranding;
const colourKeys: ColourKey[] = ['bgColor', 'fontColor', 'unfocusedColor', 'highlightColor'];

const coloursOf = (partner: PartnerProfile): Record<ColourKey, string> => ({
  bgColor: partner.config.bgColor ?? defaultBranding.bgColor,
  fontColor: partner.config.fontColor ?? defaultBranding.fontColor,
  unfocusedColor: partner.config.unfocusedColor ?? defaultBranding.unfocusedColor,
  highlightColor: partner.config.highlightColor ?? defaultBranding.highlightColor,
});

/** The dashboard as the partner's clients will see it, drawn with the colours being chosen. */
function DashboardPreview({ colours, logoUrl, name }: { colours: Record<ColourKey, string>; logoUrl: string | null; name: string }) {
  const { t } = useTranslation('partners');
  return (
    <div data-testid="branding-preview" aria-label={t('branding.preview')} className="self-start overflow-hidden rounded-xl border border-line text-sm" style={{ background: colours.bgColor, color: colours.fontColor }}>
      <div className="flex min-h-48">
        <div className="flex w-28 shrink-0 flex-col gap-2 border-r p-3 sm:w-36" style={{ borderColor: `${colours.unfocusedColor}55` }}>
          <div className="mb-2 flex h-8 items-center">
            {logoUrl ? <img src={logoUrl} alt="" className="max-h-8 max-w-full object-contain" /> : <span className="font-bold">{name}</span>}
          </div>
          <span className="rounded-md px-2 py-1 font-semibold" style={{ background: colours.highlightColor, color: (contrastRatio('#ffffff', colours.highlightColor) ?? 21) >= 3 ? '#ffffff' : '#0a0a0a' }}>
            CRM
          </span>
          <span className="px-2 py-1" style={{ color: colours.unfocusedColor }}>{t('branding.previewResources')}</span>
          <span className="px-2 py-1" style={{ color: colours.unfocusedColor }}>{t('branding.previewAccount')}</span>
        </div>
        <div className="min-w-0 flex-1 space-y-2 break-words p-4">
          <p className="text-sm font-semibold hyphens-auto sm:text-base">{t('branding.previewTitle')}</p>
          <p style={{ color: colours.unfocusedColor }}>{t('branding.previewBody')}</p>
          <span className="inline-block max-w-full rounded-lg px-3 py-1.5 font-semibold" style={{ border: `1px solid ${colours.highlightColor}`, color: colours.highlightColor }}>
            {t('branding.previewButton')}
          </span>
        </div>
      </div>
    </div>
  );
}

/** The partner's logo and four colours, with a live preview, a WCAG AA check and a reset to the defaults. */
export function BrandingEditor({ partner }: { partner: PartnerProfile }) {
  const { t } = useTranslation('partners');
  const [colours, setColours] = useState(() => coloursOf(partner));
  const [removeLogo, setRemoveLogo] = useState(false);
  const [confirmLow, setConfirmLow] = useState(false);
  const save = useUpdateBranding();
  const upload = useUploadLogo();
  const file = useRef<HTMLInputElement>(null);
  useEffect(() => setColours(coloursOf(partner)), [partner]);

  const lowContrast = !passesAA(colours.fontColor, colours.bgColor);
  const ratio = contrastRatio(colours.fontColor, colours.bgColor);
  const logoUrl = removeLogo ? null : (partner.config.logoUrl ?? null);

  const submit = () => {
    if (lowContrast && !confirmLow) {
      setConfirmLow(true);
      return;
    }
    save.mutate(
      { ...colours, removeLogo },
      {
        onSuccess: () => {
          setConfirmLow(false);
          setRemoveLogo(false);
          showToast(t('branding.saved'), 'success');
        },
      },
    );
  };

  const pick = (f: File | undefined) => {
    if (!f) return;
    if (f.size > partnerLogo.maxBytes || !(partnerLogo.types as readonly string[]).includes(f.type)) {
      showToast(t('branding.logoRules'), 'error');
      return;
    }
    upload.mutate(f, { onSuccess: () => showToast(t('branding.logoSaved'), 'success'), onError: (e) => showToast(errorText(e), 'error') });
  };

  return (
    <Card className="space-y-5 p-5 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold">{t('branding.title')}</h2>
        <p className="mt-1 text-sm text-muted">{t('branding.description', { url: partner.clientUrl })}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-4">
          <div className="space-y-2">
            <span className="block text-sm font-medium">{t('branding.logo')}</span>
            <div className="flex flex-wrap items-center gap-3">
              <input ref={file} type="file" accept={partnerLogo.types.join(',')} className="sr-only" aria-label={t('branding.logoInput')} onChange={(e) => pick(e.target.files?.[0])} />
              <Button variant="secondary" size="sm" loading={upload.isPending} onClick={() => file.current?.click()}>
                {t('branding.uploadLogo')}
              </Button>
              <span className="text-xs text-muted">{t('branding.logoRules')}</span>
            </div>
          </div>
          <div className="grid grid-cols-2 gap-3">
            {colourKeys.map((key) => (
              <label key={key} className="flex items-center gap-3 rounded-xl border border-line bg-field p-2.5 text-sm">
                <input
                  type="color"
                  value={colours[key]}
                  onChange={(e) => setColours((c) => ({ ...c, [key]: e.target.value }))}
                  aria-label={t(`branding.colours.${key}`)}
                  data-testid={`colour-${key}`}
                  className="size-9 shrink-0 cursor-pointer rounded-lg border border-line bg-transparent"
                />
                <span className="min-w-0">
                  <span className="block font-medium">{t(`branding.colours.${key}`)}</span>
                  <span className="font-mono text-xs text-muted">{colours[key]}</span>
                </span>
              </label>
            ))}
          </div>
          {lowContrast ? (
            <Alert tone="error" title={t('branding.lowContrastTitle')}>
              {t('branding.lowContrast', { ratio: ratio?.toFixed(2) ?? '?' })}
            </Alert>
          ) : null}
          <FormAlert error={save.error} />
          <div className="flex flex-wrap gap-3">
            <Button onClick={submit} loading={save.isPending}>
              {lowContrast && confirmLow ? t('branding.saveAnyway') : t('branding.save')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setColours({ ...defaultBranding });
                setRemoveLogo(Boolean(partner.config.logoUrl));
              }}
            >
              {t('branding.reset')}
            </Button>
          </div>
        </div>
        <DashboardPreview colours={colours} logoUrl={logoUrl} name={partner.name} />
      </div>
    </Card>
  );
}
