import {
  billingCurrencies,
  limitsOf,
  listPrice,
  hasProtectedFeatures,
  paidPlans,
  planLevels,
  planLimits,
  subscriptionStatuses,
  invoiceStatuses,
  type AdminAccountPatchResponse,
  type BillingCheckoutRequest,
  type BillingCurrency,
  type BillingInterval,
  type BillingInvoicesResponse,
  type BillingPlan,
  type BillingPlansResponse,
  type BillingSubscriptionResponse,
  type PaidPlan,
  type PlanLevel,
  type PaymentErrorPayload,
} from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { AccessService } from '../access/access.module.ts';
import { setPlan, type UserRow } from '../auth/index.ts';
import { countSwitchedOff, switchBackOn, switchOffBeyond } from '../bots/index.ts';
import type { QuotaService } from '../quota/quota.module.ts';
import { plansRepository, type InvoiceRow, type SubscriptionPatch, type SubscriptionRow } from './plans.repository.ts';
import type { StripeGateway, StripeObject } from './stripe-gateway.ts';
import type { BillingListener } from './billing-events.ts';
import { isUuid } from '../../lib/uuid.ts';

export interface PlansDeps {
  db: Db;
  config: Pick<Config, 'STRIPE_PRICES' | 'BILLING_GRACE_DAYS' | 'APP_URL'>;
  /** Undefined when the server has no Stripe keys. */
  stripe: StripeGateway | undefined;
  quota: QuotaService;
  access: AccessService;
  /** To the account owner's room. */
  notifyPaymentError: (accountId: string, payload: PaymentErrorPayload) => void;
  log: FastifyBaseLogger;
  /** A plan set by hand goes in the account's activity and the console's trail. */
  audit: Pick<AuditService, 'record'>;
}

/** The Stripe events billing applies; any other answers 200 and changes nothing. */
export const handledEvents = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
  'charge.dispute.created',
] as const;

const PRICE_CACHE_MS = 10 * 60_000;
const PRICE_RETRY_MS = 60_000;
const DAY = 24 * 60 * 60_000;
// Readers of Stripe objects, which this module takes as plain JSON (fields move between API versions).
const obj = (v: unknown): StripeObject | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as StripeObject) : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const idOf = (v: unknown): string | undefined => str(v) ?? str(obj(v)?.id);
const time = (seconds: unknown): Date | null => (num(seconds) === undefined ? null : new Date(num(seconds)! * 1000));
const first = (list: unknown): StripeObject | undefined => obj((obj(list)?.data as unknown[] | undefined)?.[0]);
const paidPlanOf = (v: unknown): PaidPlan | undefined => ((paidPlans as readonly unknown[]).includes(v) ? (v as PaidPlan) : undefined);
/** The payment intent that settled an invoice: its own field (older API versions) or its first payment. */
const paymentIntentOf = (invoice: StripeObject): string | undefined =>
  idOf(invoice.payment_intent) ?? idOf(obj(obj(first(invoice.payments)?.payment))?.payment_intent);
const oneOf = <T extends string>(list: readonly T[], v: unknown, otherwise: T): T => ((list as readonly unknown[]).includes(v) ? (v as T) : otherwise);

/** Stripe's subscription statuses as the contract names them. */
function statusOf(v: string): BillingSubscriptionResponse['status'] {
  if (v === 'incomplete_expired') return 'canceled';
  if (v === 'paused') return 'past_due';
  return oneOf(subscriptionStatuses, v, 'none');
}

