import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireTool } from './tools.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

let binDir: string;

beforeAll(async () => {
  binDir = await mkdtemp(path.join(tmpdir(), 'lexpath-tools-'));
  await writeFile(path.join(binDir, 'pdftoppm'), '#!/bin/sh\n');
  await chmod(path.join(binDir, 'pdftoppm'), 0o755);
  await writeFile(path.join(binDir, 'soffice'), 'not executable');
});

afterAll(async () => {
  await rm(binDir, { recursive: true, force: true });
});

/** `requireTool` with `env`, and what it warned. */
function attempt(name: 'soffice' | 'pdftoppm', env: NodeJS.ProcessEnv) {
  const warnings: string[] = [];
  const found = requireTool(name, env, (message) => warnings.push(message));
  return { found, warnings };
}

describe('requireTool (tests that need LibreOffice or Poppler)', () => {
  it('fails in CI with the Debian packages to install when the tool is missing', () => {
    expect(() => attempt('soffice', { PATH: '', CI: 'true' })).toThrow(
      'LibreOffice (soffice) not found (`soffice` is not on the PATH). Install it (Debian: apt-get ' +
        'install libreoffice-writer-nogui python3-uno fonts-dejavu-core, or run ' +
        'scripts/install-system-deps.sh) or point SOFFICE_PATH at it.',
    );
    expect(() => attempt('pdftoppm', { PATH: '', CI: '1' })).toThrow(
      'apt-get install poppler-utils',
    );
  });

  it('fails under npm test (LEXPATH_REQUIRE_TOOLS=1) without CI', () => {
    expect(() => attempt('pdftoppm', { PATH: '', LEXPATH_REQUIRE_TOOLS: '1' })).toThrow(
      "Poppler's pdftoppm not found",
    );
  });

  it('names a SOFFICE_PATH that is not an executable, even when the PATH has one', () => {
    const env = { PATH: binDir, CI: 'true', SOFFICE_PATH: '/nonexistent/soffice' };
    expect(() => attempt('soffice', env)).toThrow(
      'SOFFICE_PATH=/nonexistent/soffice is not an executable',
    );
  });

  it('outside CI, skips and says what is missing and how to install it', () => {
    for (const CI of [undefined, '', 'false', '0']) {
      const { found, warnings } = attempt('pdftoppm', { PATH: '', CI });
      expect(found).toBeUndefined();
      expect(warnings).toEqual([
        "Skipping the tests that need it: Poppler's pdftoppm not found (`pdftoppm` is not on the " +
          'PATH). Install it (Debian: apt-get install poppler-utils, or run ' +
          'scripts/install-system-deps.sh).',
      ]);
    }
  });

  it('answers the executable it found on the PATH, and ignores a file that is not one', () => {
    expect(attempt('pdftoppm', { PATH: `/nonexistent:${binDir}`, CI: 'true' })).toEqual({
      found: path.join(binDir, 'pdftoppm'),
      warnings: [],
    });
    expect(() => attempt('soffice', { PATH: binDir, CI: 'true' })).toThrow('not on the PATH');
  });

  it('reads process.env by default: a process with an empty PATH in CI fails', async () => {
    const run = promisify(execFile);
    const script = `const { requireTool } = await import(${JSON.stringify(
      new URL('./tools.ts', import.meta.url).href,
    )}); requireTool('soffice');`;
    const failed = await run(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      { cwd: repoRoot, env: { PATH: '', CI: 'true' } },
    ).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('LibreOffice (soffice) not found');
  });
});

describe('conditional skips in the test suites', () => {
  it('only skip for a tool requireTool looked for', async () => {
    const roots = [
      'apps/server/src',
      'apps/server/demo-templates',
      'apps/web/src',
      'packages/shared/src',
      'e2e',
    ];
    const conditional = /\.(skipIf|runIf)\(|\bctx\.skip\(|\bcontext\.skip\(|\.skip\(\s*[^)\s]/;
    const offenders: string[] = [];
    for (const root of roots) {
      const files = await readdir(path.join(repoRoot, root), { recursive: true });
      for (const file of files) {
        if (!/\.test\.tsx?$/.test(file) || file.includes('node_modules')) continue;
        const source = await readFile(path.join(repoRoot, root, file), 'utf8');
        if (!conditional.test(source)) continue;
        if (path.join(root, file) === 'apps/server/src/test/tools.test.ts') continue;
        if (!/\brequireTool\('/.test(source)) offenders.push(path.join(root, file));
      }
    }
    expect(offenders).toEqual([]);
  });
});
