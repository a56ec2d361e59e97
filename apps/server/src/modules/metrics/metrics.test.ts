import { it as text } from '@lexpath/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import {
  createPublishedTemplate,
  payContract,
  startCompletedContract,
} from '../contracts/test-contracts.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

let ctx: TestContext;
let lawyer: TestUser;
let templateId: string;

beforeAll(async () => {
  // The app's own PDF pool, on this machine's LibreOffice: a preview is really converted.
  ctx = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
  lawyer = await ctx.buildUser();
  templateId = (await createPublishedTemplate(ctx)).template.id;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

async function scrape(): Promise<string> {
  const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of the sample `name{labels}` (labels as written by prom-client), or undefined. */
function sample(body: string, series: string): number | undefined {
  const line = body.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('reports requests by route pattern, the outbox, the invoices and the previews, and they move after a purchase', async () => {
    const before = await scrape();
    for (const name of [
      'lexpath_pg_pool_in_use',
      'lexpath_pg_pool_waiting',
      'lexpath_preview_queue_depth',
      'lexpath_libreoffice_listeners_alive',
      'lexpath_mail_outbox_backlog',
      'lexpath_mail_outbox_oldest_age_seconds',
      'lexpath_invoices_awaiting_transmission',
      'lexpath_login_throttled_total',
      'lexpath_database_up',
    ]) {
      expect(sample(before, name), name).toBeTypeOf('number');
    }
    expect(sample(before, 'lexpath_database_up')).toBe(1);
    const payments = 'lexpath_http_requests_total{method="POST",route="/api/payment",status="200"}';
    const detail =
      'lexpath_http_requests_total{method="GET",route="/api/contract/:id",status="200"}';
    const conversions = 'lexpath_preview_conversion_seconds_count{output="pdf",outcome="ok"}';
    const backlogBefore = sample(before, 'lexpath_mail_outbox_backlog') ?? 0;
    const invoicesBefore = sample(before, 'lexpath_invoices_awaiting_transmission') ?? 0;

    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const preview = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/preview/${contractId}`,
    });
    expect(preview.statusCode, preview.body.slice(0, 200)).toBe(200);
    await payContract(ctx, lawyer, contractId);
    const shown = await ctx.injectAs(lawyer)({ method: 'GET', url: `/api/contract/${contractId}` });
    expect(shown.statusCode).toBe(200);

    const after = await scrape();
    expect(sample(after, payments)).toBe((sample(before, payments) ?? 0) + 1);
    expect(sample(after, detail)).toBe((sample(before, detail) ?? 0) + 1);
    expect(
      sample(
        after,
        'lexpath_http_request_duration_seconds_count{method="POST",route="/api/payment",status="200"}',
      ),
    ).toBe(sample(after, payments));
    // The purchase confirmation waits in the outbox (no worker here), the invoice for the
    // transmission (no adapter here).
    expect(sample(after, 'lexpath_mail_outbox_backlog')).toBeGreaterThan(backlogBefore);
    expect(sample(after, 'lexpath_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'lexpath_invoices_awaiting_transmission')).toBe(invoicesBefore + 1);
    expect(sample(after, conversions)).toBe((sample(before, conversions) ?? 0) + 1);
    expect(sample(after, 'lexpath_libreoffice_listeners_alive')).toBeGreaterThanOrEqual(1);

    // No ids, PECs or names in any label: route patterns only.
    expect(after).not.toContain(contractId);
    expect(after).not.toContain(lawyer.pec);
    expect(after).not.toContain(lawyer.id);
    console.log(
      after
        .split('\n')
        .filter((line) => /^lexpath_(?!http_request_duration)/.test(line))
        .join('\n'),
    );
  }, 120_000);

  it('counts a login refused by the throttle', async () => {
    const series = 'lexpath_login_throttled_total';
    const before = sample(await scrape(), series) ?? 0;
    const pec = `bloccato.${Date.now()}@pec.test.it`;
    let last = 0;
    for (let attempt = 0; attempt < 12 && last !== 429; attempt += 1) {
      last = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { pec, password: 'Sbagliata#2026' },
        })
      ).statusCode;
    }
    expect(last).toBe(429);
    expect(sample(await scrape(), series)).toBe(before + 1);
  });

  it('answers a scraper off loopback only with the token: 401 without it or with another', async () => {
    const remote = { remoteAddress: '203.0.113.9' };
    const missing = await ctx.app.inject({ method: 'GET', url: '/metrics', ...remote });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(missing.json().message).toBe(text.operations.metricsTokenRequired);
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
      ...remote,
    });
    expect(wrong.statusCode).toBe(401);
    const right = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
      ...remote,
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('# TYPE lexpath_http_requests_total counter');
    // A request relayed by a proxy on this machine is not a loopback one.
    const proxied = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(401);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('does not exist for a request off loopback (404), and answers loopback', async () => {
    const plain = await createTestContext();
    try {
      const remote = await plain.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
      });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toContain('lexpath_');
      const local = await plain.app.inject({ method: 'GET', url: '/metrics' });
      expect(local.statusCode).toBe(200);
      // The outbox gauge counts rows, never shows them.
      await plain.db.insert(outbox).values({
        to: 'segreto@pec.test.it',
        subject: 'Oggetto riservato',
        html: '<p>x</p>',
        text: 'x',
      });
      const withMail = await plain.app.inject({ method: 'GET', url: '/metrics' });
      expect(sample(withMail.body, 'lexpath_mail_outbox_backlog')).toBe(1);
      expect(withMail.body).not.toContain('segreto');
    } finally {
      await plain.close();
    }
  });
});