/** Plans and billing: prices, the account's subscription, Stripe Checkout and Portal, the webhook's effects and the grace period. */
export function plansService(deps: PlansDeps) {
  const { db, config, stripe, quota, access, log } = deps;
  const repo = plansRepository(db);
  const prices = Object.entries(config.STRIPE_PRICES).map(([id, p]) => ({ id, ...p }));
  const configured = Boolean(stripe) && prices.length > 0;
  const priceCache = new Map<string, { amount: number | null; until: number }>();
  const listeners: BillingListener[] = [];

  const priceFor = (plan: PaidPlan, interval: BillingInterval, currency: string) =>
    prices.find((p) => p.plan === plan && p.interval === interval && p.currency === currency);

  async function stripeAmount(priceId: string): Promise<number | null> {
    const cached = priceCache.get(priceId);
    if (cached && cached.until > Date.now()) return cached.amount;
    try {
      const amount = await stripe!.priceAmount(priceId);
      priceCache.set(priceId, { amount, until: Date.now() + PRICE_CACHE_MS });
      return amount;
    } catch (err) {
      log.warn({ err, priceId }, 'Stripe price could not be read; the list price is shown');
      priceCache.set(priceId, { amount: null, until: Date.now() + PRICE_RETRY_MS });
      return null;
    }
  }

  async function priceOf(plan: PaidPlan, interval: BillingInterval, currency: BillingCurrency) {
    const configuredPrice = configured ? priceFor(plan, interval, currency) : undefined;
    if (!configuredPrice) return { amount: listPrice(plan, interval, currency), currency, purchasable: false };
    return { amount: (await stripeAmount(configuredPrice.id)) ?? listPrice(plan, interval, currency), currency, purchasable: true };
  }

  /** Fails the call with PAYMENT_PROVIDER_FAILED (502), the cause logged. */
  function providerFailed(err: unknown, what: string): never {
    log.error({ err }, `Stripe ${what} failed`);
    throw new AppError('PAYMENT_PROVIDER_FAILED');
  }

  /** The account's bots on and off as its plan allows: the newest beyond the limit off, the others back on. */
  async function fitBots(tx: Db, accountId: string, plan: PlanLevel): Promise<void> {
    const limit = limitsOf(plan).bots;
    await switchOffBeyond(accountId, limit, tx);
    await switchBackOn(accountId, limit, tx);
  }

  async function changePlan(tx: Db, accountId: string, plan: PlanLevel): Promise<boolean> {
    if (!(await setPlan(accountId, plan, tx))) return false;
    await fitBots(tx, accountId, plan);
    return true;
  }

  /** An account id from Stripe metadata or a session, when it names an account that exists. */
  async function accountFrom(...candidates: unknown[]): Promise<string | undefined> {
    for (const c of candidates) {
      const id = str(c);
      if (id && isUuid(id) && (await repo.accountExists(id))) return id;
    }
    return undefined;
  }

  const owned = (actor: UserRow) => access.writableAccount(actor, actor.email);

  function toInvoice(row: InvoiceRow): BillingInvoicesResponse['invoices'][number] {
    return {
      id: row.stripeInvoiceId,
      number: row.number,
      status: oneOf(invoiceStatuses, row.status, 'open'),
      plan: row.plan ? oneOf(planLevels, row.plan, 'Free') : null,
      amount: row.amount,
      currency: row.currency,
      periodStart: row.periodStart?.toISOString() ?? null,
      periodEnd: row.periodEnd?.toISOString() ?? null,
      paidAt: row.paidAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      pdfUrl: row.pdfUrl,
      hostedUrl: row.hostedUrl,
    };
  }

  /**
   * A subscription's state as Stripe sent it, unless a newer one was applied already: an active
   * one sets the plan, clears the grace period and fits the bots to it; a cancelled one drops the
   * account to Free (bots beyond Free's limit switched off, kept).
   */
  async function applySubscription(tx: Db, accountId: string, sub: StripeObject, eventAt: Date, deleted: boolean): Promise<void> {
    const r = plansRepository(tx);
    const row = await r.subscription(accountId, true);
    if (row?.eventCreatedAt && row.eventCreatedAt > eventAt) {
      log.info({ accountId, subscription: sub.id }, 'older Stripe subscription event ignored');
      return;
    }
    const item = first(sub.items);
    const price = obj(item?.price);
    const mapped = str(price?.id) ? config.STRIPE_PRICES[str(price?.id)!] : undefined;
    const plan = mapped?.plan ?? paidPlanOf(obj(price?.metadata)?.plan) ?? paidPlanOf(obj(sub.metadata)?.plan) ?? paidPlanOf(row?.plan);
    const status = deleted ? 'canceled' : statusOf(str(sub.status) ?? 'active');
    const card = obj(obj(sub.default_payment_method)?.card);
    const patch: SubscriptionPatch = {
      stripeSubscriptionId: str(sub.id) ?? row?.stripeSubscriptionId ?? null,
      stripeCustomerId: idOf(sub.customer) ?? row?.stripeCustomerId ?? null,
      plan: plan ?? 'Free',
      interval: mapped?.interval ?? str(obj(price?.recurring)?.interval) ?? row?.interval ?? null,
      currency: mapped?.currency ?? str(sub.currency) ?? str(price?.currency) ?? row?.currency ?? null,
      status,
      currentPeriodEnd: time(sub.current_period_end ?? item?.current_period_end),
      cancelAtPeriodEnd: sub.cancel_at_period_end === true,
      eventCreatedAt: eventAt,
      ...(card && str(card.last4) ? { cardBrand: str(card.brand) ?? 'card', cardLast4: str(card.last4)! } : {}),
    };
    if (status === 'canceled') {
      patch.graceUntil = null;
      await changePlan(tx, accountId, 'Free');
    } else if ((status === 'active' || status === 'trialing') && plan) {
      patch.graceUntil = null;
      await changePlan(tx, accountId, plan);
    }
    await r.saveSubscription(accountId, patch);
  }

  /** An invoice paid or failed: the ledger row, then the grace period cleared (and the plan back) or started. */
  async function applyInvoice(tx: Db, accountId: string, invoice: StripeObject, paid: boolean, now: Date, eventId: string): Promise<boolean> {
    const r = plansRepository(tx);
    const row = await r.subscription(accountId, true);
    const line = first(invoice.lines);
    const details = obj(obj(invoice.parent)?.subscription_details) ?? obj(invoice.subscription_details);
    const priceId = str(obj(line?.price)?.id) ?? str(obj(obj(line?.pricing)?.price_details)?.price);
    const plan = (priceId ? config.STRIPE_PRICES[priceId]?.plan : undefined) ?? paidPlanOf(obj(details?.metadata)?.plan) ?? paidPlanOf(row?.plan);
    const period = obj(line?.period);
    const created = time(invoice.created) ?? now;
    const amount = Math.trunc(num(paid ? invoice.amount_paid : invoice.amount_due) ?? num(invoice.total) ?? 0);
    const currency = str(invoice.currency) ?? row?.currency ?? 'usd';
    const paidAt = paid ? (time(obj(invoice.status_transitions)?.paid_at) ?? now) : null;
    await r.saveInvoice({
      stripeInvoiceId: str(invoice.id)!,
      userId: accountId,
      number: str(invoice.number) ?? null,
      status: paid ? 'paid' : oneOf(invoiceStatuses, invoice.status, 'open'),
      plan: plan ?? null,
      amount,
      currency,
      periodStart: time(period?.start ?? invoice.period_start),
      periodEnd: time(period?.end ?? invoice.period_end),
      paidAt,
      pdfUrl: str(invoice.invoice_pdf) ?? null,
      hostedUrl: str(invoice.hosted_invoice_url) ?? null,
      paymentIntentId: paymentIntentOf(invoice) ?? null,
      createdAt: created,
    });
    const customer = idOf(invoice.customer) ?? row?.stripeCustomerId ?? null;
    if (paid) {
      for (const l of listeners) await l.invoicePaid?.({ eventId, invoiceId: str(invoice.id)!, accountId, amount, currency, paidAt: paidAt! }, tx);
      if (row?.status === 'canceled') return false;
      if (plan) await changePlan(tx, accountId, plan);
      await r.saveSubscription(accountId, { graceUntil: null, status: 'active', stripeCustomerId: customer, ...(plan ? { plan } : {}) });
      return false;
    }
    const graceUntil = row?.graceUntil && row.graceUntil > now ? row.graceUntil : new Date(now.getTime() + config.BILLING_GRACE_DAYS * DAY);
    await r.saveSubscription(accountId, { graceUntil, status: 'past_due', stripeCustomerId: customer });
    return true;
  }

  return {
    paymentsConfigured: configured,

    /** Subscribes another module to paid invoices and reversed payments (see billing-events.ts). */
    onBilling(listener: BillingListener): void {
      listeners.push(listener);
    },

    async plans(requested: string | undefined): Promise<BillingPlansResponse> {
      const known = oneOf(billingCurrencies, requested, 'usd');
      const currency: BillingCurrency = configured && !prices.some((p) => p.currency === known) ? 'usd' : known;
      const plans: BillingPlan[] = await Promise.all(
        planLevels.map(async (plan) => {
          const paid = paidPlanOf(plan);
          return {
            plan,
            limits: { ...planLimits[plan] },
            protectedFeatures: hasProtectedFeatures(plan),
            prices: paid ? { month: await priceOf(paid, 'month', currency), year: await priceOf(paid, 'year', currency) } : null,
          };
        }),
      );
      return { currency, paymentsConfigured: configured, plans };
    },

    async subscription(actor: UserRow): Promise<BillingSubscriptionResponse> {
      return subscriptionOf(owned(actor));
    },

    async checkout(actor: UserRow, body: BillingCheckoutRequest, appUrl: string): Promise<string> {
      if (!configured) throw new AppError('PAYMENTS_NOT_CONFIGURED');
      const accountId = owned(actor);
      const price = priceFor(body.plan, body.interval, body.currency ?? 'usd') ?? priceFor(body.plan, body.interval, 'usd');
      if (!price) throw new AppError('PRICE_NOT_CONFIGURED');
      const current = await repo.subscription(accountId);
      const customer = current?.stripeCustomerId;
      const back = (outcome: string) => `${appUrl}/app/dashboard/mi-cuenta?tab=plan&checkout=${outcome}`;
      const metadata = { userId: accountId, plan: body.plan };
      // A running subscription changes its price (prorated by Stripe) instead of starting a second one.
      if (current?.stripeSubscriptionId && ['active', 'trialing', 'past_due'].includes(current.status)) {
        let changed: StripeObject;
        try {
          changed = await stripe!.changePrice(current.stripeSubscriptionId, price.id, metadata);
        } catch (err) {
          return providerFailed(err, 'subscription change');
        }
        await db.transaction((tx) => applySubscription(tx, accountId, changed, new Date(), false));
        return back('success');
      }
      try {
        return await stripe!.createCheckout({
          mode: 'subscription',
          line_items: [{ price: price.id, quantity: 1 }],
          client_reference_id: accountId,
          metadata,
          subscription_data: { metadata },
          ...(customer ? { customer } : { customer_email: actor.email }),
          success_url: back('success'),
          cancel_url: back('cancel'),
        });
      } catch (err) {
        return providerFailed(err, 'Checkout session');
      }
    },

    async portal(actor: UserRow, appUrl: string): Promise<string> {
      if (!configured) throw new AppError('PAYMENTS_NOT_CONFIGURED');
      const customer = (await repo.subscription(owned(actor)))?.stripeCustomerId;
      if (!customer) throw new AppError('NO_SUBSCRIPTION');
      try {
        return await stripe!.createPortal(customer, `${appUrl}/app/dashboard/mi-cuenta?tab=plan`);
      } catch (err) {
        return providerFailed(err, 'Customer Portal session');
      }
    },

    async cancel(actor: UserRow, cancelAtPeriodEnd: boolean): Promise<BillingSubscriptionResponse> {
      if (!configured) throw new AppError('PAYMENTS_NOT_CONFIGURED');
      const accountId = owned(actor);
      const row = await repo.subscription(accountId);
      if (!row?.stripeSubscriptionId || row.status === 'canceled') throw new AppError('NO_SUBSCRIPTION');
      let sub: StripeObject;
      try {
        sub = await stripe!.setCancelAtPeriodEnd(row.stripeSubscriptionId, cancelAtPeriodEnd);
      } catch (err) {
        return providerFailed(err, 'subscription update');
      }
      await repo.saveSubscription(accountId, { cancelAtPeriodEnd: typeof sub.cancel_at_period_end === 'boolean' ? sub.cancel_at_period_end : cancelAtPeriodEnd });
      return subscriptionOf(accountId);
    },

    async invoices(actor: UserRow): Promise<BillingInvoicesResponse> {
      return { invoices: (await repo.invoices(owned(actor))).map(toInvoice) };
    },

    /** The main admin sets an account's plan by hand; its bots follow the new limit. */
    async setPlanByHand(actor: UserRow, userId: string, plan: PlanLevel, ip?: string): Promise<AdminAccountPatchResponse> {
      if (actor.role !== 'admin') throw new AppError('FORBIDDEN');
      if (!isUuid(userId)) throw new AppError('NOT_FOUND');
      const changed = await db.transaction(async (tx) => {
        if (!(await changePlan(tx, userId, plan))) return false;
        await deps.audit.record({ accountId: userId, actor, action: 'admin.plan_set', target: { type: 'account', id: userId }, details: { plan }, ...(ip && { ip }) }, tx);
        return true;
      });
      if (!changed) throw new AppError('NOT_FOUND');
      log.info({ userId, plan, by: actor.id }, 'plan set by the admin');
      return { userId, plan };
    },

    /**
     * A webhook delivery: its signature checked over the raw body, then the event applied once
     * (its id recorded in the same transaction as its effect).
     */
    async webhook(raw: Buffer, signature: string | undefined, now = new Date()): Promise<{ applied: boolean }> {
      if (!configured) throw new AppError('PAYMENTS_NOT_CONFIGURED');
      if (!signature) throw new AppError('STRIPE_SIGNATURE_INVALID');
      let event: StripeObject;
      try {
        event = stripe!.verifyEvent(raw, signature);
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'Stripe webhook with a bad signature refused');
        throw new AppError('STRIPE_SIGNATURE_INVALID');
      }
      return applyEvent(event, now);
    },

    /** Accounts whose grace period ended unpaid fall to Free (bots beyond its limit switched off, kept). Safe to run twice. */
    async expireGrace(now = new Date()): Promise<number> {
      let dropped = 0;
      for (const accountId of await repo.graceEnded(now)) {
        const done = await db.transaction(async (tx) => {
          const r = plansRepository(tx);
          const row = await r.subscription(accountId, true);
          if (!row?.graceUntil || row.graceUntil > now) return false;
          await changePlan(tx, accountId, 'Free');
          await r.saveSubscription(accountId, { graceUntil: null, status: 'unpaid' });
          return true;
        });
        if (done) {
          dropped++;
          log.info({ accountId }, 'grace period ended unpaid: the account is on Free');
        }
      }
      return dropped;
    },
  };

  async function subscriptionOf(accountId: string): Promise<BillingSubscriptionResponse> {
    const [row, messages, bots, seats, contacts, switchedOff] = await Promise.all([
      repo.subscription(accountId),
      quota.check(accountId, 'messages'),
      quota.check(accountId, 'bots'),
      quota.check(accountId, 'seats'),
      quota.check(accountId, 'contacts'),
      countSwitchedOff(accountId, db),
    ]);
    return present(row, messages.plan, {
      messages: { used: messages.used, limit: messages.limit },
      bots: { used: bots.used, limit: bots.limit },
      seats: { used: seats.used, limit: seats.limit },
      contacts: { used: contacts.used, limit: contacts.limit },
    }, switchedOff);
  }

  function present(row: SubscriptionRow | undefined, plan: PlanLevel, usage: BillingSubscriptionResponse['usage'], botsSwitchedOff: number): BillingSubscriptionResponse {
    return {
      plan,
      status: row ? statusOf(row.status) : 'none',
      interval: row?.interval === 'month' || row?.interval === 'year' ? row.interval : null,
      currency: row?.currency ?? null,
      currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
      graceUntil: row?.graceUntil?.toISOString() ?? null,
      paymentMethod: row?.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
      paymentsConfigured: configured,
      usage,
      botsSwitchedOff,
    };
  }

  /**
   * A refund (`charge.refunded`, a charge) or a dispute (`charge.dispute.created`): the invoice it
   * takes money back from, by the charge's invoice or by the payment that settled it; listeners
   * reverse what the payment earned. Applied once, like every event.
   */
  async function applyReversal(id: string, type: string, object: StripeObject, at: Date): Promise<{ applied: boolean }> {
    const dispute = type === 'charge.dispute.created';
    const charge = dispute ? obj(object.charge) : object;
    const invoiceId = idOf(charge?.invoice) ?? str(obj(charge?.metadata)?.invoice);
    const paymentIntent = idOf(object.payment_intent) ?? idOf(charge?.payment_intent);
    const invoice = await repo.invoiceOfPayment(invoiceId, paymentIntent);
    // A partial refund keeps the sale; only a charge refunded in full reverses it.
    const reverses = dispute || object.refunded === true;
    return {
      applied: await db.transaction(async (tx) => {
        if (!(await plansRepository(tx).recordEvent(id, type, invoice?.userId ?? null))) return false;
        if (!invoice) {
          log.warn({ eventId: id, type }, 'Stripe refund or dispute for no known invoice ignored');
          return true;
        }
        if (!reverses) return true;
        const event = { eventId: id, invoiceId: invoice.stripeInvoiceId, accountId: invoice.userId, reason: dispute ? ('chargeback' as const) : ('refund' as const), at };
        for (const l of listeners) await l.paymentReversed?.(event, tx);
        return true;
      }),
    };
  }

  async function applyEvent(event: StripeObject, now: Date): Promise<{ applied: boolean }> {
    const id = str(event.id);
    const type = str(event.type) ?? '';
    const object = obj(obj(event.data)?.object);
    if (!id || !object || !(handledEvents as readonly string[]).includes(type)) return { applied: false };
    const eventAt = time(event.created) ?? now;
    if (type.startsWith('charge.')) return applyReversal(id, type, object, eventAt);

    let accountId: string | undefined;
    let subscription: StripeObject | undefined;
    if (type === 'checkout.session.completed') {
      const subId = idOf(object.subscription);
      // The subscription as it is now: its price, period and card (the session carries only its id).
      const expanded = obj(object.subscription);
      if (expanded?.items) subscription = expanded;
      else if (subId) subscription = await stripe!.retrieveSubscription(subId).catch((err: unknown) => providerFailed(err, 'subscription read'));
      accountId = await accountFrom(object.client_reference_id, obj(object.metadata)?.userId, obj(subscription?.metadata)?.userId);
    } else if (type.startsWith('customer.subscription.')) {
      subscription = object;
      accountId = await accountFrom(obj(object.metadata)?.userId);
    } else {
      const details = obj(obj(object.parent)?.subscription_details) ?? obj(object.subscription_details);
      accountId = await accountFrom(obj(details?.metadata)?.userId, obj(object.metadata)?.userId);
    }
    const customer = idOf(object.customer);
    if (!accountId && customer) accountId = await repo.accountOfCustomer(customer);

    let paymentFailed = false;
    const applied = await db.transaction(async (tx) => {
      if (!(await plansRepository(tx).recordEvent(id, type, accountId ?? null))) return false;
      if (!accountId) {
        log.warn({ eventId: id, type }, 'Stripe event for no known account ignored');
        return true;
      }
      if (type === 'checkout.session.completed') {
        if (customer) await plansRepository(tx).saveSubscription(accountId, { stripeCustomerId: customer });
        if (subscription) await applySubscription(tx, accountId, subscription, eventAt, false);
      } else if (subscription) {
        await applySubscription(tx, accountId, subscription, eventAt, type === 'customer.subscription.deleted');
      } else {
        paymentFailed = await applyInvoice(tx, accountId, object, type === 'invoice.paid', now, id);
      }
      return true;
    });
    if (applied && paymentFailed && accountId) {
      deps.notifyPaymentError(accountId, { message: 'No pudimos cobrar tu plan. Actualiza tu método de pago para conservarlo.' });
    }
    return { applied };
  }
}

export type PlansService = ReturnType<typeof plansService>;
