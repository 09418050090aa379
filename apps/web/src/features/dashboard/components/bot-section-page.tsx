import { Navigate, useLocation, useParams } from 'react-router';
import { defaultBotSection, paths } from '../../../lib/navigation.ts';
import { useTenant } from '../../../lib/tenant-context.ts';
import { useCurrentUser } from '../../auth/index.ts';

/** /app/dashboard/{botId} opens the bot's default section, keeping the query. */
export function BotIndexRedirect() {
  const { botId = '' } = useParams();
  const { search } = useLocation();
  const { isTenant } = useTenant();
  const isAgent = useCurrentUser().seat?.role === 'agent';
  return <Navigate to={{ pathname: paths.bot(botId, defaultBotSection(isTenant, isAgent)), search }} replace />;
}
