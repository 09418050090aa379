import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { ChannelStatus, MetaRegisterResponse } from '@charla/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { channelsKey } from '../api/use-channels.ts';
import { failedStepOf, metaBadge } from '../channel-state.ts';
import { ChannelActions } from './channel-actions.tsx';
import { ChannelCard } from './channel-card.tsx';
import { ChannelIds } from './id-list.tsx';
import { StepsReport, type StepReport } from './steps-report.tsx';
import { useDisconnect } from './use-disconnect.tsx';
import { useEmbeddedSignup } from './use-embedded-signup.ts';
import { WhatsappApiForm } from './whatsapp-api-form.tsx';
import { WhatsappTemplateSection } from './whatsapp-template.tsx';

/** The WhatsApp Business API: connected with Meta's embedded signup or by hand, then its closed-window template. */
export function WhatsappApiChannel({ botId, readOnly, status }: { botId: string; readOnly: boolean; status: ChannelStatus | null }) {
  const { t } = useTranslation('channels');
  const client = useQueryClient();
  const connected = status?.state === 'connected';
  const [open, setOpen] = useState(false);
  const [report, setReport] = useState<StepReport | null>(null);
  const [pin, setPin] = useState<string | null>(null);
  const disconnect = useDisconnect(botId, 'api');

  const done = (answer: MetaRegisterResponse) => {
    client.setQueryData(channelsKey(botId), (current: ChannelStatus[] | undefined) =>
      current ? current.map((c) => (c.channel === 'whatsapp' ? answer.channel : c)) : [answer.channel],
    );
    void client.invalidateQueries({ queryKey: channelsKey(botId), exact: true });
    setPin(answer.generated_pin ?? null);
    setReport(null);
    setOpen(false);
    showToast(t('api.connected'), 'success');
  };
  const failed = (error: unknown, usedCode: boolean) => {
    const message = errorText(error);
    const step = isApiError(error) && error.code === 'META_STEP_FAILED' ? failedStepOf(error.details) : null;
    setReport({ failed: step, usedCode, message });
    void client.invalidateQueries({ queryKey: channelsKey(botId), exact: true });
  };
  const signup = useEmbeddedSignup(botId, { onStart: () => setReport(null), onDone: done, onFailed: (error) => failed(error, true) });

  return (
    <ChannelCard id="canal-whatsapp-api" title={t('api.title')} description={t('api.description')} badge={metaBadge(status)}>
      <ChannelIds ids={status?.ids} />
      {pin ? (
        <Alert tone="info" title={t('api.pinTitle')}>
          {t('api.pinBody', { pin })}
        </Alert>
      ) : null}
      {report ? <StepsReport report={report} /> : null}
      {signup.state === 'canceled' ? <p className="text-sm text-muted">{t('api.signupCanceled')}</p> : null}
      {!readOnly ? (
        <ChannelActions
          status={status}
          form={{ open, onOpen: () => setOpen(true) }}
          disconnectButton={disconnect.button}
          labels={{ connect: t('api.connectManual'), reconnect: t('api.reconnect') }}
        >
          <Button size="sm" variant="secondary" disabled={!signup.available || signup.state === 'running'} loading={signup.state === 'running'} onClick={() => void signup.start()}>
            {t('api.facebook')}
          </Button>
        </ChannelActions>
      ) : null}
      {!readOnly && signup.unavailable ? <p className="text-xs text-muted">{t('api.facebookUnavailable')}</p> : null}
      {open && !readOnly ? (
        <WhatsappApiForm botId={botId} onStart={() => setReport(null)} onDone={done} onFailed={(error) => failed(error, false)} onCancel={() => setOpen(false)} />
      ) : null}
      {connected ? <WhatsappTemplateSection botId={botId} readOnly={readOnly} /> : null}
      {disconnect.modal}
    </ChannelCard>
  );
}
