import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n.ts';
import type { ChannelStatus, DisconnectBody, MetaRegisterStep } from '@charla/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ChatIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorText, fieldErrors } from '../../../lib/error-text.ts';
import { connectQr, disconnectChannel, registerMessenger, registerWhatsappApi, sendSignupToServer } from '../api/channels-calls.ts';
import { channelsKey, refreshQrStatus, useChannelEvents, useChannels, useMetaSettings, useQrStatus, type LiveQr } from '../api/use-channels.ts';
import { failedStepOf, maskId, metaBadge, pairErrorText, QR_STALL_MS, qrBadge, qrStalled, registerSteps, stepStates, type StepState } from '../channel-state.ts';
import { useLasting } from '../../../lib/use-lasting.ts';
import { listenToSignup, loadFacebookSdk, signupConfig } from '../embedded-signup.ts';
import { ChannelCard, IdList, QrImage } from './parts.tsx';
import { WhatsappTemplateSection } from './whatsapp-template.tsx';

interface Props {
  bot: { id: string };
  readOnly: boolean;
}

/** Canales: WhatsApp by QR, the WhatsApp Business API, Messenger and Instagram, each with its live state. */
export function ChannelsPanel({ bot, readOnly }: Props) {
  const { t } = useTranslation('channels');
  const channels = useChannels(bot.id);
  const [liveQr, setLiveQr] = useState<LiveQr | null>(null);
  const onQr = useCallback((qr: LiveQr) => setLiveQr(qr), []);
  useChannelEvents(bot.id, onQr);
  const find = (channel: ChannelStatus['channel']) => channels.data?.find((c) => c.channel === channel) ?? null;

  return (
    <section id="canales" aria-labelledby="canales-title" className="scroll-mt-32 rounded-2xl border border-line bg-card backdrop-blur-xl">
      <header className="flex items-start gap-4 border-b border-line px-5 py-4 sm:px-6">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-highlight/15 text-highlight-text">
          <ChatIcon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="canales-title" className="font-semibold text-fg">
            {t('title')}
          </h2>
          <p className="mt-0.5 text-pretty text-sm text-muted">{t('description')}</p>
        </div>
      </header>
      <div className="space-y-4 px-5 py-5 sm:px-6">
        {channels.isError ? (
          <Alert tone="error" title={t('loadFailed')}>
            <span className="inline-flex flex-wrap items-center gap-3">
              {errorText(channels.error)}
              <Button size="sm" variant="secondary" onClick={() => void channels.refetch()}>
                {t('retry')}
              </Button>
            </span>
          </Alert>
        ) : null}
        <div className="grid gap-4 lg:grid-cols-2">
          <QrChannel botId={bot.id} readOnly={readOnly} liveQr={liveQr} clearQr={() => setLiveQr(null)} />
          <WhatsappApiChannel botId={bot.id} readOnly={readOnly} status={find('whatsapp')} />
          <PageChannel botId={bot.id} readOnly={readOnly} channel="messenger" status={find('messenger')} />
          <PageChannel botId={bot.id} readOnly={readOnly} channel="instagram" status={find('instagram')} />
        </div>
      </div>
    </section>
  );
}

/** Asks before disconnecting; reports 'Failed to disconnect' and refreshes what changed. */
function useDisconnect(botId: string, source: DisconnectBody['source']) {
  const { t } = useTranslation('channels');
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setAsking(false);
    setBusy(true);
    const result = await disconnectChannel({ botId, source });
    setBusy(false);
    if (result.ok) showToast(t('disconnect.done'), 'success');
    else showToast(errorText(result.error), 'error');
    if (source === 'whatsmeow') void refreshQrStatus(client, botId);
    else void client.invalidateQueries({ queryKey: channelsKey(botId), exact: true });
  };
  const modal = (
    <Modal
      open={asking}
      onClose={() => setAsking(false)}
      title={t('disconnect.title')}
      actions={
        <>
          <Button variant="ghost" onClick={() => setAsking(false)}>
            {t('disconnect.cancel')}
          </Button>
          <Button variant="danger" onClick={() => void confirm()}>
            {t('disconnect.confirm')}
          </Button>
        </>
      }
    >
      {t('disconnect.body')}
    </Modal>
  );
  const button = (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => setAsking(true)}>
      {t('disconnect.action')}
    </Button>
  );
  return { button, modal };
}

