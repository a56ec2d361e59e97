// Where the main thread's time goes while the signed-in lawyer's catalogue (`/user/contratti`)
// starts: the built app on the real server, Debian's Chromium with the CPU slowed 4x over CDP (as
// Lighthouse's mobile preset), a V8 CPU profile of the load from navigation until the template
// cards show, and the long tasks the page saw. Self time is attributed through the source maps to
// npm packages and the app's own modules, so `BUNDLE_REPORT=1 npm run build` first (a build
// without maps still runs, attributed to the chunks). Prints JSON: medians over the runs of the
// busy time, the long tasks and a TBT-like sum (each long task's time past 50 ms), and the last
// run's top packages, modules and functions by self time.
//
//   BUNDLE_REPORT=1 npm run build
//   node bench/web-startup-profile.mjs [--runs 3] [--rate 4] [--top 20] [--keep /tmp/profiles]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import {
  CHROMIUM_PATH,
  demoLawyerStorage,
  REPO_ROOT,
  startBuiltApp,
} from './support/built-app.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    rate: { type: 'string', default: '4' },
    top: { type: 'string', default: '20' },
    keep: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const RATE = Number(values.rate);
const TOP = Number(values.top);
const DIST = path.join(REPO_ROOT, 'apps/web/dist');
const PAGE = '/user/contratti';
/** The catalogue's grid of template cards (contracts-screen.tsx): the screen is there. */
const READY = 'section[aria-label] a, section[aria-label] button';

const maps = new Map();
/** The source map of a built asset, or null (no map: attributed to the chunk). */
function traceMapOf(url) {
  const pathname = new URL(url).pathname;
  if (maps.has(pathname)) return maps.get(pathname);
  const file = path.join(DIST, `${pathname}.map`);
  const map = existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null;
  maps.set(pathname, map);
  return map;
}

/**
 * A mapped source as `{ pkg, module }`: the npm package and the file inside it, or the app's
 * area (`apps/web/src/lib`) and its file under the repository.
 */
function ownerOf(source) {
  const normalized = source.replaceAll('\\', '/');
  const at = normalized.lastIndexOf('node_modules/');
  if (at >= 0) {
    const module = normalized.slice(at + 'node_modules/'.length);
    const parts = module.split('/');
    return { pkg: parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0], module };
  }
  const repo = normalized.search(/(apps|packages)\//);
  const module = repo >= 0 ? normalized.slice(repo) : normalized;
  return {
    pkg: module.replace(/^(apps\/web\/src\/[^/]+|packages\/shared\/src)\/.*/, '$1'),
    module,
  };
}

/** A profile frame as `{ pkg, module, fn }` in the sources' terms. */
function attribute(frame) {
  const { url, functionName, lineNumber, columnNumber } = frame;
  const name = functionName || '(anonymous)';
  if (!url) return { pkg: '(native)', module: '(native)', fn: name };
  if (!url.includes('/assets/')) return { pkg: '(page)', module: url, fn: name };
  const chunk = new URL(url).pathname;
  const map = traceMapOf(url);
  const original = map
    ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber })
    : { source: null };
  if (!original.source) return { pkg: chunk, module: chunk, fn: `${name} ${chunk}` };
  const source = path.resolve(path.dirname(path.join(DIST, chunk)), original.source);
  const { pkg, module } = ownerOf(path.relative(REPO_ROOT, source));
  return { pkg, module, fn: `${original.name ?? name} ${module}:${original.line}` };
}

const SPECIAL = new Set(['(program)', '(garbage collector)', '(root)']);

/**
 * Self time by package, module and function of the samples inside `windows` (profile µs
 * intervals; all samples without), and the inclusive time of the functions under them.
 */
function summarise(profile, windows) {
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node);
  const byPackage = new Map();
  const byModule = new Map();
  const byFunction = new Map();
  const inclusive = new Map();
  let busy = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    at += profile.timeDeltas[i] ?? 0;
    const us = profile.timeDeltas[i + 1] ?? 0;
    const node = nodes.get(profile.samples[i]);
    const frame = node.callFrame;
    if (frame.functionName === '(idle)') continue;
    if (windows && !windows.some(([from, to]) => at >= from && at < to)) continue;
    busy += us;
    if (SPECIAL.has(frame.functionName)) {
      for (const map of [byPackage, byModule, byFunction]) add(map, frame.functionName, us);
      continue;
    }
    const { pkg, module, fn } = attribute(frame);
    add(byPackage, pkg, us);
    add(byModule, module, us);
    add(byFunction, fn, us);
    const seen = new Set();
    for (let up = node; up; up = parents.get(up.id)) {
      if (SPECIAL.has(up.callFrame.functionName)) continue;
      const key = attribute(up.callFrame).fn;
      if (seen.has(key)) continue;
      seen.add(key);
      add(inclusive, key, us);
    }
  }
  const ranked = (map, n = TOP) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `${Math.round(us / 1000)} ms ${name}`);
  return {
    busy_ms: Math.round(busy / 1000),
    self_by_package: ranked(byPackage),
    self_by_module: ranked(byModule),
    self_by_function: ranked(byFunction),
    inclusive_by_function: ranked(inclusive, TOP * 2),
  };
}

