/**
 * A fake Stripe API on loopback for tests: the real `stripe` SDK is pointed at it with
 * STRIPE_API_BASE (`fake.url`). It knows Checkout Sessions (created through the API or added by a
 * test; listed by PaymentIntent) and refunds of a PaymentIntent (one per charge, as Stripe allows for a full refund),
 * keeps a log of every request it received, honours Idempotency-Key as Stripe does, and can
 * answer every request with a 500 (`outage`). Other endpoints are added with `route(...)`.
 * Webhook events are signed with the SDK's own test header.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type FakeCheckoutSession = {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'complete' | 'open' | 'expired';
  client_reference_id: string | null;
  amount_total: number | null;
  currency: string | null;
  payment_intent: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  success_url: string | null;
  cancel_url: string | null;
  /** Unix seconds. */
  expires_at: number;
  url: string | null;
};

export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number | null;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  /** Unix seconds. */
  created: number;
};

/** One request the fake received; `form` is the form-encoded body, nested as Stripe reads it. */
export type FakeStripeRequest = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: Record<string, unknown>;
};

export type FakeStripeAnswer = { status?: number; body: unknown };
/** A route's answer; undefined passes the request on to the next matching route. */
export type FakeStripeHandler = (
  request: FakeStripeRequest,
  match: RegExpExecArray,
) => FakeStripeAnswer | undefined | Promise<FakeStripeAnswer | undefined>;

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * A form body as the SDK sends it (`line_items[0][price_data][unit_amount]=4990`), nested:
 * numeric segments make arrays.
 */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const segments = [
      key.replace(/\[.*$/, ''),
      ...[...key.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? ''),
    ];
    let node: Record<string, unknown> | unknown[] = root;
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[segment] = value;
        return;
      }
      const next = segments[index + 1] ?? '';
      container[segment] ??= /^\d+$/.test(next) ? [] : {};
      node = container[segment] as Record<string, unknown>;
    });
  }
  return root;
}

function stripeError(status: number, type: string, message: string, code?: string) {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}

type LineItem = { quantity?: string; price_data?: { unit_amount?: string; currency?: string } };

export class FakeStripe {
  /** The Checkout Sessions the fake knows, by id. */
  readonly sessions = new Map<string, FakeCheckoutSession>();
  /** The refunds created through the API, by id. */
  readonly refunds = new Map<string, FakeRefund>();
  /** PaymentIntents whose charge is refunded: through the API, or in the dashboard (a test). */
  readonly refundedIntents = new Set<string>();
  /** Every request received, in order (also those answered with an error). */
  readonly requests: FakeStripeRequest[] = [];
  /** 'errors': every request is answered with a 500, as during an incident. */
  outage: 'none' | 'errors' = 'none';
  private readonly routes: { method: string; pattern: RegExp; handler: FakeStripeHandler }[] = [];
  private readonly idempotent = new Map<string, { form: string; answer: FakeStripeAnswer }>();
  private server: Server | undefined;
  private port = 0;

  private constructor() {
    this.route('GET', /^\/v1\/checkout\/sessions\/([^/?]+)$/, (_request, match) => {
      const id = decodeURIComponent(match[1] ?? '');
      const session = this.sessions.get(id);
      if (!session) {
        return stripeError(
          404,
          'invalid_request_error',
          `No such checkout.session: '${id}'`,
          'resource_missing',
        );
      }
      return { body: session };
    });
    this.route('POST', /^\/v1\/checkout\/sessions$/, (request) => this.createSession(request.form));
    this.route('GET', /^\/v1\/checkout\/sessions$/, (request) => {
      const intent = request.form.payment_intent;
      const data = [...this.sessions.values()].filter(
        (session) => intent === undefined || session.payment_intent === intent,
      );
      return {
        body: { object: 'list', url: '/v1/checkout/sessions', has_more: false, data },
      };
    });
    this.route('POST', /^\/v1\/refunds$/, (request) => this.createRefund(request.form));
  }

  /** A fake Stripe listening on 127.0.0.1 (`port` 0: any free port). */
  static async start(port = 0): Promise<FakeStripe> {
    const fake = new FakeStripe();
    fake.port = port;
    await fake.listen();
    return fake;
  }

  /** Where the SDK should send its requests (STRIPE_API_BASE). */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /**
   * Answers `method` requests whose path matches `pattern`, before the routes added earlier (a
   * test may wrap a built-in route: its handler does something, then answers undefined).
   * Returns the function that removes the route.
   */
  route(method: string, pattern: RegExp, handler: FakeStripeHandler): () => void {
    const entry = { method, pattern, handler };
    this.routes.unshift(entry);
    return () => {
      const index = this.routes.indexOf(entry);
      if (index >= 0) this.routes.splice(index, 1);
    };
  }

  /** Starts listening again on the same port (after `stop`). */
  async listen(): Promise<void> {
    const server = createServer((request, response) => {
      void this.handle(request, response);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  /** Forgets the log and ends any outage (between tests). */
  reset(): void {
    this.requests.length = 0;
    this.outage = 'none';
  }

  /** The requests to `method` on paths matching `pattern`. */
  requestsTo(method: string, pattern: RegExp): FakeStripeRequest[] {
    return this.requests.filter((r) => r.method === method && pattern.test(r.path));
  }

  /** A session the fake knows, as if the buyer went through a checkout: paid by default. */
  addSession(overrides: Partial<FakeCheckoutSession> = {}): FakeCheckoutSession {
    const id = overrides.id ?? randomId('cs_test');
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      status: 'complete',
      client_reference_id: null,
      amount_total: null,
      currency: 'eur',
      payment_intent: randomId('pi_test'),
      metadata: {},
      customer_email: null,
      success_url: null,
      cancel_url: null,
      expires_at: Math.floor(Date.now() / 1000) + 30 * 60,
      url: `${this.url}/pay/${id}`,
      ...overrides,
    };
    this.sessions.set(id, session);
    return session;
  }

  /** The buyer paid on Stripe's page: the session is complete and paid. */
  markPaid(id: string): FakeCheckoutSession {
    return this.update(id, { status: 'complete', payment_status: 'paid' });
  }

  /** Stripe expired the session unpaid. */
  markExpired(id: string): FakeCheckoutSession {
    return this.update(id, { status: 'expired', url: null });
  }

  private update(id: string, changes: Partial<FakeCheckoutSession>): FakeCheckoutSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`fake Stripe knows no session ${id}`);
    Object.assign(session, changes);
    return session;
  }