function QrChannel({ botId, readOnly, liveQr, clearQr }: { botId: string; readOnly: boolean; liveQr: LiveQr | null; clearQr: () => void }) {
  const { t } = useTranslation('channels');
  const client = useQueryClient();
  const status = useQrStatus(botId);
  const session = status.data || null;
  const badge = qrBadge(session, t('qr.timeout'), currentLocale());
  const [connecting, setConnecting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const disconnect = useDisconnect(botId, 'whatsmeow');
  const waiting = session?.status === 'waiting_qr';
  const qr = waiting ? (liveQr?.qr ?? session.qr) : null;
  // Linking that goes on with nothing to scan: after a while, say why and offer to start over.
  const stalled = useLasting(qrStalled(session, Boolean(qr)), QR_STALL_MS);

  useEffect(() => {
    if (session && session.status !== 'waiting_qr') clearQr();
  }, [session, clearQr]);

  const connect = async (fresh = false) => {
    setConnecting(true);
    setError(null);
    try {
      if (fresh) await disconnectChannel({ botId, source: 'whatsmeow' });
      const answer = await connectQr(botId);
      client.setQueryData(['channels', botId, 'qr'], answer);
    } catch (failure) {
      setError(failure);
    } finally {
      setConnecting(false);
    }
  };

  return (
    <ChannelCard id="canal-whatsapp-qr" title={t('qr.title')} description={t('qr.description')} badge={badge}>
      {status.data === false ? <p className="text-sm text-muted">{t('qr.statusUnknown')}</p> : null}
      {session?.status === 'connected' && session.phone ? <IdList ids={[[t('qr.phone'), session.phone]]} /> : null}
      {qr ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-line p-3">
          <QrImage value={qr} label={t('qr.imageLabel')} />
          {liveQr ? <p className="text-xs text-muted">{t('qr.attempt', { n: liveQr.attempt, max: liveQr.max })}</p> : null}
          <p className="text-pretty text-center text-sm text-muted">{t('qr.scanHint')}</p>
        </div>
      ) : null}
      {session?.status === 'connecting' && !stalled ? <p className="text-sm text-muted">{t('qr.connecting')}</p> : null}
      {stalled && !readOnly ? (
        <Alert tone="error" title={t('qr.stalledTitle')}>
          <p>{pairErrorText(session?.pair_error, currentLocale()) || t('qr.stalledBody')}</p>
          <Button size="sm" variant="secondary" className="mt-2" loading={connecting} onClick={() => void connect(true)}>
            {t('qr.retry')}
          </Button>
        </Alert>
      ) : null}
      {error ? <Alert tone="error">{errorText(error)}</Alert> : null}
      {!readOnly ? (
        <div className="mt-auto flex flex-wrap gap-2">
          {session?.status === 'connected' || session?.status === 'connecting' || waiting ? (
            disconnect.button
          ) : (
            <Button size="sm" loading={connecting} onClick={() => void connect()}>
              {t('qr.connect')}
            </Button>
          )}
        </div>
      ) : null}
      {disconnect.modal}
    </ChannelCard>
  );
}

type ApiValues = { phone_number_id: string; waba_id: string; access_token: string; pin: string };
const emptyApi: ApiValues = { phone_number_id: '', waba_id: '', access_token: '', pin: '' };

interface StepReport {
  failed: MetaRegisterStep | null;
  usedCode: boolean;
  message: string;
}

const digitsOk = (value: string) => /^\d{5,30}$/.test(value.trim());

