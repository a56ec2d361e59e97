// Adds up the Vitest JSON reports of one `npm test` run into the closing line CI reads.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  console.log(
    `${file.replace('.json', '').padEnd(6)} ${report.numPassedTests} passed, ${report.numFailedTests} failed`,
  );
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
