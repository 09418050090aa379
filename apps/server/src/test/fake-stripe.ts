import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for Stripe's REST API, for tests and e2e specs: a real HTTP server on
 * 127.0.0.1 that answers exactly the calls billing makes (prices, Checkout and Portal sessions,
 * subscriptions), checks the Bearer key, records every request, and builds webhook events signed
 * as Stripe signs them. Point the server at it with STRIPE_API_BASE=<url>.
 */

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** Form fields as sent, flat: `subscription_data[metadata][userId]` → value. */
  form: Record<string, string>;
  query: Record<string, string>;
}

export interface FakePrice {
  amount: number;
  currency: string;
  interval: 'month' | 'year';
}

export type StripeJson = Record<string, unknown>;

export interface FakeStripeOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** Prices by id, as STRIPE_PRICES names them. */
  prices?: Record<string, FakePrice>;
}

export interface FakeStripe {
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  requests: FakeStripeRequest[];
  /** The server's settings that point the Stripe SDK here, with these prices. */
  env(prices: Record<string, unknown>): Record<'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PRICES' | 'STRIPE_API_BASE', string>;
  /** Subscriptions it knows, by id (those `subscription()` made and those updated). */
  subscriptions: Map<string, StripeJson>;
  /** A subscription object as Stripe shapes it, kept for later reads. */
  subscription(opts: { userId: string; plan: string; priceId: string; customer?: string; status?: string; periodEnd?: Date }): StripeJson;
  /** An event of `type` around `object`. */
  event(type: string, object: StripeJson, opts?: { created?: Date; id?: string }): StripeJson;
  /** The raw body and Stripe-Signature header of an event, as Stripe delivers it. */
  sign(event: StripeJson): { payload: string; header: string };
  /** An invoice of a subscription, paid (its payment intent among its payments, as API 2025 shapes it). */
  paidInvoice(sub: StripeJson, opts?: { id?: string; amount?: number; currency?: string; paidAt?: Date; priceId?: string }): StripeJson;
  /** The charge that paid an invoice, refunded in full (the object of `charge.refunded`). */
  refundedCharge(invoice: StripeJson): StripeJson;
  /** A dispute opened on the charge that paid an invoice (the object of `charge.dispute.created`). */
  dispute(invoice: StripeJson): StripeJson;
  /** A signed `checkout.session.completed` for a session of `userId` (its subscription made and kept). */
  checkoutCompleted(opts: { userId: string; plan: string; priceId: string; customer?: string; created?: Date }): { event: StripeJson; payload: string; header: string; subscription: StripeJson };
  stop(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** `a[b][0][c]=v` pairs into a flat record (as sent). */
function readForm(text: string): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) form[k] = v;
  return form;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeStripe(opts: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = opts.secretKey ?? 'sk_test_fake_charla';
  const webhookSecret = opts.webhookSecret ?? 'whsec_fake_charla';
  const prices = opts.prices ?? {};
  const requests: FakeStripeRequest[] = [];
  const subscriptions = new Map<string, StripeJson>();
  const signer = new Stripe(secretKey);

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  };
  const stripeError = (res: ServerResponse, status: number, type: string, message: string, code?: string) =>
    send(res, status, { error: { type, message, ...(code ? { code } : {}) } });

  const priceObject = (priceId: string, p: FakePrice) => ({
    id: priceId,
    object: 'price',
    active: true,
    currency: p.currency,
    unit_amount: p.amount,
    recurring: { interval: p.interval, interval_count: 1 },
    type: 'recurring',
    metadata: {},
  });

