import Stripe from 'stripe';
import type { Config } from '../../config.ts';

/** A Stripe object as this module reads it: fields are looked up where each API version keeps them. */
export type StripeObject = Record<string, unknown>;

/** The calls billing makes to Stripe, through the official SDK. */
export interface StripeGateway {
  priceAmount(priceId: string): Promise<number | null>;
  createCheckout(params: Stripe.Checkout.SessionCreateParams): Promise<string>;
  createPortal(customer: string, returnUrl: string): Promise<string>;
  setCancelAtPeriodEnd(subscriptionId: string, cancelAtPeriodEnd: boolean): Promise<StripeObject>;
  /** Moves a subscription to another price (prorated), taking back a cancellation at the period's end. */
  changePrice(subscriptionId: string, priceId: string, metadata: Record<string, string>): Promise<StripeObject>;
  retrieveSubscription(subscriptionId: string): Promise<StripeObject>;
  /** The event in a webhook body, when its Stripe-Signature header is right; throws otherwise. */
  verifyEvent(raw: Buffer, signature: string): StripeObject;
}

/** The Stripe client from the settings (STRIPE_API_BASE points it at another address, as tests do); undefined without a key. */
export function stripeGateway(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE'>): StripeGateway | undefined {
  const key = config.STRIPE_SECRET_KEY;
  const secret = config.STRIPE_WEBHOOK_SECRET;
  if (!key || !secret) return undefined;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
  const stripe = new Stripe(key, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'http:' ? 80 : 443), protocol: base.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
  const plain = (o: unknown) => o as unknown as StripeObject;
  return {
    async priceAmount(priceId) {
      const price = await stripe.prices.retrieve(priceId);
      return typeof price.unit_amount === 'number' ? price.unit_amount : null;
    },
    async createCheckout(params) {
      const session = await stripe.checkout.sessions.create(params);
      if (!session.url) throw new Error('Stripe answered a Checkout session without a url');
      return session.url;
    },
    async createPortal(customer, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
      return session.url;
    },
    async setCancelAtPeriodEnd(subscriptionId, cancelAtPeriodEnd) {
      return plain(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancelAtPeriodEnd }));
    },
    async changePrice(subscriptionId, priceId, metadata) {
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const item = current.items.data[0];
      return plain(
        await stripe.subscriptions.update(subscriptionId, {
          items: [item ? { id: item.id, price: priceId } : { price: priceId }],
          proration_behavior: 'create_prorations',
          cancel_at_period_end: false,
          metadata,
          expand: ['default_payment_method'],
        }),
      );
    },
    async retrieveSubscription(subscriptionId) {
      return plain(await stripe.subscriptions.retrieve(subscriptionId, { expand: ['default_payment_method'] }));
    },
    verifyEvent(raw, signature) {
      return plain(stripe.webhooks.constructEvent(raw, signature, secret));
    },
  };
}
