import { findExecutable } from '../documents/pdf-pool.ts';

interface Tool {
  what: string;
  /** Debian's packages. */
  install: string;
  /** The variable the server reads for another copy than the PATH's. */
  variable?: string;
}

/** The programs some tests run for real. */
export const TOOLS = {
  soffice: {
    what: 'LibreOffice (soffice)',
    install: 'libreoffice-writer-nogui python3-uno fonts-dejavu-core',
    variable: 'SOFFICE_PATH',
  },
  pdftoppm: { what: "Poppler's pdftoppm", install: 'poppler-utils' },
} satisfies Record<string, Tool>;

export type ToolName = keyof typeof TOOLS;

/** The tool's variable when it is set (and only then: a wrong one is not second-guessed), else the PATH. */
export function findTool(name: ToolName, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const tool: Tool = TOOLS[name];
  return findExecutable(name, tool.variable ? env[tool.variable] : undefined, env);
}

/**
 * Whether a missing tool fails the run: in CI (`CI` set, as every CI service does) and under
 * `npm test` (scripts/test.sh sets LEXPATH_REQUIRE_TOOLS=1), where a green run must mean every
 * test ran.
 */
export function toolsRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = env.CI?.toLowerCase();
  return (
    (ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false') ||
    env.LEXPATH_REQUIRE_TOOLS === '1'
  );
}

export function missingToolMessage(name: ToolName, env: NodeJS.ProcessEnv = process.env): string {
  const tool: Tool = TOOLS[name];
  const configured = tool.variable && env[tool.variable];
  const looked = configured
    ? `${tool.variable}=${configured} is not an executable`
    : `\`${name}\` is not on the PATH`;
  const elsewhere = tool.variable ? ` or point ${tool.variable} at it` : '';
  return (
    `${tool.what} not found (${looked}). Install it (Debian: apt-get install ${tool.install}, ` +
    `or run scripts/install-system-deps.sh)${elsewhere}.`
  );
}

/**
 * For tests that need a tool: its path. Missing, it throws (the test file fails with what to
 * install) when tools are required, else it says what is missing and answers undefined, so the
 * caller's `describe.skipIf(!tool)` skips.
 */
export function requireTool(
  name: ToolName,
  env: NodeJS.ProcessEnv = process.env,
  warn: (message: string) => void = console.warn,
): string | undefined {
  const found = findTool(name, env);
  if (found) return found;
  const message = missingToolMessage(name, env);
  if (toolsRequired(env)) throw new Error(message);
  warn(`Skipping the tests that need it: ${message}`);
  return undefined;
}
