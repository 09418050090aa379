import { useState } from 'react';
import { signOutNow } from '../session.ts';

export function useSignOut() {
  const [pending, setPending] = useState(false);
  return {
    pending,
    signOut: () => {
      setPending(true);
      void signOutNow('user').finally(() => setPending(false));
    },
  };
}
