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
 * Lighthouse's mobile preset slows the CPU 4x, calibrated for a high-end desktop host (benchmark
 * index 1500–2000, its docs/throttling.md). This 2-core box measures 400–2800 depending on the
 * other jobs, so every run prints its `benchmark_index`: read a low mobile TBT next to it.
 * `LIGHTHOUSE_CPU_SLOWDOWN=2` (say) sets another multiplier for the mobile runs.
 */
const CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN
  ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN)
  : undefined;

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
      if (formFactor.name === 'mobile' && CPU_SLOWDOWN !== undefined) {
        // Flags override the preset's settings: the mobile network throttling stays as it is.
        flags.throttling = { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN };
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
