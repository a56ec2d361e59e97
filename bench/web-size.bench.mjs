// Bytes on the wire for a cold load of /login in Debian's Chromium, against the built app served
// by the real server (precompressed assets, apps/server/src/plugins/static-spa.ts). Prints JSON;
// exits 1 when the JavaScript sent for /login is over budget. `npm run build` first.
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, startBuiltApp } from './support/built-app.mjs';

/** Issue 13: /login's JavaScript, compressed, on the wire. */
const LOGIN_JS_BUDGET_BYTES = 120_000;

const app = await startBuiltApp('web-size');
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
let result;
try {
  // A fresh context: empty cache, nothing preloaded.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'it-IT',
    // What Chromium sends over HTTPS; over plain http it would not offer br to a non-local host.
    extraHTTPHeaders: { 'accept-encoding': 'br, gzip' },
  });
  const page = await context.newPage();
  const encodings = new Map();
  page.on('response', (response) => {
    encodings.set(response.url(), response.headers()['content-encoding'] ?? 'identity');
  });
  await page.goto(`${app.baseURL}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('PEC').waitFor();
  const entries = await page.evaluate(() =>
    [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ].map((entry) => ({
      url: entry.name,
      transferSize: entry.transferSize,
      encodedBodySize: entry.encodedBodySize,
      decodedBodySize: entry.decodedBodySize,
    })),
  );
  const files = entries.map((entry) => {
    const path = new URL(entry.url).pathname;
    const kind = path.endsWith('.js') ? 'js' : path.endsWith('.css') ? 'css' : 'other';
    return {
      path,
      kind,
      encoding: encodings.get(entry.url) ?? 'unknown',
      ...entry,
      url: undefined,
    };
  });
  const sum = (list, key) => list.reduce((total, file) => total + file[key], 0);
  const js = files.filter((file) => file.kind === 'js');
  result = {
    url: '/login',
    js: {
      files: js.length,
      encodedBodyBytes: sum(js, 'encodedBodySize'),
      transferBytes: sum(js, 'transferSize'),
      decodedBytes: sum(js, 'decodedBodySize'),
      budgetEncodedBytes: LOGIN_JS_BUDGET_BYTES,
      uncompressed: js.filter((file) => file.encoding === 'identity').map((file) => file.path),
    },
    all: {
      requests: files.length,
      encodedBodyBytes: sum(files, 'encodedBodySize'),
      transferBytes: sum(files, 'transferSize'),
    },
    files: files
      .sort((a, b) => b.encodedBodySize - a.encodedBodySize)
      .map(({ path, encoding, encodedBodySize, decodedBodySize }) => ({
        path,
        encoding,
        encodedBodySize,
        decodedBodySize,
      })),
  };
  await context.close();
} finally {
  await browser.close();
  await app.stop();
}
console.log(JSON.stringify(result, null, 2));
if (result.js.encodedBodyBytes > LOGIN_JS_BUDGET_BYTES || result.js.uncompressed.length > 0) {
  console.error(
    `web-size: /login sends ${result.js.encodedBodyBytes} bytes of JS (budget ${LOGIN_JS_BUDGET_BYTES}), uncompressed: ${result.js.uncompressed.length}`,
  );
  process.exitCode = 1;
}
