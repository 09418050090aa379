import type { ReactNode } from 'react';
import type { ChannelStatus } from '@charla/shared';
import { Button } from '../../../components/ui/button.tsx';

/** A Meta channel's buttons: disconnect when connected, connect (or connect again) while its form is closed, then any others. */
export function ChannelActions({ status, formOpen, onOpenForm, disconnectButton, connectLabel, reconnectLabel, children }: {
  status: ChannelStatus | null;
  formOpen: boolean;
  onOpenForm: () => void;
  disconnectButton: ReactNode;
  connectLabel: string;
  reconnectLabel: string;
  children?: ReactNode;
}) {
  const connected = status?.state === 'connected';
  return (
    <div className="mt-auto flex flex-wrap gap-2">
      {connected ? disconnectButton : null}
      {!formOpen ? (
        <Button size="sm" variant={connected ? 'secondary' : 'primary'} onClick={onOpenForm}>
          {connected || status?.state === 'needs_reauth' ? reconnectLabel : connectLabel}
        </Button>
      ) : null}
      {children}
    </div>
  );
}
