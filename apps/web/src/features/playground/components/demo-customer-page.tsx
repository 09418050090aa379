import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { DemoCustomer } from '@charla/shared';
import { demoChannelLimits } from '@charla/shared/constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ChevronLeftIcon, HandoffIcon, InfoIcon, PlusIcon, UserIcon, WifiOffIcon } from '../../../components/ui/icons.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ChatComposer, type ChatComposerHandle } from '../../../components/chat-composer.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { initials } from '../../../lib/avatar-initials.ts';
import { paths } from '../../../lib/navigation.ts';
import { useLasting } from '../../../lib/use-lasting.ts';
import { useCurrentUser } from '../../auth/index.ts';
import { useRealtimeConnection } from '../../realtime/index.ts';
import { demoCustomerApi, demoCustomersKey, type NewDemoCustomer } from '../api/demo-customer-api.ts';
import { useDemoCustomerChat } from '../api/use-demo-customer-chat.ts';
import { MAX_MESSAGE_CHARS } from '../message-text.ts';
import { ChatMessages } from './chat-messages.tsx';

/**
 * "Simular cliente": a demonstration channel customer's phone, in a tab of its own. The owner
 * picks a customer (or starts a new one) and writes as them; the bot's and the team's replies
 * arrive live, as on WhatsApp, and are marked read while the page is on screen. Nothing goes out
 * to WhatsApp. The server answers only to those who may see the bot's conversations.
 */
