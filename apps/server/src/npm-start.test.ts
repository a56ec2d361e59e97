import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  SERVER_BUILD_INPUTS,
  SERVER_ENTRY,
  serverBuildIsCurrent,
} from '../../../scripts/server-build.mjs';
import {
  STAMP_FILE,
  WEB_BUILD_INPUTS,
  webBuildIsCurrent,
  webSourcesFingerprint,
  writeWebBuildStamp,
} from '../../../scripts/web-build.mjs';
import { REPOSITORY_ROOT } from './config.ts';
import { isProcessAlive, readProcessStartTime } from './db/processes.ts';
import { findFreePort } from './test/smtp.ts';

/*
 * `npm start` as a person or a process manager runs it: npm, the server (its shell replaced by
 * node, after scripts/build-stale.mjs), its PostgreSQL. A stop signal to the npm process must take all of them down.
 * WEB_DIST_DIR points at a ready folder, so no web build runs here.
 */

const STOP_BUDGET_MS = 5_000;

type Started = {
  npm: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

let root: string;
let dataDir: string;
let webDist: string;
const started: Started[] = [];
/** Every process a test saw, so that a failed stop leaves nothing running after the file. */
const seen: Array<{ pid: number; startTime: string | undefined }> = [];

/** Every process below `pid` right now, from the ppid column of /proc/<pid>/stat. */
function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

async function postmasterPid(): Promise<number | undefined> {
  const text = await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => '');
  return text ? Number(text.split('\n')[0]) : undefined;
}

async function npmStart(): Promise<Started> {
  const port = await findFreePort();
  const npm = spawn('npm', ['start'], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      DATABASE_URL: '',
      JWT_SECRET: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  npm.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    npm.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const run = { npm, port, output: () => output, exited };
  started.push(run);
  return run;
}

async function waitUntilHealthy(run: Started): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (run.npm.exitCode !== null) throw new Error(`npm start exited:\n${run.output()}`);
    const response = await fetch(`http://127.0.0.1:${run.port}/api/health`).catch(() => undefined);
    if (response?.status === 200) return;
    await sleep(100);
  }
  throw new Error(`not healthy in time:\n${run.output()}`);
}

/**
 * Sends `signal` to one process of the tree and measures how long until the port refuses
 * connections and every process of the tree (as it was before the signal) is gone.
 */
async function stopAndMeasure(run: Started, target: number, signal: NodeJS.Signals) {
  const tree = [run.npm.pid as number, ...descendantsOf(run.npm.pid as number)];
  const commands = tree.map(commandOf);
  seen.push(...tree.map((pid) => ({ pid, startTime: readProcessStartTime(pid) })));
  const postgres = await postmasterPid();
  const sentAt = Date.now();
  process.kill(target, signal);
  const deadline = sentAt + STOP_BUDGET_MS + 10_000;
  let alive = tree;
  while (Date.now() < deadline) {
    alive = tree.filter((pid) => isProcessAlive(pid));
    if (alive.length === 0 && (await refusesConnections(run.port))) break;
    await sleep(25);
  }
  return {
    tree,
    commands,
    postgres,
    stopMs: Date.now() - sentAt,
    left: alive.map((pid) => `${pid} ${commandOf(pid)}`),
  };
}

beforeAll(async () => {
  const testData = path.join(REPOSITORY_ROOT, '.test-data');
  await mkdir(testData, { recursive: true });
  root = await mkdtemp(path.join(testData, 'npm-start-'));
  // Embedded PostgreSQL runs as the `postgres` user: it must traverse the folder.
  await chmod(root, 0o755);
  dataDir = path.join(root, 'data');
  webDist = path.join(root, 'web-dist');
  await mkdir(webDist, { recursive: true });
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>LexPath</title>');
});

afterAll(async () => {
  for (const run of started) {
    if (run.npm.exitCode === null && run.npm.signalCode === null) {
      for (const pid of descendantsOf(run.npm.pid as number)) process.kill(pid, 'SIGKILL');
      run.npm.kill('SIGKILL');
    }
  }
  const postgres = await postmasterPid();
  if (postgres && isProcessAlive(postgres)) process.kill(postgres, 'SIGINT');
  for (const { pid, startTime } of seen) {
    if (pid !== postgres && isProcessAlive(pid, startTime)) process.kill(pid, 'SIGKILL');
  }
  await rm(root, { recursive: true, force: true });
});

describe('npm start stops with everything it started', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to the npm process stops server and PostgreSQL within 5 s, exit code 0',
    async (signal) => {
      const run = await npmStart();
      await waitUntilHealthy(run);
      const result = await stopAndMeasure(run, run.npm.pid as number, signal);

      // The tree really held the server and its PostgreSQL.
      // The compiled server, run by plain node: no TypeScript loader in the process.
      expect(result.commands.join('\n')).toMatch(/dist\/server\.js/);
      expect(result.commands.join('\n')).not.toMatch(/tsx/);
      expect(result.postgres && result.tree).toContain(result.postgres);
      expect(result.left).toEqual([]);
      expect(result.stopMs).toBeLessThan(STOP_BUDGET_MS);
      expect(await refusesConnections(run.port)).toBe(true);
      expect(await run.exited).toEqual({ code: 0, signal: null });
      console.info(`npm start: stopped by ${signal} in ${result.stopMs} ms`);
    },
    90_000,
  );

  it('the server does not outlive npm killed with SIGKILL', async () => {
    const run = await npmStart();
    await waitUntilHealthy(run);
    // npm's shell has become the server: no launcher or shell stays between them.
    const [server, ...others] = descendantsOf(run.npm.pid as number);
    expect(commandOf(server as number)).toMatch(/dist\/server\.js/);
    expect(others.map(commandOf).join('\n')).not.toMatch(/\bsh\b|node /);

    const result = await stopAndMeasure(run, run.npm.pid as number, 'SIGKILL');

    expect(result.left).toEqual([]);
    expect(result.stopMs).toBeLessThan(STOP_BUDGET_MS);
    expect(run.output()).toContain('"signal":"launcher gone","msg":"shutting down"');
  }, 90_000);
});

