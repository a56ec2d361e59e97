import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { it as messages } from '@lexpath/shared';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireTool } from '../test/tools.ts';
import { OfficeListener } from './office-listener.ts';
import { PAGE_IMAGE_MAX_BYTES } from './page-images.ts';
import { createPdfPool, findSoffice, type PdfPool, PdfPoolBusyError } from './pdf-pool.ts';
import { openPreviewStore } from './preview-store.ts';
import { renderDocx } from './render.ts';
import { buildDocx, buildSampleContract, SAMPLE_ANSWERS } from './test-docx.ts';
import { COMMENT_TEXT, docxWithComments, startLinkTarget } from './test-external-docx.ts';
import { countPdfImages, pdfAClaim, pdfPageImageBytes, pdfPages, pdfText } from './test-pdf.ts';

const soffice = requireTool('soffice');
/** The protected preview's pages are drawn as pictures by Poppler. */
const canDraw = [soffice, requireTool('pdftoppm')].every(Boolean);

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

/** Processes whose command line names `marker` (a pool's unique folder, a pipe name). */
function processesNaming(marker: string): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return cmdline.includes(marker) ? [`${entry} ${cmdline}`] : [];
      } catch {
        return [];
      }
    });
}

const moduleUrl = (file: string) =>
  pathToFileURL(fileURLToPath(new URL(file, import.meta.url))).href;

/**
 * A server in a child process warming a one-listener pool in `workDir`, then running `then`
 * (module code with `pool` in scope); resolves once it printed its listeners' process groups.
 */
