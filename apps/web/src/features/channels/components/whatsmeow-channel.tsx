import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useLasting } from '../../../lib/use-lasting.ts';
import { connectWhatsmeow, disconnectChannel } from '../api/channels-calls.ts';
import { useWhatsmeowSession, whatsmeowSessionKey, type LiveQr } from '../api/use-channels.ts';
import { pairErrorText, whatsmeowBadge, whatsmeowStalled, WHATSMEOW_STALL_MS } from '../channel-state.ts';
import { ChannelCard } from './channel-card.tsx';
import { IdList } from './id-list.tsx';
import { QrImage } from './qr-image.tsx';
import { useDisconnect } from './use-disconnect.tsx';

/** WhatsApp by QR (whatsmeow): the number is linked by scanning a QR from the phone. */
export function WhatsmeowChannel({ botId, readOnly, liveQr, clearQr }: { botId: string; readOnly: boolean; liveQr: LiveQr | null; clearQr: () => void }) {
  const { t } = useTranslation(['channels', 'common']);
  const client = useQueryClient();
  const status = useWhatsmeowSession(botId);
  const session = status.data || null;
  const badge = whatsmeowBadge(session, t('whatsmeow.timeout'), currentLocale());
  const [connecting, setConnecting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const disconnect = useDisconnect(botId, 'whatsmeow');
  const waiting = session?.status === 'waiting_qr';
  const qr = waiting ? (liveQr?.qr ?? session.qr) : null;
  // Linking that goes on with nothing to scan: after a while, say why and offer to start over
  // (each new try is given the same while).
  const [tries, setTries] = useState(0);
  // The server ends a pairing that never reached WhatsApp by itself, even with this page closed.
  const unreachable = session?.status === 'disconnected' && session.pair_error === 'WHATSAPP_UNREACHABLE';
  const stalled = useLasting(whatsmeowStalled(session, Boolean(qr)), WHATSMEOW_STALL_MS, tries) || unreachable;

  useEffect(() => {
    if (session && session.status !== 'waiting_qr') clearQr();
  }, [session, clearQr]);

  const connect = async (fresh = false) => {
    setConnecting(true);
    setError(null);
    setTries((n) => n + 1);
    try {
      if (fresh) await disconnectChannel({ botId, source: 'whatsmeow' });
      client.setQueryData(whatsmeowSessionKey(botId), await connectWhatsmeow(botId));
    } catch (failure) {
      setError(failure);
    } finally {
      setConnecting(false);
    }
  };

  return (
    <ChannelCard id="canal-whatsapp-qr" title={t('common:channelNames.whatsmeow')} description={t('whatsmeow.description')} badge={badge}>
      {status.data === false ? <p className="text-sm text-muted">{t('whatsmeow.statusUnknown')}</p> : null}
      {session?.status === 'connected' && session.phone ? <IdList ids={[[t('whatsmeow.phone'), session.phone]]} /> : null}
      {qr ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-line p-3">
          <QrImage value={qr} label={t('whatsmeow.imageLabel')} />
          {liveQr ? <p className="text-xs text-muted">{t('whatsmeow.attempt', { n: liveQr.attempt, max: liveQr.max })}</p> : null}
          <p className="text-pretty text-center text-sm text-muted">{t('whatsmeow.scanHint')}</p>
        </div>
      ) : null}
      {session?.status === 'connecting' && !stalled ? <p className="text-sm text-muted">{t('whatsmeow.connecting')}</p> : null}
      {stalled && !readOnly ? (
        <Alert tone="error" title={t('whatsmeow.stalledTitle')}>
          <p>{pairErrorText(session?.pair_error, currentLocale()) || t('whatsmeow.stalledBody')}</p>
          <Button size="sm" variant="secondary" className="mt-2" loading={connecting} onClick={() => void connect(true)}>
            {t('whatsmeow.retry')}
          </Button>
        </Alert>
      ) : null}
      {error ? <Alert tone="error">{errorText(error)}</Alert> : null}
      {!readOnly ? (
        <div className="mt-auto flex flex-wrap gap-2">
          {session?.status === 'connected' || session?.status === 'connecting' || waiting ? (
            disconnect.button
          ) : unreachable ? null : (
            <Button size="sm" loading={connecting} onClick={() => void connect()}>
              {t('whatsmeow.connect')}
            </Button>
          )}
        </div>
      ) : null}
      {disconnect.modal}
    </ChannelCard>
  );
}
