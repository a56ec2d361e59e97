// Lighthouse 12 against the built app in Debian's Chromium: /login and the lawyer's catalogue,
// mobile and desktop. Prints the category scores and key metrics as JSON; exits 1 when a
// budget is missed (the budgets live here, never in tests). `npm run build` first.
// `LIGHTHOUSE_REPORT_DIR=/tmp/lh` also writes each full report (JSON) there.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, demoLawyerStorage, startBuiltApp } from './support/built-app.mjs';

/** Issue 13: every category of every run at least this (scores are 0–100). */
const BUDGET = {
  performance: 95,
  accessibility: 95,
  'best-practices': 95,
  seo: 95,
};

const PAGES = [
  { name: 'login', path: '/login', signedIn: false },
  { name: 'catalogue', path: '/user/contratti', signedIn: true },
];
/**
 * Lighthouse's mobile 4x CPU slowdown is calibrated for a high-end desktop host (benchmark index
 * 1500–2000, docs/throttling.md); it warns below 1000. A host already as slow as the phone being
 * emulated (this 2-core box under load measures 350–1000) gets a smaller multiplier: its
 * benchmark index over the emulated phone's (1750 / 4), between 1 and 4. The JSON prints both
 * figures; `LIGHTHOUSE_CPU_SLOWDOWN=4` forces the stock setting.
 */
const EMULATED_PHONE_BENCHMARK_INDEX = 1750 / 4;

const FORM_FACTORS = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];
const METRICS = {
  fcp_ms: 'first-contentful-paint',
  lcp_ms: 'largest-contentful-paint',
  tbt_ms: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speed_index_ms: 'speed-index',
};

/** The demo lawyer's session in the browser's localStorage, as the web app keeps it. */
async function signInBrowser(port, baseURL) {
  const items = await demoLawyerStorage(baseURL);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    // A file of the origin that runs no script: the storage is set before the app ever starts.
    await page.goto(`${baseURL}/favicon.svg`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, items);
    await page.close();
  } finally {
    // Disconnects only: the browser is chrome-launcher's.
    await browser.close();
  }
}

function summarise(lhr) {
  const scores = Object.fromEntries(
    Object.entries(lhr.categories).map(([id, category]) => [id, Math.round(category.score * 100)]),
  );
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, audit]) => {
      const value = lhr.audits[audit]?.numericValue;
      return [name, value === undefined ? null : Math.round(value * 1000) / 1000];
    }),
  );
  // What Lighthouse would fix first: the failed audits of each category, by weight.
  const failed = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => `${category.id}:${ref.id}`),
  );
  const opportunities = Object.values(lhr.audits)
    .filter((audit) => audit.details?.type === 'opportunity' && (audit.score ?? 1) < 0.9)
    .map((audit) => `${audit.id} (${Math.round(audit.numericValue ?? 0)} ms)`);
  return {
    url: lhr.finalDisplayedUrl,
    benchmark_index: Math.round(lhr.environment.benchmarkIndex),
    cpu_slowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    scores,
    metrics,
    failed,
    opportunities,
  };
}

/** A fresh Chromium per run (Lighthouse's advice): no state leaks from one run to the next. */
async function launchChrome() {
  return chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-component-update',
      '--disable-sync',
    ],
    logLevel: 'silent',
  });
}

/** Lighthouse's own CPU benchmark, in a blank page of the browser about to be measured. */
async function benchmarkIndex(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const index = await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`);
    await page.close();
    return index;
  } finally {
    await browser.close();
  }
}

function cpuSlowdownFor(index) {
  if (process.env.LIGHTHOUSE_CPU_SLOWDOWN) return Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN);
  const multiplier = index / EMULATED_PHONE_BENCHMARK_INDEX;
  return Math.round(Math.min(4, Math.max(1, multiplier)) * 10) / 10;
}

/** One Lighthouse run; once more when the trace came out unusable (NO_NAVSTART on a busy box). */
async function audit(url, page, formFactor) {
  for (let attempt = 1; ; attempt += 1) {
    const chrome = await launchChrome();
    try {
      if (page.signedIn) await signInBrowser(chrome.port, new URL(url).origin);
      const flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(BUDGET),
      };
      if (formFactor.name === 'mobile') {
        const slowdown = cpuSlowdownFor(await benchmarkIndex(chrome.port));
        // Flags override the config's settings: the mobile network throttling stays as it is.
        flags.throttling = { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown };
      }
      const result = await lighthouse(url, flags, formFactor.config);
      if (!result) throw new Error(`lighthouse gave no result for ${url}`);
      if (!result.lhr.runtimeError || attempt === 2) return result;
    } finally {
      await chrome.kill();
    }
  }
}

const started = Date.now();
const app = await startBuiltApp('lighthouse');
const runs = {};
const problems = [];
try {
  for (const page of PAGES) {
    for (const formFactor of FORM_FACTORS) {
      const url = `${app.baseURL}${page.path}`;
      const result = await audit(url, page, formFactor);
      if (process.env.LIGHTHOUSE_REPORT_DIR) {
        mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
        writeFileSync(
          join(process.env.LIGHTHOUSE_REPORT_DIR, `${page.name}-${formFactor.name}.json`),
          result.report,
        );
      }
      const summary = summarise(result.lhr);
      // A signed-in page that fell back to /login would measure the wrong screen.
      if (new URL(summary.url).pathname !== page.path) {
        problems.push(`${page.name} ${formFactor.name}: ended on ${summary.url}`);
      }
      if (result.lhr.runtimeError) {
        problems.push(`${page.name} ${formFactor.name}: ${result.lhr.runtimeError.message}`);
      }
      for (const [category, min] of Object.entries(BUDGET)) {
        const score = summary.scores[category];
        if (!(score >= min)) {
          problems.push(`${page.name} ${formFactor.name}: ${category} ${score} < ${min}`);
        }
      }
      runs[`${page.name}_${formFactor.name}`] = summary;
    }
  }
} finally {
  await app.stop();
}
console.log(
  JSON.stringify(
    {
      budget: BUDGET,
      runs,
      over_budget: problems,
      duration_s: Math.round((Date.now() - started) / 1000),
    },
    null,
    2,
  ),
);
// A table for people (npm test shows it); the JSON above is for bench/run.mjs.
for (const [name, run] of Object.entries(runs)) {
  const { performance, accessibility, seo } = run.scores;
  const m = run.metrics;
  console.error(
    `${name.padEnd(18)} perf ${performance} a11y ${accessibility} bp ${run.scores['best-practices']} seo ${seo}` +
      ` | FCP ${Math.round(m.fcp_ms)} ms LCP ${Math.round(m.lcp_ms)} ms TBT ${Math.round(m.tbt_ms)} ms CLS ${m.cls}` +
      ` | cpu x${run.cpu_slowdown} (benchmark ${run.benchmark_index})`,
  );
}
if (problems.length > 0) {
  console.error(`over budget: ${problems.join('; ')}`);
  process.exitCode = 1;
}
