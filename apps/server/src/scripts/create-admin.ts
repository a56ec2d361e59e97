import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ROLES, USER_STATUS } from '@lexpath/shared';
import { type TNewStaffUser, ZNewStaffUser } from '@lexpath/shared/schemas/users';
import { ConfigError, loadDatabaseConfig } from '../config.ts';
import type { DbExecutor } from '../db/client.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { openDatabase } from '../db/open-database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import { createUser } from '../modules/users/users.service.ts';

/** How the command talks to whoever runs it; tests pass a scripted one. */
export type CreateAdminIo = {
  interactive: boolean;
  ask: (question: string, options?: { hidden?: boolean }) => Promise<string>;
  out: (line: string) => void;
  err: (line: string) => void;
};

const FIELDS = [
  { key: 'pec', env: 'ADMIN_PEC', question: 'PEC: ' },
  { key: 'name', env: 'ADMIN_NAME', question: 'Name: ' },
  { key: 'surname', env: 'ADMIN_SURNAME', question: 'Surname: ' },
  { key: 'password', env: 'ADMIN_PASSWORD', question: 'Password: ' },
] as const;

const USAGE = [
  'Usage: npm run create-admin -- --pec <pec> --name <name> --surname <surname> --password <password>',
  'or set ADMIN_PEC, ADMIN_NAME, ADMIN_SURNAME, ADMIN_PASSWORD; missing values are asked for.',
  'The database is DATABASE_URL, else the embedded one in DATA_DIR (stop the server first).',
].join('\n');

/** The input checked by the same rules as the web forms; null and messages when it fails. */
export function validateAdminInput(
  input: Partial<TNewStaffUser>,
): { admin: TNewStaffUser; problems: null } | { admin: null; problems: string[] } {
  const parsed = ZNewStaffUser.safeParse(input);
  if (parsed.success) return { admin: parsed.data, problems: null };
  return {
    admin: null,
    problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  };
}

/** A confirmed, verified admin: the first account of a deployment on DATABASE_URL. */
export function createAdmin(db: DbExecutor, admin: TNewStaffUser): Promise<UserRow> {
  return createUser(db, {
    ...admin,
    role: ROLES.admin,
    status: USER_STATUS.confirmed,
    emailVerified: true,
  });
}

/** The whole command; returns the exit code. */
export async function runCreateAdmin({
  argv,
  env,
  io,
}: {
  argv: string[];
  env: Record<string, string | undefined>;
  io: CreateAdminIo;
}): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: argv,
      options: {
        pec: { type: 'string' },
        name: { type: 'string' },
        surname: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }

  const input: Partial<Record<(typeof FIELDS)[number]['key'], string>> = {};
  for (const field of FIELDS) {
    const given = values[field.key] ?? env[field.env];
    if (typeof given === 'string' && given !== '') input[field.key] = given;
    else if (io.interactive) {
      input[field.key] = await io.ask(field.question, { hidden: field.key === 'password' });
    }
  }
  const missing = FIELDS.filter((field) => !input[field.key]).map((field) => `--${field.key}`);
  if (missing.length > 0) {
    io.err(`Missing ${missing.join(', ')}.\n${USAGE}`);
    return 1;
  }

  const { admin, problems } = validateAdminInput(input);
  if (problems) {
    io.err(`Not created:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    return 1;
  }

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(loadDatabaseConfig(env), quietLogger(io));
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirInUseError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
  try {
    const created = await createAdmin(database.db, admin);
    io.out(`Admin ${created.pec} (${created.name} ${created.surname}) created; sign in with it.`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      io.err(`Not created: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

function quietLogger(io: CreateAdminIo) {
  const warn = (_object: object, message: string) => io.err(message);
  return { info: () => {}, debug: () => {}, warn, error: warn };
}

function terminalIo(): CreateAdminIo {
  return {
    interactive: process.stdin.isTTY === true,
    ask: async (question, { hidden = false } = {}) => {
      // readline echoes what is typed; for the password the echo goes nowhere.
      const output = new Writable({
        write: (chunk, encoding, done) => {
          if (!hidden) process.stdout.write(chunk, encoding);
          done();
        },
      });
      const prompt = createInterface({ input: process.stdin, output, terminal: true });
      process.stdout.write(question);
      try {
        return (await prompt.question('')).trim();
      } finally {
        prompt.close();
        if (hidden) process.stdout.write('\n');
      }
    },
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const code = await runCreateAdmin({
    argv: process.argv.slice(2),
    env: process.env,
    io: terminalIo(),
  });
  process.exit(code);
}
