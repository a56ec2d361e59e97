import { it } from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { AppConfig } from '../../config.ts';
import type { DbExecutor } from '../../db/client.ts';
import { checkoutSessions, type PAYMENT_PROVIDERS } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * A checkout session as its provider vouches for it, whatever the provider: what fulfilment
 * checks against the server's own contract before recording a payment (DESIGN §8).
 */
export type VerifiedSession = {
  /** The provider's session id: `transaction_id` of the payment. */
  id: string;
  provider: (typeof PAYMENT_PROVIDERS)[number];
  paid: boolean;
  /** Stripe's `client_reference_id`; null when the session names no contract. */
  contractId: string | null;
  /** The total charged, in cents; null when the provider does not say. */
  amountCents: number | null;
  /** Lowercase ISO code ('eur'). */
  currency: string | null;
  /** The buyer, when the provider knows it (the local provider does; Stripe does not). */
  userId?: string;
  /** Stripe's PaymentIntent (`pi_…`): what a refund names. Null for the local provider. */
  paymentIntent: string | null;
  paidAt: Date;
};

export type PaymentProvider = {
  name: (typeof PAYMENT_PROVIDERS)[number];
  /** The session, or null when the provider does not know it. */
  retrieveCheckoutSession: (id: string) => Promise<VerifiedSession | null>;
};

/** The local provider (no STRIPE_SECRET_KEY): sessions are rows of `checkout_sessions`. */
export function createLocalProvider(db: DbExecutor): PaymentProvider {
  return {
    name: 'local',
    async retrieveCheckoutSession(id) {
      const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
      if (!row) return null;
      return {
        id: row.id,
        provider: 'local',
        paid: row.status === 'paid',
        contractId: row.contractId,
        amountCents: row.amountCents,
        currency: 'eur',
        userId: row.userId,
        paymentIntent: null,
        paidAt: row.createdAt,
      };
    },
  };
}

/** A Checkout Session id as Stripe issues them (`cs_test_…`, `cs_live_…`). */
const STRIPE_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/** The fields of a Stripe Checkout Session that fulfilment reads. */
export type StripeSessionFields = Pick<
  Stripe.Checkout.Session,
  'id' | 'payment_status' | 'client_reference_id' | 'amount_total' | 'currency' | 'payment_intent'
>;

export function fromStripeSession(session: StripeSessionFields): VerifiedSession {
  return {
    id: session.id,
    provider: 'stripe',
    paid: session.payment_status === 'paid',
    contractId: session.client_reference_id ?? null,
    amountCents: session.amount_total ?? null,
    currency: session.currency?.toLowerCase() ?? null,
    // An id unless the caller asked Stripe to expand it into the object.
    paymentIntent:
      typeof session.payment_intent === 'string'
        ? session.payment_intent
        : (session.payment_intent?.id ?? null),
    paidAt: new Date(),
  };
}

/** A Checkout Session the server started: where the buyer pays, and until when. */
export type CreatedStripeSession = { id: string; url: string; expiresAt: Date };

export type StripeProvider = PaymentProvider & {
  stripe: Stripe;
  /**
   * Creates a Checkout Session; `idempotencyKey` makes Stripe answer a repeated request with the
   * session it created first. Throws AppError 503 when Stripe cannot be reached or refuses.
   */
  createCheckoutSession: (
    params: Stripe.Checkout.SessionCreateParams,
    idempotencyKey: string,
  ) => Promise<CreatedStripeSession>;
  /** The event, once its `Stripe-Signature` is verified on the raw body; throws otherwise. */
  constructEvent: (rawBody: Buffer, signature: string, secret: string) => Stripe.Event;
  /**
   * The Checkout Sessions paid with `paymentIntent`: none for a charge made elsewhere on the
   * account (a payment link, another integration). Throws AppError 503 when Stripe cannot answer.
   */
  checkoutSessionsOfIntent: (paymentIntent: string) => Promise<VerifiedSession[]>;
};

/**
 * The Stripe provider. `apiBase` (STRIPE_API_BASE, for tests only) points the SDK at another
 * server, e.g. a fake Stripe on loopback.
 */
export function createStripeProvider(secretKey: string, apiBase?: string): StripeProvider {
  const base = apiBase ? new URL(apiBase) : undefined;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(base
      ? {
          host: base.hostname,
          protocol: base.protocol === 'http:' ? 'http' : 'https',
          ...(base.port ? { port: Number(base.port) } : {}),
        }
      : {}),
  });
  return {
    name: 'stripe',
    stripe,
    async retrieveCheckoutSession(id) {
      if (!STRIPE_SESSION_ID.test(id)) return null;
      try {
        return fromStripeSession(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return null;
        }
        // Stripe unreachable, or refusing our key: nothing to verify against now.
        throw new AppError('unavailable', it.payments.providerUnavailable, { cause: error });
      }
    },
    async createCheckoutSession(params, idempotencyKey) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(params, { idempotencyKey });
      } catch (error) {
        // Unreachable, an outage, or refusing our key or parameters: the buyer can only retry.
        throw new AppError('unavailable', it.payments.providerUnavailable, { cause: error });
      }
      if (!session.url) {
        throw new AppError('unavailable', it.payments.providerUnavailable, {
          cause: new Error(`Stripe session ${session.id} has no url`),
        });
      }
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },
    constructEvent: (rawBody, signature, secret) =>
      stripe.webhooks.constructEvent(rawBody, signature, secret),
    async checkoutSessionsOfIntent(paymentIntent) {
      try {
        const sessions = await stripe.checkout.sessions.list({
          payment_intent: paymentIntent,
          limit: 10,
        });
        return sessions.data.map(fromStripeSession);
      } catch (error) {
        throw new AppError('unavailable', it.payments.providerUnavailable, { cause: error });
      }
    },
  };
}

/** STRIPE_SECRET_KEY set: Stripe; else the local provider. */
export function createPaymentProvider(
  config: Pick<AppConfig, 'stripeSecretKey' | 'stripeApiBase'>,
  db: DbExecutor,
): PaymentProvider | StripeProvider {
  return config.stripeSecretKey
    ? createStripeProvider(config.stripeSecretKey, config.stripeApiBase)
    : createLocalProvider(db);
}
