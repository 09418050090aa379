import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { ChannelStatus } from '@charla/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ChatIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useIdle } from '../../../lib/when-idle.ts';
import { useChannelEvents, useChannels, type LiveQr } from '../api/use-channels.ts';
import { DemoChannel } from './demo-channel.tsx';
import { PageChannel } from './page-channel.tsx';
import { WhatsappApiChannel } from './whatsapp-api-channel.tsx';
import { WhatsmeowChannel } from './whatsmeow-channel.tsx';

/**
 * Canales: WhatsApp by QR, the WhatsApp Business API, Messenger and Instagram, each with its live
 * state, and the demonstration channel ("Simular cliente"). The cards and their reads wait for the browser to be idle: the panel lies below the page's
 * first screen, which paints without them.
 */
export function ChannelsPanel({ bot, readOnly }: { bot: { id: string }; readOnly: boolean }) {
  const { t } = useTranslation('channels');
  const ready = useIdle();
  const channels = useChannels(bot.id, ready);
  const [liveQr, setLiveQr] = useState<LiveQr | null>(null);
  const onQr = useCallback((qr: LiveQr) => setLiveQr(qr), []);
  const clearQr = useCallback(() => setLiveQr(null), []);
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
        {ready ? (
          <div className="grid gap-4 lg:grid-cols-2">
            <WhatsmeowChannel botId={bot.id} readOnly={readOnly} liveQr={liveQr} clearQr={clearQr} />
            <WhatsappApiChannel botId={bot.id} readOnly={readOnly} status={find('whatsapp')} />
            <PageChannel botId={bot.id} readOnly={readOnly} channel="messenger" status={find('messenger')} />
            <PageChannel botId={bot.id} readOnly={readOnly} channel="instagram" status={find('instagram')} />
            <DemoChannel botId={bot.id} />
          </div>
        ) : (
          <div className="grid min-h-40 place-items-center text-muted" aria-busy="true">
            <Spinner className="size-6" />
          </div>
        )}
      </div>
    </section>
  );
}