  function subscriptionObject(o: { userId: string; plan: string; priceId: string; customer?: string; status?: string; periodEnd?: Date }): StripeJson {
    const price = prices[o.priceId] ?? { amount: 0, currency: 'usd', interval: 'month' as const };
    const end = seconds(o.periodEnd ?? new Date(Date.now() + 30 * 24 * 3600_000));
    const sub: StripeJson = {
      id: id('sub'),
      object: 'subscription',
      customer: o.customer ?? id('cus'),
      status: o.status ?? 'active',
      currency: price.currency,
      cancel_at_period_end: false,
      current_period_end: end,
      metadata: { userId: o.userId, plan: o.plan },
      default_payment_method: { id: id('pm'), object: 'payment_method', card: { brand: 'visa', last4: '4242' } },
      items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', current_period_end: end, price: priceObject(o.priceId, price) }] },
    };
    subscriptions.set(sub.id as string, sub);
    return sub;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const form = readForm(await readBody(req));
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, form, query });
    if (req.headers.authorization !== `Bearer ${secretKey}`) return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided.');
    const parts = url.pathname.split('/').filter(Boolean);
    const [version, resource, sub, third] = parts;
    if (version !== 'v1') return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`);

    if (resource === 'prices' && sub && req.method === 'GET') {
      const p = prices[sub];
      if (!p) return stripeError(res, 404, 'invalid_request_error', `No such price: '${sub}'`, 'resource_missing');
      return send(res, 200, priceObject(sub, p));
    }
    if (resource === 'checkout' && sub === 'sessions' && !third && req.method === 'POST') {
      const price = form['line_items[0][price]'];
      if (!price || !prices[price]) return stripeError(res, 400, 'invalid_request_error', `No such price: '${price ?? ''}'`, 'resource_missing');
      const sessionId = id('cs_test');
      return send(res, 200, {
        id: sessionId,
        object: 'checkout.session',
        mode: form.mode,
        client_reference_id: form.client_reference_id ?? null,
        customer: form.customer ?? null,
        customer_email: form.customer_email ?? null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        status: 'open',
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      });
    }
    if (resource === 'billing_portal' && sub === 'sessions' && req.method === 'POST') {
      if (!form.customer) return stripeError(res, 400, 'invalid_request_error', 'Missing required param: customer.', 'parameter_missing');
      const sessionId = id('bps');
      return send(res, 200, { id: sessionId, object: 'billing_portal.session', customer: form.customer, return_url: form.return_url, url: `https://billing.stripe.test/p/session/${sessionId}` });
    }
    if (resource === 'subscriptions' && sub) {
      const found = subscriptions.get(sub);
      if (!found) return stripeError(res, 404, 'invalid_request_error', `No such subscription: '${sub}'`, 'resource_missing');
      if (req.method === 'POST') {
        if (form.cancel_at_period_end) found.cancel_at_period_end = form.cancel_at_period_end === 'true';
        const newPrice = form['items[0][price]'];
        if (newPrice) {
          const p = prices[newPrice];
          if (!p) return stripeError(res, 400, 'invalid_request_error', `No such price: '${newPrice}'`, 'resource_missing');
          const items = found.items as { data: StripeJson[] };
          const item = items.data[0]!;
          if (form['items[0][id]'] && form['items[0][id]'] !== item.id) return stripeError(res, 400, 'invalid_request_error', `No such subscription item: '${form['items[0][id]']}'`, 'resource_missing');
          item.price = priceObject(newPrice, p);
          found.currency = p.currency;
        }
        for (const [key, value] of Object.entries(form)) {
          const m = /^metadata\[(.+)\]$/.exec(key);
          if (m) (found.metadata as Record<string, string>)[m[1]!] = value;
        }
        return send(res, 200, found);
      }
      if (req.method === 'GET') return send(res, 200, found);
    }
    return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => stripeError(res, 500, 'api_error', String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const event = (type: string, object: StripeJson, o: { created?: Date; id?: string } = {}): StripeJson => ({
    id: o.id ?? id('evt'),
    object: 'event',
    api_version: '2025-09-30.clover',
    created: seconds(o.created ?? new Date()),
    livemode: false,
    type,
    data: { object },
  });
  const sign = (e: StripeJson) => {
    const payload = JSON.stringify(e);
    return { payload, header: signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
  };

  return {
    env: (prices) => ({ STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PRICES: JSON.stringify(prices), STRIPE_API_BASE: `http://127.0.0.1:${port}` }),
    url: `http://127.0.0.1:${port}`,
    port,
    secretKey,
    webhookSecret,
    requests,
    subscriptions,
    subscription: subscriptionObject,
    event,
    sign,
    paidInvoice(sub, o = {}) {
      const item = (sub.items as { data: StripeJson[] } | undefined)?.data[0];
      const price = (item?.price as StripeJson | undefined) ?? {};
      const paidAt = seconds(o.paidAt ?? new Date());
      return {
        id: o.id ?? id('in'),
        object: 'invoice',
        number: `CH-${randomBytes(2).toString('hex').toUpperCase()}`,
        customer: sub.customer,
        status: 'paid',
        currency: o.currency ?? price.currency ?? 'usd',
        amount_due: o.amount ?? price.unit_amount ?? 0,
        amount_paid: o.amount ?? price.unit_amount ?? 0,
        created: paidAt,
        status_transitions: { paid_at: paidAt },
        payments: { object: 'list', data: [{ id: id('inpay'), object: 'invoice_payment', status: 'paid', payment: { type: 'payment_intent', payment_intent: id('pi') } }] },
        parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
        lines: { object: 'list', data: [{ period: { start: paidAt, end: paidAt + 30 * 86_400 }, pricing: { price_details: { price: o.priceId ?? price.id } } }] },
      };
    },
    refundedCharge(invoice) {
      const amount = invoice.amount_paid as number;
      const payment = ((invoice.payments as { data: { payment: { payment_intent: string } }[] }).data[0]!).payment;
      return { id: id('ch'), object: 'charge', amount, amount_refunded: amount, currency: invoice.currency, customer: invoice.customer, payment_intent: payment.payment_intent, paid: true, refunded: true };
    },
    dispute(invoice) {
      const payment = ((invoice.payments as { data: { payment: { payment_intent: string } }[] }).data[0]!).payment;
      return { id: id('dp'), object: 'dispute', amount: invoice.amount_paid, currency: invoice.currency, charge: id('ch'), payment_intent: payment.payment_intent, reason: 'fraudulent', status: 'needs_response' };
    },
    checkoutCompleted(o) {
      const subscription = subscriptionObject(o);
      const session = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        client_reference_id: o.userId,
        customer: subscription.customer,
        subscription: subscription.id,
        metadata: { userId: o.userId, plan: o.plan },
      };
      const e = event('checkout.session.completed', session, { created: o.created });
      return { event: e, subscription, ...sign(e) };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
