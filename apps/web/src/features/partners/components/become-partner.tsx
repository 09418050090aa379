import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { PartnerProfile } from '@charla/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useRegisterPartner } from '../api/use-partners.ts';

/** The partner portal's address beside the current one: partners.<host>. */
export function portalAddress(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol}//partners.${location.host.replace(/^www\./, '')}`;
}

/** On the main product: the way to the partner portal, or the form to become a partner with a subdomain. */
export function BecomePartner({ partner }: { partner: PartnerProfile | null }) {
  const { t } = useTranslation('partners');
  const register = useRegisterPartner();
  const [form, setForm] = useState({ slug: '', name: '' });
  if (partner) {
    return (
      <Card className="space-y-3 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">{t('become.already', { name: partner.name })}</h2>
        <p className="text-sm text-muted">{t('become.alreadyBody', { url: partner.clientUrl })}</p>
        <a className="inline-block font-semibold text-highlight underline" href={portalAddress()}>
          {t('become.openPortal')}
        </a>
      </Card>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    register.mutate({ slug: form.slug.trim().toLowerCase(), name: form.name });
  };
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold">{t('become.title')}</h2>
        <p className="mt-1 text-sm text-muted">{t('become.body')}</p>
      </div>
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('become.name')} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required maxLength={120} />
        <TextField label={t('become.slug')} hint={t('become.slugHint')} value={form.slug} onChange={(e) => setForm({ ...form, slug: e.target.value })} required pattern="[a-zA-Z0-9][a-zA-Z0-9\-]{0,30}[a-zA-Z0-9]" />
        <div className="sm:col-span-2">
          <FormAlert error={register.error} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" loading={register.isPending}>
            {t('become.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