function WhatsappApiChannel({ botId, readOnly, status }: { botId: string; readOnly: boolean; status: ChannelStatus | null }) {
  const { t } = useTranslation('channels');
  const client = useQueryClient();
  const badge = metaBadge(status);
  const connected = status?.state === 'connected';
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<ApiValues>(emptyApi);
  const [problems, setProblems] = useState<Partial<Record<keyof ApiValues, string>>>({});
  const [saving, setSaving] = useState(false);
  const [report, setReport] = useState<StepReport | null>(null);
  const [pin, setPin] = useState<string | null>(null);
  const [signup, setSignup] = useState<'idle' | 'running' | 'canceled'>('idle');
  const disconnect = useDisconnect(botId, 'api');
  const settings = useMetaSettings();
  const config = signupConfig(settings.data);

  const done = (answer: { channel: ChannelStatus; generated_pin?: string }) => {
    client.setQueryData(channelsKey(botId), (current: ChannelStatus[] | undefined) =>
      current ? current.map((c) => (c.channel === 'whatsapp' ? answer.channel : c)) : [answer.channel],
    );
    void client.invalidateQueries({ queryKey: channelsKey(botId), exact: true });
    setPin(answer.generated_pin ?? null);
    setReport(null);
    setOpen(false);
    setValues(emptyApi);
    showToast(t('api.connected'), 'success');
  };
  const failed = (error: unknown, usedCode: boolean) => {
    const message = errorText(error);
    const step = isApiError(error) && error.code === 'META_STEP_FAILED' ? failedStepOf(message) : null;
    setReport({ failed: step, usedCode, message });
    setProblems(fieldErrors(error));
    void client.invalidateQueries({ queryKey: channelsKey(botId), exact: true });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<keyof ApiValues, string>> = {};
    if (!digitsOk(values.phone_number_id)) found.phone_number_id = t('form.digits');
    if (!digitsOk(values.waba_id)) found.waba_id = t('form.digits');
    if (values.access_token.trim().length < 10) found.access_token = t('form.token');
    if (values.pin.trim() && !/^\d{6}$/.test(values.pin.trim())) found.pin = t('form.pin');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setReport(null);
    try {
      done(
        await registerWhatsappApi({
          bot_id: botId,
          phone_number_id: values.phone_number_id.trim(),
          waba_id: values.waba_id.trim(),
          access_token: values.access_token.trim(),
          ...(values.pin.trim() ? { pin: values.pin.trim() } : {}),
        }),
      );
    } catch (error) {
      failed(error, false);
    } finally {
      setSaving(false);
    }
  };

  const startSignup = async () => {
    if (!config) return;
    setSignup('running');
    setReport(null);
    let code: string | null = null;
    let ids: { phoneNumberId: string; wabaId: string } | null = null;
    const finish = async () => {
      if (!code || !ids) return;
      stop();
      setSaving(true);
      const result = await sendSignupToServer({ bot_id: botId, phone_number_id: ids.phoneNumberId, waba_id: ids.wabaId, code });
      setSaving(false);
      setSignup('idle');
      if (result.ok) done(result.value);
      else failed(result.error, true);
    };
    const stop = listenToSignup(window, (event) => {
      if (event.type === 'finish') {
        ids = event;
        void finish();
      } else if (event.type === 'cancel') {
        console.warn('WhatsApp embedded signup canceled', { step: event.currentStep });
        stop();
        setSignup('canceled');
      } else {
        console.error('WhatsApp embedded signup error', event.message);
      }
    });
    try {
      const fb = await loadFacebookSdk(config.appId, config.graphVersion);
      fb.login(
        (response) => {
          code = response.authResponse?.code ?? null;
          if (code) void finish();
          else if (!ids) {
            stop();
            setSignup('canceled');
          }
        },
        {
          ...(config.configId ? { config_id: config.configId } : {}),
          response_type: 'code',
          override_default_response_type: true,
          extras: { setup: {}, featureType: '', sessionInfoVersion: '3' },
        },
      );
    } catch (error) {
      stop();
      setSignup('idle');
      console.error('Could not load the Facebook SDK', error);
      showToast(t('api.sdkFailed'), 'error');
    }
  };

  const field = fieldProps(values, problems, setValues, setProblems);

  const ids = Object.entries(status?.ids ?? {}).map(([key, value]) => [t(`ids.${idLabel(key)}`), maskId(value)] as const);

  return (
    <ChannelCard id="canal-whatsapp-api" title={t('api.title')} description={t('api.description')} badge={badge}>
      <IdList ids={ids} />
      {pin ? (
        <Alert tone="info" title={t('api.pinTitle')}>
          {t('api.pinBody', { pin })}
        </Alert>
      ) : null}
      {report ? <StepsReport report={report} /> : null}
      {signup === 'canceled' ? <p className="text-sm text-muted">{t('api.signupCanceled')}</p> : null}
      {!readOnly ? (
        <div className="mt-auto flex flex-wrap gap-2">
          {connected ? disconnect.button : null}
          {!open ? (
            <Button size="sm" variant={connected ? 'secondary' : 'primary'} onClick={() => setOpen(true)}>
              {connected || status?.state === 'needs_reauth' ? t('api.reconnect') : t('api.connectManual')}
            </Button>
          ) : null}
          <Button size="sm" variant="secondary" disabled={!config || signup === 'running'} loading={signup === 'running'} onClick={() => void startSignup()}>
            {t('api.facebook')}
          </Button>
        </div>
      ) : null}
      {!readOnly && !config && !settings.isPending ? <p className="text-xs text-muted">{t('api.facebookUnavailable')}</p> : null}
      {open && !readOnly ? (
        <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('api.formLabel')} className="space-y-3 rounded-xl border border-line p-3">
          <TextField label={t('form.phoneNumberId')} inputMode="numeric" {...field('phone_number_id')} />
          <TextField label={t('form.wabaId')} inputMode="numeric" {...field('waba_id')} />
          <TextField label={t('form.accessToken')} type="password" revealable {...field('access_token')} />
          <TextField label={t('form.pin')} hint={t('form.pinHint')} inputMode="numeric" maxLength={6} {...field('pin')} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" size="sm" loading={saving}>
              {t('form.connect')}
            </Button>
          </div>
        </form>
      ) : null}
      {connected ? <WhatsappTemplateSection botId={botId} readOnly={readOnly} /> : null}
      {disconnect.modal}
    </ChannelCard>
  );
}

