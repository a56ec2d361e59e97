// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import direction of STYLE.md is enforced by `noRestrictedImports` overrides in the root
 * biome.json. These tests lint probe files with that very configuration, laid out in a copy of the
 * repository's folders, so a rule that stops matching (a renamed folder, a wrong glob) fails here
 * instead of letting `npm run lint` pass a violation.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const biomeBin = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');

/** Probe files: path in the repository → the modules it imports. */
const PROBES: Record<string, string[]> = {
  'apps/web/src/features/purchase/probe.ts': [
    './api.ts',
    './components/summary-screen.tsx',
    '../../lib/paths.ts',
    '../../components/flow/question-step.tsx',
    '../templates/api.ts',
    '../../app/guards.ts',
    '../../features/templates/api.ts',
  ],
  'apps/web/src/features/purchase/components/probe.tsx': [
    '../api.ts',
    './summary-screen.tsx',
    '../../../lib/paths.ts',
    '../../../components/ui/button.tsx',
    '../../../test/render-app.tsx',
    '@lexpath/shared/questionnaire',
    '../../templates/api.ts',
    '../../../app/router.tsx',
  ],
  'apps/web/src/components/flow/probe.tsx': [
    '../ui/button.tsx',
    '../../lib/format.ts',
    '../../features/purchase/api.ts',
    '../../app/theme.ts',
  ],
  'apps/web/src/lib/probe.ts': [
    './paths.ts',
    './app-config.ts',
    '../features/auth/api.ts',
    '../app/guards.ts',
  ],
  'apps/server/src/documents/probe.ts': [
    './render.ts',
    '../lib/app-error.ts',
    '../plugins/auth.ts',
    '../modules/templates/templates.service.ts',
  ],
  'apps/server/src/db/probe.ts': [
    './schema.ts',
    '../lib/tokens.ts',
    '../modules/invoices/fatturapa.ts',
    '../plugins/auth.ts',
  ],
  'apps/server/src/lib/probe.ts': [
    './lru-cache.ts',
    '../db/schema.ts',
    '../modules/auth/auth.service.ts',
    '../plugins/errors.ts',
  ],
  'apps/server/src/plugins/probe.ts': [
    './errors.ts',
    '../lib/tokens.ts',
    '../db/schema.ts',
    '../modules/auth/auth.service.ts',
  ],
  // A test may bring the layers together (a list's query plans, a cache fed by a module).
  'apps/server/src/db/probe.test.ts': ['../modules/contracts/contracts.service.ts'],
  'apps/server/src/plugins/probe.test.ts': ['../modules/auth/auth.service.ts'],
  'packages/shared/src/probe.ts': ['./money.ts', '../../../apps/server/src/app.ts', '@lexpath/web'],
};

/** The imports above that break the direction; every other one must pass. */
const VIOLATIONS = [
  'apps/web/src/features/purchase/probe.ts → ../templates/api.ts',
  'apps/web/src/features/purchase/probe.ts → ../../app/guards.ts',
  'apps/web/src/features/purchase/probe.ts → ../../features/templates/api.ts',
  'apps/web/src/features/purchase/components/probe.tsx → ../../templates/api.ts',
  'apps/web/src/features/purchase/components/probe.tsx → ../../../app/router.tsx',
  'apps/web/src/components/flow/probe.tsx → ../../features/purchase/api.ts',
  'apps/web/src/components/flow/probe.tsx → ../../app/theme.ts',
  'apps/web/src/lib/probe.ts → ../features/auth/api.ts',
  'apps/web/src/lib/probe.ts → ../app/guards.ts',
  'apps/server/src/documents/probe.ts → ../plugins/auth.ts',
  'apps/server/src/documents/probe.ts → ../modules/templates/templates.service.ts',
  'apps/server/src/db/probe.ts → ../modules/invoices/fatturapa.ts',
  'apps/server/src/db/probe.ts → ../plugins/auth.ts',
  'apps/server/src/lib/probe.ts → ../modules/auth/auth.service.ts',
  'apps/server/src/lib/probe.ts → ../plugins/errors.ts',
  'apps/server/src/plugins/probe.ts → ../modules/auth/auth.service.ts',
  'packages/shared/src/probe.ts → ../../../apps/server/src/app.ts',
  'packages/shared/src/probe.ts → @lexpath/web',
];

interface BiomeDiagnostic {
  category: string;
  location: { path: string; start: { line: number } };
}

let workDir: string;
let reported: string[];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'lexpath-import-direction-'));
  const config = JSON.parse(await readFile(join(repoRoot, 'biome.json'), 'utf8'));
  // The copy is not a git checkout and has no node_modules to hold the schema.
  delete config.vcs;
  delete config.$schema;
  await writeFile(join(workDir, 'biome.json'), JSON.stringify(config));
  for (const [file, imports] of Object.entries(PROBES)) {
    await mkdir(dirname(join(workDir, file)), { recursive: true });
    await writeFile(join(workDir, file), imports.map((source) => `import '${source}';\n`).join(''));
  }

  const run = promisify(execFile);
  const stdout = await run(process.execPath, [biomeBin, 'lint', '--reporter=json', '.'], {
    cwd: workDir,
  }).then(
    (done) => done.stdout,
    // Biome exits non-zero when it reports an error; the report is still on stdout.
    (failed: { stdout?: string }) => failed.stdout ?? '',
  );
  const diagnostics: BiomeDiagnostic[] = JSON.parse(stdout).diagnostics;
  reported = diagnostics
    .filter((d) => d.category === 'lint/style/noRestrictedImports')
    .map((d) => {
      const file = d.location.path.replaceAll('\\', '/').replace(/^\.\//, '');
      return `${file} → ${PROBES[file]?.[d.location.start.line - 1]}`;
    });
}, 60_000);

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('npm run lint (Biome noRestrictedImports)', () => {
  it('reports a feature importing another feature or app/', () => {
    expect(reported.filter((r) => r.startsWith('apps/web/src/features/')).sort()).toEqual(
      VIOLATIONS.filter((v) => v.startsWith('apps/web/src/features/')).sort(),
    );
  });

  it('reports components/ or lib/ importing features/ or app/', () => {
    const shared = (r: string) => /^apps\/web\/src\/(components|lib)\//.test(r);
    expect(reported.filter(shared).sort()).toEqual(VIOLATIONS.filter(shared).sort());
  });

  it('reports documents/ importing plugins/ or modules/', () => {
    const documents = (r: string) => r.startsWith('apps/server/src/documents/');
    expect(reported.filter(documents).sort()).toEqual(VIOLATIONS.filter(documents).sort());
  });

  it("reports the server's db/ or lib/ importing plugins/ or modules/, not in tests", () => {
    const bottom = (r: string) => /^apps\/server\/src\/(db|lib)\//.test(r);
    expect(reported.filter(bottom).sort()).toEqual(VIOLATIONS.filter(bottom).sort());
  });

  it("reports the server's plugins/ importing modules/, not in tests", () => {
    const plugins = (r: string) => r.startsWith('apps/server/src/plugins/');
    expect(reported.filter(plugins).sort()).toEqual(VIOLATIONS.filter(plugins).sort());
  });

  it('reports packages/shared importing an app', () => {
    const shared = (r: string) => r.startsWith('packages/shared/');
    expect(reported.filter(shared).sort()).toEqual(VIOLATIONS.filter(shared).sort());
  });
});