/**
 * Records the long tasks from the document's first script on (the observer is not buffered).
 * It first spins 5 ms in a function of its own, which the 0.2 ms sampling is sure to catch: that
 * sample's time anchors the profile's clock to the page's `performance.now()`.
 */
function observeLongTasks() {
  function profileAnchor() {
    const start = performance.now();
    while (performance.now() - start < 5);
    return start;
  }
  window.__initAt = profileAnchor();
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask' });
}

/** The profile's time (µs) of `performance.now()` 0, from the init script's first sample. */
function profileTimeOrigin(profile, initAt) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node);
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    at += profile.timeDeltas[i] ?? 0;
    for (let node = nodes.get(profile.samples[i]); node; node = parents.get(node.id)) {
      if (node.callFrame.functionName === 'profileAnchor') return at - initAt * 1000;
    }
  }
  return null;
}

async function profileOnce(browser, baseURL, storage) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const setup = await context.newPage();
    // A file of the origin that runs no script: the session is stored before the app starts.
    await setup.goto(`${baseURL}/favicon.svg`);
    await setup.evaluate((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, storage);
    await setup.close();

    const page = await context.newPage();
    await page.addInitScript(observeLongTasks);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${baseURL}${PAGE}`);
    await page.locator(READY).first().waitFor({ timeout: 60_000 });
    // Let the effects and the idle-time work of the first screen finish.
    await page.waitForTimeout(1500);
    const { profile } = await cdp.send('Profiler.stop');
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        fcp: paint?.startTime ?? null,
        initAt: window.__initAt,
        longTasks: window.__longTasks,
      };
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return { profile, ...timing };
  } finally {
    await context.close();
  }
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

const app = await startBuiltApp('startup-profile');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true });
try {
  const storage = await demoLawyerStorage(app.baseURL);
  // One unmeasured load: the server's first answers (template list, categories) are warm after.
  await profileOnce(browser, app.baseURL, storage);
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = await profileOnce(browser, app.baseURL, storage);
    if (values.keep) {
      mkdirSync(values.keep, { recursive: true });
      writeFileSync(
        path.join(values.keep, `catalogue-${run}.cpuprofile`),
        JSON.stringify(result.profile),
      );
    }
    const fcp = result.fcp ?? 0;
    const origin = profileTimeOrigin(result.profile, result.initAt);
    const windowOf = (task) => [
      origin + task.start * 1000,
      origin + (task.start + task.duration) * 1000,
    ];
    const tasks = result.longTasks.map((task) => ({
      at_ms: Math.round(task.start),
      ms: Math.round(task.duration),
      // What the task ran: the functions under which it spent most, React's own left out.
      top:
        origin === null
          ? []
          : summarise(result.profile, [windowOf(task)])
              .inclusive_by_function.filter((line) => !/ (react-dom|scheduler|react)\//.test(line))
              .slice(0, 8),
    }));
    const blocking = (list) => list.reduce((sum, task) => sum + Math.max(0, task.ms - 50), 0);
    const afterFcp = tasks.filter((task) => task.at_ms >= fcp);
    // Lighthouse's TBT counts the long tasks after FCP: the profile of those tasks alone.
    const windows =
      origin === null ? [] : result.longTasks.filter((task) => task.start >= fcp).map(windowOf);
    runs.push({
      fcp_ms: Math.round(fcp),
      busy_ms: summarise(result.profile).busy_ms,
      long_tasks: tasks,
      blocking_ms: blocking(tasks),
      blocking_after_fcp_ms: blocking(afterFcp),
      whole_load: summarise(result.profile),
      long_tasks_after_fcp: summarise(result.profile, windows),
    });
  }
  const last = runs[runs.length - 1];
  console.log(
    JSON.stringify(
      {
        page: PAGE,
        cpu_rate: RATE,
        runs: RUNS,
        median: {
          fcp_ms: median(runs.map((run) => run.fcp_ms)),
          busy_ms: median(runs.map((run) => run.busy_ms)),
          blocking_ms: median(runs.map((run) => run.blocking_ms)),
          blocking_after_fcp_ms: median(runs.map((run) => run.blocking_after_fcp_ms)),
          longest_task_ms: median(
            runs.map((run) => Math.max(0, ...run.long_tasks.map((t) => t.ms))),
          ),
        },
        per_run: runs.map(({ whole_load, long_tasks_after_fcp, ...run }) => run),
        last_run: { whole_load: last.whole_load, long_tasks_after_fcp: last.long_tasks_after_fcp },
      },
      null,
      1,
    ),
  );
} finally {
  await browser.close();
  await app.stop();
}
