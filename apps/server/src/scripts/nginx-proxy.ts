import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPOSITORY_ROOT } from '../config.ts';

/** The production example (README), run as it is with the ports of this machine. */
export const NGINX_SITE_FILE = path.join(REPOSITORY_ROOT, 'deploy/nginx.conf');

export type ProxyPorts = { listen: number; instances: readonly [number, number] };

/** The three lines of deploy/nginx.conf that name ports, and what each becomes. */
const PORT_LINES = [
  {
    pattern: /server 127\.0\.0\.1:3001 /g,
    with: (ports: ProxyPorts) => `server 127.0.0.1:${ports.instances[0]} `,
  },
  {
    pattern: /server 127\.0\.0\.1:3002 /g,
    with: (ports: ProxyPorts) => `server 127.0.0.1:${ports.instances[1]} `,
  },
  { pattern: /listen 80;/g, with: (ports: ProxyPorts) => `listen 127.0.0.1:${ports.listen};` },
] as const;

/**
 * deploy/nginx.conf with the given ports: the proxy on loopback, the two instances on loopback.
 * Throws when the file no longer has exactly one of each line this replaces, so a change to the
 * example cannot leave the cluster running another configuration than the one shown.
 */
export function renderSiteConfig(site: string, ports: ProxyPorts): string {
  let rendered = site;
  for (const line of PORT_LINES) {
    if ((site.match(line.pattern)?.length ?? 0) !== 1) {
      throw new Error(`${NGINX_SITE_FILE}: expected one line matching ${line.pattern}`);
    }
    rendered = rendered.replace(line.pattern, line.with(ports));
  }
  return rendered;
}

/** Debian puts nginx in /usr/sbin, which a user's PATH often lacks. */
export function findNginx(): string {
  if (process.env.NGINX_PATH) return process.env.NGINX_PATH;
  for (const folder of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin']) {
    const candidate = path.join(folder, 'nginx');
    if (folder && existsSync(candidate)) return candidate;
  }
  throw new Error('nginx not found: apt-get install nginx (or set NGINX_PATH)');
}

export type RunningNginx = {
  child: ChildProcess;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
};

/**
 * nginx in the foreground with everything under `folder`: the main configuration (written
 * here: logs, temporary files, pid), the site file rendered from deploy/nginx.conf.
 * `onOutput` gets its error log (stderr) line by line.
 */
export async function startNginx(options: {
  folder: string;
  ports: ProxyPorts;
  onOutput: (line: string) => void;
}): Promise<RunningNginx> {
  const { folder, ports } = options;
  const temporary = path.join(folder, 'tmp');
  await mkdir(temporary, { recursive: true });
  // As root, nginx's workers run as `nobody`: they buffer large bodies here.
  await chmod(temporary, 0o777);
  const site = renderSiteConfig(await readFile(NGINX_SITE_FILE, 'utf8'), ports);
  await writeFile(path.join(folder, 'lexpath.conf'), site);
  const main = [
    'daemon off;',
    'worker_processes 1;',
    `pid ${path.join(folder, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 1024; }',
    'http {',
    // Which instance answered each request, and the one that failed first when nginx retried.
    `  log_format upstreams '$remote_addr "$request" $status upstream=$upstream_addr upstream_status=$upstream_status';`,
    `  access_log ${path.join(folder, 'access.log')} upstreams;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${path.join(temporary, kind)};`,
    ),
    `  include ${path.join(folder, 'lexpath.conf')};`,
    '}',
    '',
  ].join('\n');
  const mainFile = path.join(folder, 'nginx.conf');
  await writeFile(mainFile, main);

  const child = spawn(findNginx(), ['-p', folder, '-e', 'stderr', '-c', mainFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onOutput(line);
    });
  }
  await waitForPort(ports.listen, exited);
  return {
    child,
    exited,
    stop: async () => {
      // SIGQUIT: graceful, the requests being proxied finish first.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}

async function waitForPort(port: number, exited: Promise<number | null>): Promise<void> {
  let code: number | null | undefined;
  void exited.then((value) => {
    code = value;
  });
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (code !== undefined) throw new Error(`nginx exited (${code}) before listening`);
    try {
      await fetch(`http://127.0.0.1:${port}/`, { method: 'HEAD' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nginx did not listen on ${port} within 15 s`);
}
