import type { ReactNode } from 'react';
import type { ChannelStatus } from '@charla/shared';
import { Button } from '../../../components/ui/button.tsx';

/** A Meta channel's buttons: disconnect when connected, connect (or connect again) while its form is closed, then any others. */
export function ChannelActions({ status, form, disconnectButton, labels, children }: {
  status: ChannelStatus | null;
  form: { open: boolean; onOpen: () => void };
  disconnectButton: ReactNode;
  labels: { connect: string; reconnect: string };
  children?: ReactNode;
}) {
  const connected = status?.state === 'connected';
  return (
    <div className="mt-auto flex flex-wrap gap-2">
      {connected ? disconnectButton : null}
      {!form.open ? (
        <Button size="sm" variant={connected ? 'secondary' : 'primary'} onClick={form.onOpen}>
          {connected || status?.state === 'needs_reauth' ? labels.reconnect : labels.connect}
        </Button>
      ) : null}
      {children}
    </div>
  );
}