async function serverWithPool(
  workDir: string,
  then: string,
  options: { detached?: boolean } = {},
): Promise<{ server: ReturnType<typeof spawn>; pids: number[] }> {
  const server = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '--eval',
      `const { createPdfPool } = await import(${JSON.stringify(moduleUrl('./pdf-pool.ts'))});
       const pool = createPdfPool({ size: 1, workDir: ${JSON.stringify(workDir)} });
       await pool.warmUp();
       ${then}
       console.log(JSON.stringify(pool.status().listeners.map((l) => l.pid)));
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], detached: options.detached ?? false },
  );
  const pids: number[] = await new Promise((resolve, reject) => {
    server.stdout?.once('data', (line: Buffer) => resolve(JSON.parse(line.toString())));
    server.once('exit', () => reject(new Error('the server exited early')));
  });
  return { server, pids };
}

describe('PDF pool without LibreOffice', () => {
  it('still starts, and every preview answers 503 with an Italian message', async () => {
    const pool = createPdfPool({ sofficePath: '/nonexistent/soffice' });
    await pool.warmUp();
    await expect(pool.convertDocxToPdf(Buffer.from('x'), 'k')).rejects.toMatchObject({
      code: 'unavailable',
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

  it('converts a preview with review comments, twice on one listener, without the comments', async () => {
    const docx = docxWithComments(['Clausola commentata']);
    const listener = pidOf();
    for (const _ of [1, 2]) {
      const pdf = await pool.convertDocxToPdf(docx);
      const text = await pdfText(pdf);
      expect(text).toContain('Clausola commentata');
      expect(text).not.toContain(COMMENT_TEXT);
    }
    // The same LibreOffice converted both: it did not crash on them.
    expect(pidOf()).toBe(listener);
  }, 30_000);

  it('fetches no URL and reads no local file a document links (raw bytes to the pool)', async () => {
    const target = await startLinkTarget();
    try {
      for (const [name, linked] of target.documents) {
        const pdf = await pool.convertDocxToPdf(linked);
        expect(countPdfImages(pdf), name).toBe(0);
      }
      expect(target.requests).toEqual([]);
    } finally {
      await target.close();
    }
  }, 60_000);

  it('keeps LibreOffice itself from fetching links, even without the strip (its profile)', async () => {
    const target = await startLinkTarget();
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'lexpath-listener-'));
    const listener = new OfficeListener({
      sofficePath: soffice as string,
      pythonPath: '/usr/bin/python3',
      workDir,
      pipeName: `lexpath_test_${process.pid}_profile`,
      startTimeoutMs: 60_000,
    });
    try {
      await listener.start();
      for (const [name, linked] of target.documents) {
        const pdf = await listener.convert(linked, 20_000);
        expect(countPdfImages(pdf), name).toBe(0);
      }
      expect(target.requests).toEqual([]);
    } finally {
      listener.kill();
      await target.close();
      await rm(workDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses with 503 and a Retry-After hint when the queue is full', async () => {
    const running = pool.convertDocxToPdf(docx);
    const waiting = pool.convertDocxToPdf(docx);
    const refused = pool.convertDocxToPdf(docx);
    await expect(refused).rejects.toBeInstanceOf(PdfPoolBusyError);
    await expect(refused).rejects.toMatchObject({
      code: 'unavailable',
      message: messages.documents.previewBusy,
      retryAfterSeconds: expect.any(Number),
    });
    await expect(Promise.all([running, waiting])).resolves.toHaveLength(2);
  }, 30_000);
});

describe.skipIf(!soffice)('PDF pool: conversions ahead of time (issue 13)', () => {
  let pool: PdfPool;
  const docx = renderDocx(buildSampleContract(2), SAMPLE_ANSWERS);
  /** A .docx that `produce` hands over only when the test says so. */
  const gated = () => {
    let open: () => void = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    const produce = async () => {
      await opened;
      return docx;
    };
    return { open, produce };
  };

  beforeAll(async () => {
    pool = createPdfPool({ size: 1, queueLimit: 1 });
    await pool.warmUp();
  }, 60_000);

  afterAll(async () => {
    await pool?.close();
  });

  it('caches what it converts ahead of time, and a caller asking meanwhile gets that conversion', async () => {
    const gate = gated();
    const ahead = pool.prefetch('ahead', 'text', gate.produce);
    const asked = pool.peek('ahead');
    expect(asked).toBeDefined();
    gate.open();
    expect(await ahead).toBe(true);
    const pdf = await asked;
    expect(pdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pool.peek('ahead')).toBeDefined();
    expect(await pool.convertDocxToPdf(docx, 'ahead')).toBe(pdf);
    // Known already: nothing is made twice.
    expect(await pool.prefetch('ahead', 'text', async () => docx)).toBe(false);
  }, 30_000);

  it('takes no place from callers: with one made ahead of time converting, the queue still holds them all', async () => {
    const gate = gated();
    const ahead = pool.prefetch('ahead-places', 'text', gate.produce);
    // size 1 + queueLimit 1: both places are the callers'.
    const first = pool.reserve();
    const second = pool.reserve();
    expect(() => pool.reserve()).toThrow(PdfPoolBusyError);
    first.release();
    second.release();
    gate.open();
    expect(await ahead).toBe(true);
  }, 30_000);

  it('makes nothing ahead of time while every listener has a caller’s work, and lets callers go first', async () => {
    // A caller holds the only listener's place: nothing is started ahead of time.
    const place = pool.reserve();
    expect(await pool.prefetch('skipped', 'text', async () => docx)).toBe(false);
    expect(pool.peek('skipped')).toBeUndefined();
    place.release();

    // One made ahead of time queued behind a caller's conversion: the next caller goes first.
    const finished: string[] = [];
    const gate = gated();
    const ahead = pool
      .prefetch('behind', 'text', gate.produce)
      .then(() => finished.push('ahead of time'));
    const running = pool.convertDocxToPdf(docx, 'caller-1').then(() => finished.push('caller 1'));
    gate.open();
    await waitFor(() => pool.status().queued === 1);
    const next = pool.convertDocxToPdf(docx, 'caller-2').then(() => finished.push('caller 2'));
    await Promise.all([ahead, running, next]);
    expect(finished).toEqual(['caller 1', 'caller 2', 'ahead of time']);
  }, 60_000);

  it('converts background work (a mail’s courtesy PDF) after every preview queued, and never refuses a preview for it', async () => {
    const finished: string[] = [];
    // The listener busy with a preview; two mails' PDFs wait behind it.
    const running = pool.convertDocxToPdf(docx, 'shown-1').then(() => finished.push('preview 1'));
    const mails = [1, 2].map((n) =>
      pool
        .convertDocxToPdf(docx, `mail-${n}`, 'text', 'background')
        .then(() => finished.push(`mail ${n}`)),
    );
    await waitFor(() => pool.status().queued === 2);
    // size 1 + queueLimit 1: with both mails waiting, the next preview still has its place and
    // goes ahead of them; a third preview is the one refused.
    const next = pool.convertDocxToPdf(docx, 'shown-2').then(() => finished.push('preview 2'));
    await expect(pool.convertDocxToPdf(docx, 'shown-3')).rejects.toBeInstanceOf(PdfPoolBusyError);
    await Promise.all([running, next, ...mails]);
    expect(finished).toEqual(['preview 1', 'preview 2', 'mail 1', 'mail 2']);
    // Background work has places of its own, as many as the callers' (size + queueLimit).
    const busy = pool.convertDocxToPdf(docx, 'shown-4');
    const later = [3, 4].map((n) => pool.convertDocxToPdf(docx, `mail-${n}`, 'text', 'background'));
    await expect(
      pool.convertDocxToPdf(docx, 'mail-5', 'text', 'background'),
    ).rejects.toBeInstanceOf(PdfPoolBusyError);
    await Promise.all([busy, ...later]);
  }, 90_000);

  it('moves background work up once a caller asks for it: the download of a PDF/A still queued goes ahead of the other background work', async () => {
    const finished: string[] = [];
    const running = pool.convertDocxToPdf(docx, 'shown-5').then(() => finished.push('preview'));
    const queued = ['a', 'b'].map((name) =>
      pool
        .convertDocxToPdf(docx, `bought-${name}`, 'pdf-a', 'background')
        .then(() => finished.push(`background ${name}`)),
    );
    await waitFor(() => pool.status().queued === 2);
    const asked = pool.convertDocxToPdf(docx, 'bought-b', 'pdf-a');
    await Promise.all([running, asked, ...queued]);
    expect(finished).toEqual(['preview', 'background b', 'background a']);
    // The caller got the conversion itself, not a second one.
    expect(await asked).toBe(await pool.peek('bought-b', 'pdf-a'));
  }, 90_000);

  it('logs a failed conversion ahead of time, caches nothing, and converts when a caller asks', async () => {
    const warnings: string[] = [];
    const failing = createPdfPool({
      size: 1,
      timeoutMs: 3000,
      logger: { warn: (_details, message) => warnings.push(message) },
    });
    try {
      await failing.warmUp();
      // A hung LibreOffice: the conversion times out and the listener is replaced.
      process.kill(-(failing.status().listeners[0]?.pid as number), 'SIGSTOP');
      expect(await failing.prefetch('hung', 'text', async () => docx)).toBe(false);
      expect(warnings).toContain('Preview ahead of time failed: converted when asked');
      expect(failing.peek('hung')).toBeUndefined();
      const pdf = await failing.convertDocxToPdf(docx, 'hung');
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await failing.close();
    }
  }, 60_000);
});

describe.skipIf(!canDraw)('PDF pool outputs: protected preview and PDF/A', () => {
  let pool: PdfPool;
  const docx = renderDocx(buildSampleContract(3), SAMPLE_ANSWERS);
  const lease = (tenant: string) =>
    buildDocx([
      'CONTRATTO DI LOCAZIONE',
      `Il conduttore ${tenant} prende in locazione l'immobile.`,
      'ANTEPRIMA',
    ]);

  beforeAll(async () => {
    pool = createPdfPool({ size: 1 });
    await pool.warmUp();
  }, 60_000);

  afterAll(async () => {
    await pool?.close();
  });

  it('draws the protected preview as page pictures: no text, the same pages, one image each', async () => {
    const text = await pool.convertDocxToPdf(docx, 'pages');
    const pictures = await pool.convertDocxToPdf(docx, 'pages', 'page-images');
    const textPages = await pdfPages(text);
    const picturePages = await pdfPages(pictures);
    expect(textPages.every((page) => page.textItems > 0)).toBe(true);
    expect(picturePages).toHaveLength(textPages.length);
    for (const page of picturePages) expect(page).toEqual({ textItems: 0, images: 1 });
    expect(await pdfText(pictures)).not.toMatch(/\S/);
  }, 30_000);

  it('keeps the text PDF and the page pictures of one key apart in the cache', async () => {
    const pictures = await pool.convertDocxToPdf(docx, 'apart', 'page-images');
    const text = await pool.convertDocxToPdf(docx, 'apart');
    expect(await pdfText(pictures)).not.toMatch(/\S/);
    expect(await pdfText(text)).toMatch(/\S/);
    expect(await pool.peek('apart', 'page-images')).toBe(pictures);
    expect(await pool.peek('apart')).toBe(text);
  }, 30_000);

  it("shows the lawyer's facts: different answers give different page pictures", async () => {
    const [first, second, again] = await Promise.all(
      ['Mario Rossi', 'Giulia Bianchi', 'Mario Rossi'].map(async (tenant) =>
        pdfPageImageBytes(await pool.convertDocxToPdf(lease(tenant), undefined, 'page-images')),
      ),
    );
    const hash = (bytes: Buffer | undefined) =>
      createHash('sha256')
        .update(bytes ?? '')
        .digest('hex');
    expect(first).toHaveLength(1);
    expect(hash(first?.[0]?.[0])).not.toBe(hash(second?.[0]?.[0]));
    // The same text draws the same picture: the difference is the name, not noise.
    expect(hash(first?.[0]?.[0])).toBe(hash(again?.[0]?.[0]));
  }, 30_000);

  it('answers 503 for a protected preview without pdftoppm, never the text PDF', async () => {
    const withoutPoppler = createPdfPool({ size: 1, pdftoppmPath: '/nonexistent/pdftoppm' });
    try {
      await expect(withoutPoppler.convertDocxToPdf(docx, 'k', 'page-images')).rejects.toMatchObject(
        {
          code: 'unavailable',
          message: messages.documents.previewUnavailable,
        },
      );
      expect(() => withoutPoppler.reserve('page-images')).toThrow(
        messages.documents.previewUnavailable,
      );
    } finally {
      await withoutPoppler.close();
    }
  });

  it('draws every page of the demo previews at 96 dpi in at most 60 KB', async () => {
    const demos = fileURLToPath(new URL('../../demo-templates/', import.meta.url));
    for (const slug of [
      'locazione-abitativa',
      'accordo-riservatezza',
      'prestazione-opera-professionale',
    ]) {
      const questions: { variable: string; options?: string[]; is_multiple_selection?: boolean }[] =
        JSON.parse(readFileSync(path.join(demos, slug, 'questions.json'), 'utf8'));
      // Each choice's first option; typed questions stay unanswered, their placeholder drawn.
      const answers = Object.fromEntries(
        questions
          .filter((q) => q.options?.length)
          .map((q) => [q.variable, q.is_multiple_selection ? [q.options?.[0]] : q.options?.[0]]),
      );
      const preview = readFileSync(path.join(demos, slug, 'preview.docx'));
      const pdf = await pool.convertDocxToPdf(
        renderDocx(preview, answers as never),
        undefined,
        'page-images',
      );
      const pages = await pdfPageImageBytes(pdf);
      expect(pages.length, slug).toBeGreaterThan(5);
      for (const [index, pictures] of pages.entries()) {
        expect(pictures, `${slug} page ${index + 1}`).toHaveLength(1);
        expect(pictures[0]?.length, `${slug} page ${index + 1}`).toBeLessThanOrEqual(
          PAGE_IMAGE_MAX_BYTES,
        );
      }
      // A4 keeps its size, drawn at one picture pixel per screen pixel at 100 % zoom.
      const [first] = (await PDFDocument.load(pdf)).getPages();
      expect(first?.getWidth()).toBeCloseTo(595.3, 0);
      const image = pdf.toString('latin1').match(/\/Width (\d+)/)?.[1];
      // A4 at 96 dpi: 794 pixels across.
      expect(Number(image)).toBe(794);
    }
  }, 60_000);

  it('exports PDF/A-2b: the XMP metadata claims part 2, conformance B', async () => {
    const pdfA = await pool.convertDocxToPdf(docx, undefined, 'pdf-a');
    expect(pdfAClaim(pdfA)).toEqual({ part: '2', conformance: 'B' });
    expect(await pdfText(pdfA)).toContain('CONTRATTO');
    expect(pdfAClaim(await pool.convertDocxToPdf(docx))).toEqual({});
  }, 30_000);
});

