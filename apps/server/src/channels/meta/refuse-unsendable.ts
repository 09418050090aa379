import { AppError } from '../../lib/errors.ts';
import type { GraphError } from './graph-client.ts';

/**
 * A call that failed here, before the network (a stored token no request can carry): Meta was
 * never called, so it is the owner's to fix, a 400 naming the token, not a 502.
 */
export function refuseUnsendable(err: GraphError) {
  if (err.failure === 'local') throw new AppError('META_TOKEN_INVALID', { access_token: 'META_TOKEN_INVALID' });
}

