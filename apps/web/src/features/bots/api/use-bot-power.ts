import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { botLabel, type Bot } from '../bot.ts';
import { changeStatus } from './bot-calls.ts';
import { botCallDeps, patchBotInCache, refetchBots } from './use-bots.ts';

/** Switches a bot on or off (POST /bot/change-status) and says so; wherever the switch is shown. */
export function useBotPower(bot: Pick<Bot, 'id' | 'bot_name'>) {
  const { t } = useTranslation('bots');
  const queryClient = useQueryClient();
  const [switching, setSwitching] = useState(false);

  const toggle = async () => {
    const name = botLabel(bot, t('personalization.unnamed'));
    setSwitching(true);
    const result = await changeStatus(bot.id, { ...botCallDeps, reread: () => refetchBots(queryClient) });
    setSwitching(false);
    if (result.ok) {
      patchBotInCache(queryClient, bot.id, { bot_enabled: result.value });
      showToast(result.value ? t('personalization.status.turnedOn', { name }) : t('personalization.status.turnedOff', { name }), 'success');
    } else {
      showToast(errorText(result.error), 'error');
      void refetchBots(queryClient);
    }
  };

  return { toggle, switching };
}