  /** The requests that asked for a refund: the PaymentIntent and the idempotency key of each. */
  refundRequests(): { paymentIntent: string | null; idempotencyKey: string | undefined }[] {
    return this.requestsTo('POST', /^\/v1\/refunds$/).map((request) => ({
      paymentIntent: (request.form.payment_intent as string | undefined) ?? null,
      idempotencyKey: request.idempotencyKey,
    }));
  }

  /** An event as Stripe delivers it to a webhook, about `object` (a copy taken now). */
  static event<T extends object>(type: string, object: T) {
    return {
      id: randomId('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
  }

  /** `event` as raw JSON with its `Stripe-Signature` header for the endpoint `secret`. */
  static signed(event: object, secret: string): { payload: string; signature: string } {
    const payload = JSON.stringify(event);
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  private createSession(form: Record<string, unknown>): FakeStripeAnswer {
    const items = (form.line_items ?? []) as LineItem[];
    if (form.mode !== 'payment' || items.length === 0) {
      return stripeError(400, 'invalid_request_error', 'mode and line_items are required');
    }
    const expiresAt = Number(form.expires_at ?? Math.floor(Date.now() / 1000) + 24 * 3600);
    const lifetime = expiresAt - Date.now() / 1000;
    if (lifetime < 30 * 60 || lifetime > 24 * 3600) {
      return stripeError(
        400,
        'invalid_request_error',
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.',
      );
    }
    const amount = items.reduce(
      (sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1),
      0,
    );
    const session = this.addSession({
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: (form.client_reference_id as string | undefined) ?? null,
      amount_total: amount,
      currency: items[0]?.price_data?.currency ?? (form.currency as string | undefined) ?? null,
      metadata: (form.metadata ?? {}) as Record<string, string>,
      customer_email: (form.customer_email as string | undefined) ?? null,
      success_url: (form.success_url as string | undefined) ?? null,
      cancel_url: (form.cancel_url as string | undefined) ?? null,
      expires_at: expiresAt,
    });
    return { body: session };
  }

  /** POST /v1/refunds of a whole PaymentIntent; a charge refunded already is refused. */
  private createRefund(form: Record<string, unknown>): FakeStripeAnswer {
    const intent = form.payment_intent as string | undefined;
    if (!intent?.startsWith('pi_')) {
      return stripeError(
        400,
        'invalid_request_error',
        `No such payment_intent: '${intent}'`,
        'resource_missing',
      );
    }
    if (this.refundedIntents.has(intent)) {
      return stripeError(
        400,
        'invalid_request_error',
        'Charge has already been refunded.',
        'charge_already_refunded',
      );
    }
    // The amount asked for, else the whole amount of the session paid with this intent.
    const session = [...this.sessions.values()].find((s) => s.payment_intent === intent);
    const refund: FakeRefund = {
      id: randomId('re'),
      object: 'refund',
      amount: form.amount === undefined ? (session?.amount_total ?? null) : Number(form.amount),
      currency: session?.currency ?? 'eur',
      payment_intent: intent,
      status: 'succeeded',
      created: Math.floor(Date.now() / 1000),
    };
    this.refunds.set(refund.id, refund);
    this.refundedIntents.add(intent);
    return { body: refund };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', this.url);
    const header = request.headers['idempotency-key'];
    const logged: FakeStripeRequest = {
      method,
      path: url.pathname,
      idempotencyKey: typeof header === 'string' ? header : undefined,
      form: parseStripeForm(method === 'GET' ? url.search.slice(1) : raw),
    };
    this.requests.push(logged);
    const answer = await this.answer(logged, raw);
    response.statusCode = answer.status ?? 200;
    response.setHeader('content-type', 'application/json');
    if (logged.idempotencyKey) response.setHeader('idempotency-key', logged.idempotencyKey);
    response.end(JSON.stringify(answer.body));
  }

  private async answer(request: FakeStripeRequest, raw: string): Promise<FakeStripeAnswer> {
    if (this.outage === 'errors') {
      return stripeError(500, 'api_error', 'An unknown error occurred');
    }
    // Stripe answers a repeated key with the first answer, and refuses it with other parameters.
    const key = request.method === 'POST' ? request.idempotencyKey : undefined;
    const first = key ? this.idempotent.get(key) : undefined;
    if (first) {
      if (first.form !== raw) {
        return stripeError(
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return first.answer;
    }
    let answer: FakeStripeAnswer | undefined;
    for (const route of this.routes) {
      const match = route.method === request.method ? route.pattern.exec(request.path) : null;
      if (match) answer = await route.handler(request, match);
      if (answer) break;
    }
    answer ??= stripeError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${request.path})`,
    );
    if (key && (answer.status ?? 200) < 500) {
      // A snapshot: a replay answers the object as it was first sent, as Stripe does.
      this.idempotent.set(key, { form: raw, answer: structuredClone(answer) });
    }
    return answer;
  }
}
