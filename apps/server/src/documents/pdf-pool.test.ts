import { readdirSync, readFileSync } from 'node:fs';
import { it as messages } from '@lexpath/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPdfPool,
  findSoffice,
  type PdfPool,
  PdfPoolBusyError,
  previewCacheKey,
} from './pdf-pool.ts';
import { renderDocx } from './render.ts';
import { buildSampleContract, SAMPLE_ANSWERS } from './test-docx.ts';

const soffice = findSoffice(process.env.SOFFICE_PATH);

async function waitFor(condition: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Processes of a process group that still run (zombies count as gone), from /proc. */
function livingMembersOf(group: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(pgrp) === group && state !== 'Z' && state !== 'X';
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('previewCacheKey', () => {
  it('is the same for the same answers in any order, and differs otherwise', () => {
    const key = previewCacheKey('hash', { a: 'x', b: ['1', '2'] });
    expect(previewCacheKey('hash', { b: ['1', '2'], a: 'x' })).toBe(key);
    expect(previewCacheKey('hash', { a: 'x', b: ['2', '1'] })).not.toBe(key);
    expect(previewCacheKey('other', { a: 'x', b: ['1', '2'] })).not.toBe(key);
  });
});

describe('PDF pool without LibreOffice', () => {
  it('still starts, and every preview answers 503 with an Italian message', async () => {
    const pool = createPdfPool({ sofficePath: '/nonexistent/soffice' });
    await pool.warmUp();
    await expect(pool.convertDocxToPdf(Buffer.from('x'), 'k')).rejects.toMatchObject({
      statusCode: 503,
      message: messages.documents.previewUnavailable,
    });
    expect(pool.status().available).toBe(false);
    await pool.close();
  });

  it('looks for soffice on the PATH', () => {
    const path = process.env.PATH;
    try {
      process.env.PATH = '/nonexistent';
      expect(findSoffice(undefined)).toBeUndefined();
    } finally {
      process.env.PATH = path;
    }
  });
});

describe.skipIf(!soffice)('PDF pool with LibreOffice', () => {
  let pool: PdfPool;
  const docx = renderDocx(buildSampleContract(3), SAMPLE_ANSWERS);
  const pidOf = () => pool.status().listeners[0]?.pid as number;

  beforeAll(async () => {
    pool = createPdfPool({ size: 1, queueLimit: 1, timeoutMs: 2500 });
    await pool.warmUp();
  }, 60_000);

  afterAll(async () => {
    await pool?.close();
  });

  it('lets a preview asked during the warm-up wait for the listener', async () => {
    const starting = createPdfPool({ size: 1 });
    try {
      const warming = starting.warmUp();
      // LibreOffice is spawned but not answering yet: the preview must not reach it early.
      await waitFor(() => starting.status().listeners[0]?.pid !== undefined);
      const [, pdf] = await Promise.all([warming, starting.convertDocxToPdf(docx)]);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await starting.close();
    }
  }, 30_000);

  it('closes at once during the warm-up, leaving no LibreOffice running', async () => {
    const starting = createPdfPool({ size: 1 });
    const warming = starting.warmUp();
    await waitFor(() => starting.status().listeners[0]?.pid !== undefined);
    const group = starting.status().listeners[0]?.pid as number;

    const began = Date.now();
    await starting.close();
    const closeMs = Date.now() - began;
    await warming;

    // Not the seconds LibreOffice takes to come up: a server stopping must not wait for it.
    expect(closeMs).toBeLessThan(500);
    await waitFor(() => livingMembersOf(group).length === 0, 2000);
  }, 30_000);

  it('converts a rendered contract to PDF', async () => {
    const pdf = await pool.convertDocxToPdf(docx, 'contract');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(10_000);
  });

  it('serves a repeated preview from the cache, without LibreOffice', async () => {
    const first = await pool.convertDocxToPdf(docx, 'contract');
    process.kill(-pidOf(), 'SIGKILL');
    await waitFor(() => !pool.status().listeners[0]?.alive);
    expect(await pool.convertDocxToPdf(docx, 'contract')).toBe(first);
  });

  it('replaces a killed listener and converts again', async () => {
    const before = pidOf();
    if (pool.status().listeners[0]?.alive) process.kill(-before, 'SIGKILL');
    await waitFor(() => !pool.status().listeners[0]?.alive);
    const pdf = await pool.convertDocxToPdf(docx, 'after-kill');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pidOf()).not.toBe(before);
  }, 30_000);

  it('replaces a hung listener after the timeout and retries the conversion once', async () => {
    const hung = pidOf();
    process.kill(-hung, 'SIGSTOP');
    const pdf = await pool.convertDocxToPdf(docx, 'after-hang');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pidOf()).not.toBe(hung);
  }, 30_000);

  it('converts a preview asked twice at once only once', async () => {
    const [a, b] = await Promise.all([
      pool.convertDocxToPdf(docx, 'twice'),
      pool.convertDocxToPdf(docx, 'twice'),
    ]);
    expect(a).toBe(b);
  });

  it('refuses with 503 and a Retry-After hint when the queue is full', async () => {
    const running = pool.convertDocxToPdf(docx);
    const waiting = pool.convertDocxToPdf(docx);
    const refused = pool.convertDocxToPdf(docx);
    await expect(refused).rejects.toBeInstanceOf(PdfPoolBusyError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 503,
      message: messages.documents.previewBusy,
      retryAfterSeconds: expect.any(Number),
    });
    await expect(Promise.all([running, waiting])).resolves.toHaveLength(2);
  }, 30_000);
});