describe('the web build is skipped while its sources are unchanged', () => {
  let fakeRoot: string;

  beforeAll(async () => {
    fakeRoot = path.join(root, 'repo');
    for (const input of WEB_BUILD_INPUTS) {
      const file = path.extname(input) ? input : path.join(input, 'index.ts');
      await mkdir(path.dirname(path.join(fakeRoot, file)), { recursive: true });
      await writeFile(path.join(fakeRoot, file), `// ${input}\n`);
    }
    await mkdir(path.join(fakeRoot, 'apps/web/dist'), { recursive: true });
  });

  it('a build stamped with the current sources is current; an edit anywhere makes it stale', async () => {
    expect(await webBuildIsCurrent(fakeRoot)).toBe(false);
    await writeWebBuildStamp(await webSourcesFingerprint(fakeRoot), fakeRoot);
    expect(await webBuildIsCurrent(fakeRoot)).toBe(true);

    // Touched but unchanged (a checkout): still current.
    const shared = path.join(fakeRoot, 'packages/shared/src/index.ts');
    await utimes(shared, new Date(), new Date(Date.now() + 60_000));
    expect(await webBuildIsCurrent(fakeRoot)).toBe(true);

    await writeFile(shared, '// edited\n');
    expect(await webBuildIsCurrent(fakeRoot)).toBe(false);
  });

  it('a new file, a changed lock file or a dist emptied by another build makes it stale', async () => {
    const stamp = async () => writeWebBuildStamp(await webSourcesFingerprint(fakeRoot), fakeRoot);

    await stamp();
    await writeFile(path.join(fakeRoot, 'apps/web/src/new-screen.tsx'), 'export {};\n');
    expect(await webBuildIsCurrent(fakeRoot)).toBe(false);

    await stamp();
    await writeFile(path.join(fakeRoot, 'package-lock.json'), '{"lockfileVersion":3}\n');
    expect(await webBuildIsCurrent(fakeRoot)).toBe(false);

    await stamp();
    await rm(path.join(fakeRoot, 'apps/web/dist', STAMP_FILE));
    expect(await webBuildIsCurrent(fakeRoot)).toBe(false);
  });
});

describe('the server build is made again only when its sources change', () => {
  let fakeRoot: string;
  const entry = () => path.join(fakeRoot, 'apps/server/src/server.ts');

  beforeAll(async () => {
    fakeRoot = path.join(root, 'server-repo');
    for (const input of SERVER_BUILD_INPUTS) {
      const file = path.extname(input) ? input : path.join(input, 'index.ts');
      await mkdir(path.dirname(path.join(fakeRoot, file)), { recursive: true });
      const content = file.endsWith('.json') ? '{ "type": "module" }\n' : `// ${input}\n`;
      await writeFile(path.join(fakeRoot, file), content);
    }
    // A module that finds a file next to itself, as migrate.ts finds drizzle/.
    await writeFile(
      entry(),
      [
        "import { readFileSync } from 'node:fs';",
        "const beside = readFileSync(new URL('./beside.txt', import.meta.url), 'utf8');",
        'console.log(JSON.stringify({ url: import.meta.url, beside }));',
      ].join('\n'),
    );
    await writeFile(path.join(fakeRoot, 'apps/server/src/beside.txt'), 'next to the source');
  });

  it('builds, stamps, and is stale after an edit of the server or shared sources, not of a test', async () => {
    expect(await serverBuildIsCurrent(fakeRoot)).toBe(false);
    await buildServer({ root: fakeRoot });
    expect(await serverBuildIsCurrent(fakeRoot)).toBe(true);

    await writeFile(path.join(fakeRoot, 'apps/server/src/index.test.ts'), '// a new test\n');
    expect(await serverBuildIsCurrent(fakeRoot)).toBe(true);

    await writeFile(path.join(fakeRoot, 'packages/shared/src/index.ts'), '// edited\n');
    expect(await serverBuildIsCurrent(fakeRoot)).toBe(false);
    await buildServer({ root: fakeRoot });
    await writeFile(path.join(fakeRoot, 'apps/server/src/index.ts'), '// edited\n');
    expect(await serverBuildIsCurrent(fakeRoot)).toBe(false);
  }, 30_000);

  it('gives the compiled server the same files next to its sources as tsx does', async () => {
    await buildServer({ root: fakeRoot });
    const run = spawn(process.execPath, [path.join(fakeRoot, SERVER_ENTRY)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    run.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    const code = await new Promise((resolve) => run.on('exit', resolve));
    expect(code).toBe(0);
    const printed = JSON.parse(output);
    expect(printed.beside).toBe('next to the source');
    expect(printed.url).toBe(pathToFileURL(entry()).href);
  }, 30_000);
});