export function DemoCustomerPage() {
  const { t } = useTranslation('playground');
  const user = useCurrentUser();
  const { botId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const contactId = params.get('c');
  const [newCustomer, setNewCustomer] = useState<NewDemoCustomer | null>(null);
  // The chat starts over when another customer is chosen, not when a new one's first message names them.
  const [chatKey, setChatKey] = useState(() => contactId ?? 'new');
  useRealtimeConnection(user.id, botId);

  const customers = useQuery({ queryKey: demoCustomersKey(botId), queryFn: () => demoCustomerApi.customers(botId), retry: 1 });
  const business = customers.data?.business;

  useEffect(() => {
    document.title = `${t('demoCustomer.title')} · ${business?.name ?? 'Charla'}`;
  }, [t, business?.name]);

  const pick = (id: string | null) => {
    setNewCustomer(null);
    setChatKey(id ?? 'new');
    setParams(id ? { c: id } : {});
  };
  const named = useCallback((id: string) => setParams({ c: id }, { replace: true }), [setParams]);

  const notFound = customers.isError && isApiError(customers.error) && customers.error.status === 404;
  const chatting = Boolean(contactId || newCustomer);

  return (
    <main className="grid min-h-dvh place-items-center bg-[color-mix(in_srgb,#25d366_6%,var(--bg-color))] text-fg sm:p-6" data-demo-customer>
      <div className="flex h-dvh w-full flex-col overflow-hidden bg-surface sm:h-[min(52rem,calc(100dvh-3rem))] sm:max-w-[26rem] sm:rounded-[2rem] sm:border sm:border-line sm:shadow-2xl sm:shadow-black/30">
        {notFound ? (
          <div className="m-auto max-w-sm p-6">
            <Alert tone="error" title={t('demoCustomer.loadFailed')}>
              {t('demoCustomer.notFound')}
            </Alert>
          </div>
        ) : customers.isError ? (
          <LoadFailed title={t('demoCustomer.loadFailed')} error={customers.error} retryLabel={t('demoCustomer.retry')} retrying={customers.isFetching} onRetry={() => void customers.refetch()} />
        ) : chatting ? (
          <CustomerChat
            key={chatKey}
            botId={botId}
            businessName={business?.name ?? ''}
            timeZone={business?.timeZone ?? null}
            contactId={contactId}
            newCustomer={newCustomer}
            onContact={named}
            onBack={() => pick(null)}
          />
        ) : (
          <CustomerPicker
            botId={botId}
            loading={customers.isPending}
            customers={customers.data?.customers ?? []}
            onPick={(id) => pick(id)}
            onNew={(customer) => {
              setParams({});
              setChatKey(`new:${Date.now()}`);
              setNewCustomer(customer);
            }}
          />
        )}
      </div>
    </main>
  );
}

/** The line that tells this is the demonstration channel, never a real WhatsApp. */
function DemoNotice() {
  const { t } = useTranslation('playground');
  return (
    <p role="note" className="flex items-start gap-2 border-b border-highlight/30 bg-highlight/10 px-4 py-2 text-xs leading-relaxed text-fg/85">
      <InfoIcon className="mt-px size-4 shrink-0 text-highlight" />
      <span>
        <strong className="font-semibold">{t('demoCustomer.badge')}.</strong> {t('demoCustomer.notice')}
      </span>
    </p>
  );
}

function CustomerPicker({ botId, loading, customers, onPick, onNew }: { botId: string; loading: boolean; customers: DemoCustomer[]; onPick: (id: string) => void; onNew: (customer: NewDemoCustomer) => void }) {
  const { t } = useTranslation('playground');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setProblem(t('demoCustomer.form.name'));
    if (phone.trim() && !/^[+\d\s().-]+$/.test(phone.trim())) return setProblem(t('demoCustomer.form.phone'));
    onNew({ name: trimmed, ...(phone.trim() && { phone: phone.trim() }) });
  };

  return (
    <>
      <header className="flex h-16 shrink-0 items-center gap-3 border-b border-line bg-card-strong px-4">
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold">{t('demoCustomer.title')}</h1>
        <Link to={paths.bot(botId, 'crm')} className="focus-ring rounded text-sm font-medium text-highlight underline-offset-2 hover:underline">
          {t('demoCustomer.inbox')}
        </Link>
      </header>
      <DemoNotice />
      <div className="min-h-0 flex-1 overflow-y-auto">
        <form onSubmit={submit} noValidate className="space-y-3 border-b border-line p-4" aria-labelledby="demo-new-customer">
          <h2 id="demo-new-customer" className="flex items-center gap-2 text-sm font-semibold">
            <PlusIcon className="size-4" />
            {t('demoCustomer.form.title')}
          </h2>
          <TextField
            label={t('demoCustomer.form.name')}
            placeholder={t('demoCustomer.form.namePlaceholder')}
            value={name}
            maxLength={demoChannelLimits.name}
            autoComplete="off"
            required
            error={problem === t('demoCustomer.form.name') ? problem : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label={t('demoCustomer.form.phone')}
            placeholder={t('demoCustomer.form.phonePlaceholder')}
            value={phone}
            type="tel"
            maxLength={demoChannelLimits.phone}
            autoComplete="off"
            error={problem === t('demoCustomer.form.phone') ? problem : undefined}
            onChange={(event) => setPhone(event.target.value)}
          />
          <p className="text-xs text-muted">{t('demoCustomer.form.hint')}</p>
          <Button type="submit" className="w-full">
            {t('demoCustomer.form.start')}
          </Button>
        </form>
        <section aria-labelledby="demo-customers" className="p-2">
          <h2 id="demo-customers" className="px-2 py-2 text-xs font-semibold tracking-wide text-muted uppercase">
            {t('demoCustomer.customers')}
          </h2>
          {loading ? (
            <div className="grid place-items-center p-6" role="status">
              <Spinner className="size-5 text-muted" />
            </div>
          ) : customers.length === 0 ? (
            <p className="px-2 pb-4 text-sm text-muted">{t('demoCustomer.noCustomers')}</p>
          ) : (
            <ul className="space-y-1">
              {customers.map((c) => (
                <li key={c.contactId}>
                  <button type="button" onClick={() => onPick(c.contactId)} className="focus-ring flex w-full items-center gap-3 rounded-xl px-2 py-2 text-start hover:bg-card" data-demo-customer-item>
                    <span className="grid size-10 shrink-0 place-items-center rounded-full bg-card-strong text-sm font-semibold" aria-hidden="true">
                      {initials(c.name || c.phone) || <UserIcon className="size-4" />}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{c.name || c.phone}</span>
                      {c.phone && c.name ? <span className="block truncate text-xs text-muted">{c.phone}</span> : null}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

/** Live events can take a moment to connect; only a lasting outage is worth a notice. */
const OFFLINE_NOTICE_MS = 4000;

function CustomerChat({
  botId,
  businessName,
  timeZone,
  contactId,
  newCustomer,
  onContact,
  onBack,
}: {
  botId: string;
  businessName: string;
  timeZone: string | null;
  contactId: string | null;
  newCustomer: NewDemoCustomer | null;
  onContact: (contactId: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('playground');
  const chat = useDemoCustomerChat(botId, contactId, newCustomer, onContact);
  const { state } = chat;
  const composer = useRef<ChatComposerHandle>(null);
  const customerName = chat.chat?.customer.name || chat.chat?.customer.phone || newCustomer?.name || '';
  const name = chat.chat?.business.name || businessName;
  const human = state.status === 'human';
  const offline = useLasting(!chat.live, OFFLINE_NOTICE_MS);
  const missing = isApiError(chat.loadError) && chat.loadError.status === 404;

  useEffect(() => {
    if (window.matchMedia('(pointer: fine)').matches) composer.current?.focus();
  }, []);

  const status = state.typing ? t('demoCustomer.typing') : human ? t('demoCustomer.headerHuman') : t('demoCustomer.online');
  return (
    <>
      <header className="flex h-16 shrink-0 items-center gap-2 border-b border-line bg-card-strong px-2">
        <button type="button" onClick={onBack} aria-label={t('demoCustomer.change')} title={t('demoCustomer.change')} className="focus-ring grid size-10 place-items-center rounded-full text-muted hover:bg-card hover:text-fg">
          <ChevronLeftIcon className="size-5" />
        </button>
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-gradient text-sm font-semibold text-white" aria-hidden="true">
          {initials(name) || 'C'}
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base font-semibold">{name}</h1>
          <p className={`truncate text-xs ${human ? 'text-brand-pink' : 'text-success'}`} data-demo-status>
            {status}
          </p>
        </div>
        {customerName ? (
          <span className="max-w-[40%] truncate rounded-full bg-card px-2.5 py-1 text-xs text-muted" title={customerName}>
            <span className="sr-only">{t('message.customer')}: </span>
            {customerName}
          </span>
        ) : null}
      </header>
      <DemoNotice />
      {offline && !chat.loading ? (
        <p role="status" className="flex items-center gap-2 border-b border-line bg-card px-4 py-2 text-xs text-muted">
          <WifiOffIcon className="size-4 shrink-0" />
          {t('demoCustomer.offline')}
        </p>
      ) : null}
      <ChatMessages
        state={state}
        name={name}
        timeZone={timeZone}
        onRetry={chat.retry}
        onChoose={chat.choose}
        plain
        placeholder={
          chat.loading ? (
            <div className="m-auto flex items-center gap-2 text-sm text-muted" role="status">
              <Spinner className="size-5" />
            </div>
          ) : chat.loadError ? (
            <div className="m-auto w-full max-w-sm px-2">
              <Alert tone="error" title={t('demoCustomer.loadFailed')}>
                <p>{missing ? t('demoCustomer.notFound') : null}</p>
                {missing ? null : (
                  <Button size="sm" variant="secondary" className="mt-3" onClick={chat.reload}>
                    {t('demoCustomer.retry')}
                  </Button>
                )}
              </Alert>
            </div>
          ) : (
            <p className="m-auto max-w-xs text-center text-sm text-muted">{t('demoCustomer.empty', { name: customerName })}</p>
          )
        }
      />
      {human ? (
        <p role="status" className="flex items-center gap-2 border-t border-brand-pink/30 bg-brand-pink/10 px-4 py-2 text-xs text-fg/85">
          <HandoffIcon className="size-4 shrink-0 text-brand-pink" />
          {t('demoCustomer.human')}
        </p>
      ) : null}
      <ChatComposer
        ref={composer}
        id="demo-customer-message"
        label={t('demoCustomer.composer.label')}
        placeholder={t('demoCustomer.composer.placeholder')}
        sendLabel={t('demoCustomer.composer.send')}
        remainingText={(count) => t('composer.remaining', { count })}
        maxLength={MAX_MESSAGE_CHARS}
        look="round"
        disabled={chat.loading || missing}
        onSend={(text) => chat.send(text)}
      />
    </>
  );
}
