import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const BRIDGE_SCRIPT = fileURLToPath(new URL('./uno-convert.py', import.meta.url));

/**
 * What LibreOffice may do with a document it converts (issue 10): documents come from uploads,
 * so nothing they link may be fetched — neither a URL (SSRF to internal addresses) nor a local
 * file (its content would end up in the PDF) — and nothing they carry may run. The converted
 * bytes are stripped of external references first (external-content.ts); these settings are
 * the second line, for whatever the strip does not know about.
 *
 * - Security/Scripting: BlockUntrustedRefererLinks refuses content linked from a document that
 *   is not in a trusted location (SecureURL, kept empty); macros never run.
 * - Writer Content/Update: links (0 = never, LinkUpdateModes.NEVER) and fields are not
 *   updated on load.
 * - Inet proxy: every HTTP(S) and FTP request LibreOffice makes goes to a closed port on
 *   loopback, with no exception list, so even an unknown fetch path cannot reach a server.
 */
const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${[
  ['/org.openoffice.Office.Common/Security/Scripting', 'BlockUntrustedRefererLinks', 'true'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', 'true'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', '3'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'SecureURL', ''],
  ['/org.openoffice.Office.Writer/Content/Update', 'Link', '0'],
  ['/org.openoffice.Office.Writer/Content/Update', 'Field', 'false'],
  ['/org.openoffice.Office.Writer/Content/Update', 'Chart', 'false'],
  ['/org.openoffice.Office.Calc/Content/Update', 'Link', '1'],
  ['/org.openoffice.Inet/Settings', 'ooInetProxyType', '1'],
  ['/org.openoffice.Inet/Settings', 'ooInetNoProxy', ''],
  ['/org.openoffice.Inet/Settings', 'ooInetHTTPProxyName', '127.0.0.1'],
  ['/org.openoffice.Inet/Settings', 'ooInetHTTPProxyPort', '9'],
  ['/org.openoffice.Inet/Settings', 'ooInetHTTPSProxyName', '127.0.0.1'],
  ['/org.openoffice.Inet/Settings', 'ooInetHTTPSProxyPort', '9'],
  ['/org.openoffice.Inet/Settings', 'ooInetFTPProxyName', '127.0.0.1'],
  ['/org.openoffice.Inet/Settings', 'ooInetFTPProxyPort', '9'],
]
  .map(
    ([group, name, value]) =>
      `<item oor:path="${group}"><prop oor:name="${name}" oor:op="fuse"><value>${value}</value></prop></item>`,
  )
  .join('\n')}
</oor:items>
`;

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
  /** Called once when LibreOffice or the bridge goes away, killed or crashed. */
  onExit?: () => void;
};

type Reply = { ready?: boolean; ok?: boolean; error?: string };

function profileUrlOf(workDir: string): string {
  return new URL(`file://${path.join(workDir, 'profile')}`).href;
}

/**
 * The sockets a LibreOffice leaves in /tmp when killed: its named pipe, and the single-instance
 * pipe named after the MD5 of the profile URL in UTF-16 (hex bytes without padding). LibreOffice
 * 7.4 always puts them in /tmp (OSL_SOCKET_PATH is only its fallback when /tmp is not
 * writable), so they cannot live under the pool's folder; their names are derived instead.
 */
export function pipeFilesOf(workDir: string, pipeName?: string): string[] {
  const uid = os.userInfo().uid;
  const digest = [
    ...createHash('md5')
      .update(Buffer.from(profileUrlOf(workDir), 'utf16le'))
      .digest(),
  ]
    .map((byte) => byte.toString(16))
    .join('');
  return [
    ...(pipeName ? [`OSL_PIPE_${uid}_${pipeName}`] : []),
    `OSL_PIPE_${uid}_SingleOfficeIPC_${digest}`,
  ].map((name) => path.join(PIPE_DIR, name));
}

/** Where LibreOffice creates its pipes. */
export const PIPE_DIR = '/tmp';

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
    await mkdir(path.join(profileDir, 'user'), { recursive: true, mode: 0o755 });
    // Written before every start: a profile LibreOffice rewrote keeps these settings anyway.
    await writeFile(path.join(profileDir, 'user', 'registrymodifications.xcu'), PROFILE_SETTINGS);
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

    const officeGroup = this.#office.pid;
    if (officeGroup === undefined) throw new ListenerFailure('crashed', 'LibreOffice not spawned');

    // The bridge is also LibreOffice's watchdog (uno-convert.py): a server killed with SIGKILL
    // cannot stop its children, and LibreOffice, in a group of its own, would outlive it. The
    // bridge's stdin closes whenever the server dies, and it then kills LibreOffice's group.
    // Node cannot reach prctl(PR_SET_PDEATHSIG), and that would not reach soffice.bin anyway
    // (the launcher forks it). Detached: a kill of the server's whole group spares the watchdog.
    this.#bridge = spawn(this.options.pythonPath, [BRIDGE_SCRIPT, connection, `${officeGroup}`], {
      detached: true,
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

  /** Converts one .docx, to PDF/A-2b with `pdfA`; throws ListenerFailure. */
  async convert(
    docx: Buffer,
    timeoutMs: number,
    options: { pdfA?: boolean } = {},
  ): Promise<Buffer> {
    if (!this.alive) throw new ListenerFailure('crashed', 'listener is not running');
    this.#jobs += 1;
    const base = path.join(this.options.workDir, 'tmp', `job-${this.#jobs}`);
    const input = `${base}.docx`;
    const output = `${base}.pdf`;
    await writeFile(input, docx);
    try {
      const reply = this.#nextReply(timeoutMs);
      const request = { input, output, pdfa: options.pdfA === true };
      this.#bridge?.stdin?.write(`${JSON.stringify(request)}\n`);
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

  #pipeFiles(): string[] {
    return pipeFilesOf(this.options.workDir, this.options.pipeName);
  }

  #profileUrl(): string {
    return profileUrlOf(this.options.workDir);
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
      queueMicrotask(() => this.options.onExit?.());
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