describe.skipIf(!soffice)('PDF pool after LibreOffice dies', () => {
  it('starts every killed listener again, without waiting for a preview', async () => {
    const pool = createPdfPool({ size: 2 });
    try {
      await pool.warmUp();
      const before = pool.status().listeners.map((listener) => listener.pid as number);
      // One conversion running, the other listener idle: both die.
      const converting = pool.convertDocxToPdf(renderDocx(buildSampleContract(3), SAMPLE_ANSWERS));
      await waitFor(() => pool.status().listeners.some((listener) => listener.busy));
      for (const pid of before) process.kill(-pid, 'SIGKILL');
      expect((await converting).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await waitFor(
        () =>
          pool
            .status()
            .listeners.every(
              (listener) => listener.alive && !before.includes(listener.pid as number),
            ),
        15_000,
      );
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('removes, at start, the files and pipes a killed server left in its folder', async () => {
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'lexpath-pool-'));
    // A server warming its pool, then killed with its LibreOffice: nothing cleans up.
    const { server, pids } = await serverWithPool(workDir, '');
    try {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGKILL');
      for (const pid of pids) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // its watchdog (the bridge) was first
        }
      }
      await exited; // reaped: a zombie would still count as running
      const leftovers = await readdir(workDir);
      expect(leftovers).toEqual([`${server.pid}-1`]);
      const pipes = async () =>
        (await readdir('/tmp')).filter((name) => name.includes(`lexpath_${server.pid}_`));
      expect(await pipes()).not.toEqual([]);

      const pool = createPdfPool({ size: 1, workDir });
      try {
        await pool.warmUp();
        const after = await readdir(workDir);
        expect(after).not.toContain(`${server.pid}-1`);
        expect(after).toHaveLength(1);
        expect(await pipes()).toEqual([]);
      } finally {
        await pool.close();
      }
      expect(await readdir(workDir)).toEqual([]);
    } finally {
      server.kill('SIGKILL');
      await rm(workDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.skipIf(!soffice)('PDF pool when its server is killed', () => {
  /**
   * SIGKILL leaves the server no time to stop anything: whatever of its pool still runs a few
   * seconds later (LibreOffice, by the pool's folder in its profile path; the bridge, by the
   * pipe name) is an orphan. Killed here at the end so that a failure leaves nothing behind.
   */
  async function expectNothingLeft(workDir: string, serverPid: number) {
    const left = () => [...processesNaming(workDir), ...processesNaming(`lexpath_${serverPid}_`)];
    const deadline = Date.now() + 5000;
    while (left().length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const orphans = left();
    for (const orphan of orphans) {
      try {
        process.kill(Number(orphan.split(' ')[0]), 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
    expect(orphans).toEqual([]);
  }

  it('stops its LibreOffice when the server and its whole process group are killed', async () => {
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'lexpath-pool-'));
    // Its own group, killed whole, as a supervisor or a terminal does.
    const { server } = await serverWithPool(workDir, '', { detached: true });
    try {
      expect(processesNaming(workDir)).not.toEqual([]);
      process.kill(-(server.pid as number), 'SIGKILL');
      await expectNothingLeft(workDir, server.pid as number);
    } finally {
      server.kill('SIGKILL');
      await rm(workDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('stops a hung LibreOffice when the server is killed in the middle of its conversion', async () => {
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'lexpath-pool-'));
    // LibreOffice stops answering (SIGSTOP) with a conversion sent to it: the bridge waits.
    const { server } = await serverWithPool(
      workDir,
      `const { existsSync } = await import('node:fs');
       const { renderDocx } = await import(${JSON.stringify(moduleUrl('./render.ts'))});
       const { buildSampleContract, SAMPLE_ANSWERS } = await import(
         ${JSON.stringify(moduleUrl('./test-docx.ts'))});
       process.kill(-pool.status().listeners[0].pid, 'SIGSTOP');
       pool.convertDocxToPdf(renderDocx(buildSampleContract(3), SAMPLE_ANSWERS)).catch(() => {});
       const job = ${JSON.stringify(workDir)} + '/' + process.pid + '-1/listener-0/tmp/job-1.docx';
       while (!existsSync(job)) await new Promise((resolve) => setTimeout(resolve, 20));`,
    );
    try {
      server.kill('SIGKILL');
      await expectNothingLeft(workDir, server.pid as number);
    } finally {
      server.kill('SIGKILL');
      await rm(workDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.skipIf(!soffice)('PDF pool with previews on disk', () => {
  let dir: string;
  const docx = renderDocx(buildSampleContract(3), SAMPLE_ANSWERS);
  const storeIn = () => openPreviewStore(path.join(dir, 'previews'), 50 * 1024 * 1024);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pdf-pool-store-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('serves a preview from disk after a restart, without LibreOffice', async () => {
    const first = createPdfPool({ size: 1, store: storeIn(), workDir: path.join(dir, 'pool') });
    const pictures = await first.convertDocxToPdf(docx, 'kept', 'page-images');
    await first.close();

    const restarted = createPdfPool({ sofficePath: '/nonexistent/soffice', store: storeIn() });
    try {
      expect(await restarted.peek('kept', 'page-images')).toEqual(pictures);
      expect(await restarted.convertDocxToPdf(docx, 'kept', 'page-images')).toEqual(pictures);
      // Stored by key and output: the text PDF of the same key was never made.
      await expect(restarted.convertDocxToPdf(docx, 'kept')).rejects.toMatchObject({
        code: 'unavailable',
      });
    } finally {
      await restarted.close();
    }
  }, 60_000);

  it('converts again when the stored file is corrupt, and stores the preview anew', async () => {
    const first = createPdfPool({ size: 1, store: storeIn(), workDir: path.join(dir, 'pool') });
    const pictures = await first.convertDocxToPdf(docx, 'damaged', 'page-images');
    await first.convertDocxToPdf(docx, 'damaged-reserved', 'page-images');
    await first.close();
    const stored = path.join(dir, 'previews');
    for (const name of await readdir(stored)) {
      const file = path.join(stored, name);
      const content = await readFile(file);
      await writeFile(file, content.subarray(0, content.length / 2));
    }

    const restarted = createPdfPool({ size: 1, store: storeIn(), workDir: path.join(dir, 'pool') });
    let again: Buffer;
    try {
      again = await restarted.convertDocxToPdf(docx, 'damaged', 'page-images');
      expect(await pdfPageImageBytes(again)).toEqual(await pdfPageImageBytes(pictures));
      // The route's way: a place reserved first, then the conversion finds the damaged file.
      const place = restarted.reserve('page-images');
      const reserved = await place.convert(docx, 'damaged-reserved');
      expect(await pdfPageImageBytes(reserved)).toEqual(await pdfPageImageBytes(pictures));
    } finally {
      await restarted.close();
    }
    const reopened = createPdfPool({ sofficePath: '/nonexistent/soffice', store: storeIn() });
    try {
      expect(await reopened.convertDocxToPdf(docx, 'damaged', 'page-images')).toEqual(again);
    } finally {
      await reopened.close();
    }
  }, 90_000);
});