const idLabels = ['phone_number_id', 'waba_id', 'page_id', 'instagram_account_id'] as const;
function idLabel(key: string): (typeof idLabels)[number] | 'other' {
  return (idLabels as readonly string[]).includes(key) ? (key as (typeof idLabels)[number]) : 'other';
}

const stepMarks: Record<StepState, string> = { done: '✓', failed: '✕', pending: '·', skipped: '–' };

function StepsReport({ report }: { report: StepReport }) {
  const { t } = useTranslation('channels');
  const states = stepStates(report.failed, report.usedCode);
  return (
    <Alert tone="error" title={t('steps.title')}>
      {report.failed ? (
        <ol className="mb-2 space-y-0.5">
          {registerSteps.map((step) => (
            <li key={step} data-step={step} data-step-state={states[step]}>
              <span aria-hidden className="inline-block w-4">
                {stepMarks[states[step]]}
              </span>
              {t(`steps.${step}`)} — {t(`steps.state.${states[step]}`)}
            </li>
          ))}
        </ol>
      ) : null}
      <p>{report.message}</p>
    </Alert>
  );
}

type PageValues = { page_id: string; access_token: string; instagram_account_id: string };
const emptyPage: PageValues = { page_id: '', access_token: '', instagram_account_id: '' };

function PageChannel({ botId, readOnly, channel, status }: { botId: string; readOnly: boolean; channel: 'messenger' | 'instagram'; status: ChannelStatus | null }) {
  const { t } = useTranslation('channels');
  const client = useQueryClient();
  const badge = metaBadge(status);
  const connected = status?.state === 'connected';
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<PageValues>(emptyPage);
  const [problems, setProblems] = useState<Partial<Record<keyof PageValues, string>>>({});
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const disconnect = useDisconnect(botId, channel);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<keyof PageValues, string>> = {};
    if (!digitsOk(values.page_id)) found.page_id = t('form.digits');
    if (values.access_token.trim().length < 10) found.access_token = t('form.token');
    const ig = values.instagram_account_id.trim();
    if ((channel === 'instagram' || ig) && !digitsOk(ig)) found.instagram_account_id = t('form.digits');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setError(null);
    try {
      const answer = await registerMessenger({ bot_id: botId, page_id: values.page_id.trim(), access_token: values.access_token.trim(), ...(ig ? { instagram_account_id: ig } : {}) });
      client.setQueryData(channelsKey(botId), answer.channels);
      setOpen(false);
      setValues(emptyPage);
      showToast(t('page.connected'), 'success');
    } catch (failure) {
      setError(errorText(failure));
      setProblems(fieldErrors(failure));
    } finally {
      setSaving(false);
      void client.invalidateQueries({ queryKey: channelsKey(botId), exact: true });
    }
  };

  const field = fieldProps(values, problems, setValues, setProblems);
  const ids = Object.entries(status?.ids ?? {}).map(([key, value]) => [t(`ids.${idLabel(key)}`), maskId(value)] as const);

  return (
    <ChannelCard id={`canal-${channel}`} title={t(`${channel}.title`)} description={t(`${channel}.description`)} badge={badge}>
      <IdList ids={ids} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      {!readOnly ? (
        <div className="mt-auto flex flex-wrap gap-2">
          {connected ? disconnect.button : null}
          {!open ? (
            <Button size="sm" variant={connected ? 'secondary' : 'primary'} onClick={() => setOpen(true)}>
              {connected || status?.state === 'needs_reauth' ? t('page.reconnect') : t('page.connect')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {open && !readOnly ? (
        <form noValidate onSubmit={(event) => void submit(event)} aria-label={t(`${channel}.formLabel`)} className="space-y-3 rounded-xl border border-line p-3">
          <TextField label={t('form.pageId')} inputMode="numeric" {...field('page_id')} />
          <TextField label={t('form.pageToken')} type="password" revealable {...field('access_token')} />
          <TextField
            label={t('form.instagramId')}
            hint={channel === 'messenger' ? t('form.instagramOptional') : undefined}
            inputMode="numeric"
            {...field('instagram_account_id')}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" size="sm" loading={saving}>
              {t('form.connect')}
            </Button>
          </div>
        </form>
      ) : null}
      {disconnect.modal}
    </ChannelCard>
  );
}

type Setter<T> = (update: (current: T) => T) => void;

/** The props of a text field of one of the connection forms: value, message, and typing clears the message. */
function fieldProps<V extends Record<string, string>>(
  values: V,
  problems: Partial<Record<keyof V, string>>,
  setValues: Setter<V>,
  setProblems: Setter<Partial<Record<keyof V, string>>>,
) {
  return (name: keyof V & string) => ({
    name,
    value: values[name],
    error: problems[name],
    autoComplete: 'off',
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setProblems((current) => ({ ...current, [name]: undefined }));
    },
  });
}
