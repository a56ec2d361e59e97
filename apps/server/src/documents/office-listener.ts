import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const BRIDGE_SCRIPT = fileURLToPath(new URL('./uno-convert.py', import.meta.url));

/** Why a conversion failed: the pool replaces the listener for `crashed` and `timeout`. */
export class ListenerFailure extends Error {
  constructor(
    readonly kind: 'crashed' | 'timeout' | 'conversion',
    message: string,
  ) {
    super(message);
  }
}

export type OfficeListenerOptions = {
  sofficePath: string;
  pythonPath: string;
  /** Holds this listener's LibreOffice profile and its TMPDIR. */
  workDir: string;
  /** Unique per listener and per start: a restarted listener never meets its predecessor's pipe. */
  pipeName: string;
  startTimeoutMs: number;
};

type Reply = { ready?: boolean; ok?: boolean; error?: string };

/**
 * One warm LibreOffice (`soffice --accept`) with its own profile and TMPDIR, driven by a
 * long-lived python3-uno bridge (uno-convert.py): measured here, a conversion costs ~130 ms this
 * way against ~180 ms with a Python client spawned per conversion and ~1 s for a cold
 * `soffice --convert-to`. One conversion at a time.
 */
export class OfficeListener {
  #office: ChildProcess | undefined;
  #bridge: ChildProcess | undefined;
  #pending: ((reply: Reply | Error) => void) | undefined;
  #ready = false;
  #exited = false;
  #jobs = 0;

  constructor(private readonly options: OfficeListenerOptions) {}

  /** The process group of LibreOffice (the launcher and soffice.bin). */
  get pid(): number | undefined {
    return this.#office?.pid;
  }

  /** Started, answering and not exited. */
  get alive(): boolean {
    return this.#ready && !this.#exited;
  }

  async start(): Promise<void> {
    const { workDir, pipeName } = this.options;
    const profileDir = path.join(workDir, 'profile');
    const tmpDir = path.join(workDir, 'tmp');
    await mkdir(profileDir, { recursive: true, mode: 0o755 });
    await mkdir(tmpDir, { recursive: true, mode: 0o755 });
    // Killed meanwhile (the pool closing): spawning now would leave LibreOffice running.
    if (this.#exited) throw new ListenerFailure('crashed', 'listener stopped');
    const connection = `pipe,name=${pipeName}`;

    // Its own process group: the `soffice` launcher forks soffice.bin, and a kill must reach both.
    this.#office = spawn(
      this.options.sofficePath,
      [
        '--headless',
        '--invisible',
        '--nologo',
        '--nodefault',
        '--norestore',
        '--nolockcheck',
        `-env:UserInstallation=${this.#profileUrl()}`,
        `--accept=${connection};urp;StarOffice.ComponentContext`,
      ],
      { detached: true, stdio: 'ignore', env: { ...process.env, TMPDIR: tmpDir } },
    );
    this.#office.on('exit', () =>
      this.#markExited(new ListenerFailure('crashed', 'LibreOffice exited')),
    );
    this.#office.on('error', (error) =>
      this.#markExited(new ListenerFailure('crashed', error.message)),
    );

    this.#bridge = spawn(this.options.pythonPath, [BRIDGE_SCRIPT, connection], {
      stdio: ['pipe', 'pipe', 'ignore'],
      env: { ...process.env, TMPDIR: tmpDir },
    });
    this.#bridge.on('exit', () =>
      this.#markExited(new ListenerFailure('crashed', 'bridge exited')),
    );
    this.#bridge.on('error', (error) =>
      this.#markExited(new ListenerFailure('crashed', error.message)),
    );
    this.#bridge.stdin?.on('error', () => {}); // a write to a dead bridge surfaces as its exit
    createInterface({ input: this.#bridge.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const settle = this.#pending;
      this.#pending = undefined;
      try {
        settle?.(JSON.parse(line) as Reply);
      } catch {
        settle?.(new ListenerFailure('crashed', `unreadable bridge reply: ${line}`));
      }
    });

    const ready = await this.#nextReply(this.options.startTimeoutMs).catch((error: unknown) => {
      this.kill();
      throw error;
    });
    if (!ready.ready) {
      this.kill();
      throw new ListenerFailure('crashed', 'LibreOffice did not start');
    }
    this.#ready = true;
  }

  /** Converts one .docx; throws ListenerFailure. */
  async convert(docx: Buffer, timeoutMs: number): Promise<Buffer> {
    if (!this.alive) throw new ListenerFailure('crashed', 'listener is not running');
    this.#jobs += 1;
    const base = path.join(this.options.workDir, 'tmp', `job-${this.#jobs}`);
    const input = `${base}.docx`;
    const output = `${base}.pdf`;
    await writeFile(input, docx);
    try {
      const reply = this.#nextReply(timeoutMs);
      this.#bridge?.stdin?.write(`${JSON.stringify({ input, output })}\n`);
      const { ok, error } = await reply;
      if (!ok) throw new ListenerFailure('conversion', error ?? 'conversion failed');
      return await readFile(output);
    } finally {
      await rm(input, { force: true });
      await rm(output, { force: true });
    }
  }

  /** Stops LibreOffice and the bridge at once (SIGKILL works on a hung or stopped process too). */
  kill(): void {
    this.#markExited(new ListenerFailure('crashed', 'listener stopped'));
  }

  /**
   * The sockets a killed LibreOffice leaves in /tmp: its named pipe, and the single-instance
   * pipe named after the MD5 of the profile URL in UTF-16 (hex bytes without padding).
   */
  #pipeFiles(): string[] {
    const uid = os.userInfo().uid;
    const digest = [
      ...createHash('md5').update(Buffer.from(this.#profileUrl(), 'utf16le')).digest(),
    ]
      .map((byte) => byte.toString(16))
      .join('');
    return [
      `OSL_PIPE_${uid}_${this.options.pipeName}`,
      `OSL_PIPE_${uid}_SingleOfficeIPC_${digest}`,
    ].map((name) => path.join('/tmp', name));
  }

  #profileUrl(): string {
    return new URL(`file://${path.join(this.options.workDir, 'profile')}`).href;
  }

  #nextReply(timeoutMs: number): Promise<Reply> {
    if (this.#exited) return Promise.reject(new ListenerFailure('crashed', 'listener exited'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending = undefined;
        reject(new ListenerFailure('timeout', `no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#pending = (reply) => {
        clearTimeout(timer);
        if (reply instanceof Error) reject(reply);
        else resolve(reply);
      };
    });
  }

  #markExited(reason: Error): void {
    if (!this.#exited) {
      this.#exited = true;
      // The launcher may be gone while soffice.bin lingers: take the whole group down.
      const group = this.#office?.pid;
      if (group !== undefined) {
        try {
          process.kill(-group, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      if (this.#bridge && this.#bridge.exitCode === null) this.#bridge.kill('SIGKILL');
      for (const file of this.#pipeFiles()) rmSync(file, { force: true });
    }
    const settle = this.#pending;
    this.#pending = undefined;
    settle?.(reason);
  }
}
