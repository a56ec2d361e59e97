import { ROLES } from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { type CreateAdminIo, runCreateAdmin } from './create-admin.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

function scriptedIo(
  answers: string[] = [],
): CreateAdminIo & { output: string[]; errors: string[] } {
  const output: string[] = [];
  const errors: string[] = [];
  return {
    interactive: answers.length > 0,
    ask: async () => answers.shift() ?? '',
    out: (line) => output.push(line),
    err: (line) => errors.push(line),
    output,
    errors,
  };
}

function run(argv: string[], io = scriptedIo(), env: Record<string, string> = {}) {
  return runCreateAdmin({ argv, env: { DATABASE_URL: ctx.databaseUrl, ...env }, io });
}

describe('npm run create-admin', () => {
  it('creates a confirmed admin on DATABASE_URL that can sign in', async () => {
    const io = scriptedIo();
    const code = await run(
      [
        '--pec',
        'Titolare@PEC.Studio.it',
        '--name',
        'Anna',
        '--surname',
        'Galli',
        '--password',
        'Sicura2026!',
      ],
      io,
    );

    expect(code).toBe(0);
    expect(io.output.join('\n')).toContain('titolare@pec.studio.it');
    const [row] = await ctx.db.select().from(users).where(eq(users.pec, 'titolare@pec.studio.it'));
    expect(row).toMatchObject({ role: ROLES.admin, status: 'confermato', emailVerified: true });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { pec: 'titolare@pec.studio.it', password: 'Sicura2026!' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.role).toBe('admin');
  });

  it('refuses a PEC that is already used', async () => {
    await ctx.buildUser({ pec: 'giaregistrato@pec.studio.it' });
    const io = scriptedIo();
    const code = await run(
      [
        '--pec',
        'GiaRegistrato@pec.studio.it',
        '--name',
        'A',
        '--surname',
        'B',
        '--password',
        'Sicura2026!',
      ],
      io,
    );
    expect(code).toBe(1);
    expect(io.errors.join('\n')).toContain('Esiste già un account registrato con questa PEC.');
  });

  it('refuses a weak password and an invalid PEC with the shared messages', async () => {
    const io = scriptedIo();
    const code = await run(
      ['--pec', 'non-una-pec', '--name', 'A', '--surname', 'B', '--password', 'debole'],
      io,
    );
    expect(code).toBe(1);
    const errors = io.errors.join('\n');
    expect(errors).toContain('La password non rispetta i requisiti minimi di sicurezza.');
    expect(errors).toContain('Indirizzo PEC non valido.');
    const [row] = await ctx.db.select().from(users).where(eq(users.pec, 'non-una-pec'));
    expect(row).toBeUndefined();
  });

  it('reads the ADMIN_* environment and asks for what is still missing', async () => {
    const io = scriptedIo(['Sicura2026!']);
    const code = await run([], io, {
      ADMIN_PEC: 'socio@pec.studio.it',
      ADMIN_NAME: 'Marta',
      ADMIN_SURNAME: 'Longo',
    });
    expect(code).toBe(0);
    const [row] = await ctx.db.select().from(users).where(eq(users.pec, 'socio@pec.studio.it'));
    expect(row?.name).toBe('Marta');
  });

  it('explains what is missing when it cannot ask', async () => {
    const io = scriptedIo();
    expect(await run(['--pec', 'x@pec.it'], io)).toBe(1);
    expect(io.errors.join('\n')).toContain('Missing --name, --surname, --password');
  });
});
