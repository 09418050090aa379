import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Product } from '@charla/shared';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PlusIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText, fieldErrors } from '../../../lib/error-text.ts';
import { useSaveProduct } from '../api/use-products.ts';
import {
  attributeRow,
  createBody,
  emptyProductForm,
  formProblems,
  placeServerErrors,
  productFormFrom,
  updateBody,
  type ProductFormValues,
} from '../product-form.ts';
import { SheetDialog } from '../../../components/ui/sheet-dialog.tsx';

const inputClasses = (error: string | undefined) =>
  `h-11 w-full rounded-xl border bg-field px-3.5 text-[15px] text-fg placeholder:text-muted/70 transition outline-none focus:border-highlight focus:ring-3 focus:ring-highlight/25 ${
    error ? 'border-danger/70' : 'border-line'
  }`;

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">{title}</legend>
      {hint ? <p className="-mt-2 text-sm text-muted">{hint}</p> : null}
      {children}
    </fieldset>
  );
}

/** Create or edit a product: every field, free attributes as key/value rows, server messages inline. */
export function ProductDialog({ botId, product, open, onClose }: { botId: string; product: Product | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['products', 'common']);
  const save = useSaveProduct(botId);
  const formId = useId();
  const descriptionId = useId();
  const [values, setValues] = useState<ProductFormValues>(() => (product ? productFormFrom(product) : emptyProductForm()));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const errorFor = (field: string) => localErrors[field] ?? serverErrors[field];

  const set = <K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    const drop = (current: Record<string, string>) => {
      const { [field]: _dropped, ...rest } = current;
      return rest;
    };
    setLocalErrors(drop);
    setServerErrors(drop);
  };

  const setAttribute = (id: number, patch: { key?: string; value?: string }) => {
    setValues((current) => ({ ...current, attributes: current.attributes.map((row) => (row.id === id ? { ...row, ...patch } : row)) }));
    setLocalErrors(({ [`attributes.${id}`]: _a, ...rest }) => rest);
    setServerErrors(({ [`attributes.${id}`]: _b, attributes: _c, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = formProblems(values);
    if (Object.keys(problems).length > 0) {
      setLocalErrors(
        Object.fromEntries(
          Object.entries(problems).map(([field, problem]) => [field, problem === 'required' ? t('common:validation.required') : t(`products:form.problems.${problem}`)]),
        ),
      );
      return;
    }
    save.mutate(product ? { productId: product.id, body: updateBody(values) } : { productId: null, body: createBody(botId, values) }, {
      onSuccess: ({ product: saved }) => {
        showToast(t(product ? 'products:form.updated' : 'products:form.created', { name: saved.name }), 'success');
        onClose();
      },
      onError: (error) => setServerErrors(placeServerErrors(fieldErrors(error), values)),
    });
  };

  // The general message, unless it only repeats what a field already says ("that SKU is taken").
  const showSummary = save.isError && !Object.values(serverErrors).includes(errorText(save.error));

  return (
    <SheetDialog
      open={open}
      onClose={onClose}
      title={product ? t('products:form.editTitle') : t('products:form.createTitle')}
      subtitle={t('products:form.subtitle')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('products:form.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            {product ? t('products:form.save') : t('products:form.create')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-8">
        {showSummary ? <FormAlert error={save.error} /> : null}

        <Section title={t('products:form.sections.basics')}>
          <TextField label={t('products:fields.name')} required value={values.name} maxLength={200} onChange={(e) => set('name', e.target.value)} error={errorFor('name')} />
          <div className="space-y-1.5">
            <label htmlFor={descriptionId} className="block text-sm font-medium">
              {t('products:fields.description')}
            </label>
            <textarea
              id={descriptionId}
              rows={3}
              maxLength={4000}
              value={values.description}
              placeholder={t('products:fields.descriptionPlaceholder')}
              onChange={(e) => set('description', e.target.value)}
              aria-invalid={errorFor('description') ? true : undefined}
              className={`${inputClasses(errorFor('description'))} h-auto resize-y py-3 leading-relaxed`}
            />
            {errorFor('description') ? <p className="text-sm text-danger">{errorFor('description')}</p> : null}
          </div>
        </Section>

        <Section title={t('products:form.sections.sale')}>
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            <TextField
              label={t('products:fields.price')}
              inputMode="decimal"
              placeholder="18,500.00"
              value={values.price}
              onChange={(e) => set('price', e.target.value)}
              error={errorFor('price')}
              hint={t('products:fields.priceHint')}
            />
            <TextField
              label={t('products:fields.currency')}
              value={values.currency}
              maxLength={3}
              autoCapitalize="characters"
              className="[&_input]:uppercase"
              onChange={(e) => set('currency', e.target.value.toUpperCase())}
              error={errorFor('currency')}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('products:fields.sku')} value={values.sku} maxLength={64} onChange={(e) => set('sku', e.target.value)} error={errorFor('sku')} hint={t('products:fields.skuHint')} />
            <TextField
              label={t('products:fields.stock')}
              inputMode="numeric"
              value={values.stock}
              onChange={(e) => set('stock', e.target.value)}
              error={errorFor('stock')}
              hint={t('products:fields.stockHint')}
            />
          </div>
        </Section>

        <Section title={t('products:form.sections.links')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('products:fields.url')} type="url" inputMode="url" placeholder="https://" value={values.url} onChange={(e) => set('url', e.target.value)} error={errorFor('url')} />
            <TextField
              label={t('products:fields.image_url')}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={values.image_url}
              onChange={(e) => set('image_url', e.target.value)}
              error={errorFor('image_url')}
            />
          </div>
        </Section>

        <Section title={t('products:form.sections.attributes')} hint={t('products:form.attributesHint')}>
          {values.attributes.length > 0 ? (
            <ul className="space-y-3">
              {values.attributes.map((row, index) => {
                const error = errorFor(`attributes.${row.id}`);
                return (
                  <li key={row.id} className="space-y-1.5">
                    <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] items-center gap-2">
                      <input
                        aria-label={t('products:form.attributeKey', { n: index + 1 })}
                        placeholder={t('products:form.attributeKeyPlaceholder')}
                        value={row.key}
                        maxLength={60}
                        aria-invalid={error ? true : undefined}
                        onChange={(e) => setAttribute(row.id, { key: e.target.value })}
                        className={inputClasses(error)}
                      />
                      <input
                        aria-label={t('products:form.attributeValue', { n: index + 1 })}
                        placeholder={t('products:form.attributeValuePlaceholder')}
                        value={row.value}
                        maxLength={500}
                        onChange={(e) => setAttribute(row.id, { value: e.target.value })}
                        className={inputClasses(undefined)}
                      />
                      <Button
                        variant="ghost"
                        size="sm"
                        className="h-11 px-2.5 hover:text-danger"
                        aria-label={t('products:form.removeAttribute', { n: index + 1 })}
                        onClick={() => setValues((current) => ({ ...current, attributes: current.attributes.filter((r) => r.id !== row.id) }))}
                      >
                        <TrashIcon className="size-5" />
                      </Button>
                    </div>
                    {error ? <p className="text-sm text-danger">{error}</p> : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
          {errorFor('attributes') ? <p className="text-sm text-danger">{errorFor('attributes')}</p> : null}
          <Button
            variant="secondary"
            size="sm"
            icon={<PlusIcon className="size-4" />}
            disabled={values.attributes.length >= 30}
            onClick={() => setValues((current) => ({ ...current, attributes: [...current.attributes, attributeRow()] }))}
          >
            {t('products:form.addAttribute')}
          </Button>
        </Section>
      </form>
    </SheetDialog>
  );
}
