import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  defaultPdfPoolSize,
  loadBackupConfig,
  loadConfig,
  REPOSITORY_ROOT,
} from './config.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
let scratch: string;

beforeAll(async () => {
  await mkdir(path.join(REPOSITORY_ROOT, '.test-data'), { recursive: true });
  scratch = await mkdtemp(path.join(REPOSITORY_ROOT, '.test-data', 'config-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

function configError(env: Record<string, string>): string {
  try {
    loadConfig({ JWT_SECRET: SECRET, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ JWT_SECRET: SECRET });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.join(REPOSITORY_ROOT, 'data'),
      databaseUrl: undefined,
      appUrl: 'http://localhost:3000',
      supportEmail: 'supporto@pec.demo.it',
      webDistDir: path.join(REPOSITORY_ROOT, 'apps/web/dist'),
      lexmindUsers: [],
      logLevel: 'info',
    });
    expect(config.termsUrl).toMatch(/^https:\/\/www\.example\.it\//);
  });

  it('refuses a bad PORT with a message naming PORT', () => {
    const message = configError({ PORT: 'tremila' });
    expect(message).toContain('PORT');
    expect(message).toContain('tremila');
    expect(configError({ PORT: '70000' })).toMatch(/PORT: must be an integer between 0 and 65535/);
  });

  it('names every faulty variable at once and never prints a secret', () => {
    const message = configError({
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://x',
      JWT_SECRET: 'short-and-secret',
      PDF_POOL_SIZE: '0',
    });
    expect(message).toMatch(/LOG_LEVEL: must be one of/);
    expect(message).toMatch(/DATABASE_URL: must be a postgres/);
    expect(message).toMatch(/JWT_SECRET: must be at least 32 characters/);
    expect(message).toMatch(/PDF_POOL_SIZE/);
    expect(message).not.toContain('short-and-secret');
  });

  it('names the seller of the invoices: demo values by default, checked when set', () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).seller).toMatchObject({
      partitaIva: '01234567897',
      regimeFiscale: 'RF01',
      sede: { provincia: 'RM', nazione: 'IT' },
    });
    const seller = loadConfig({
      JWT_SECRET: SECRET,
      SELLER_DENOMINAZIONE: 'Studio Alfa S.r.l.',
      SELLER_PARTITA_IVA: '00743110157',
      SELLER_PROVINCIA: 'MI',
      INVOICE_PREFIX: 'LP-',
    }).seller;
    // Without its own codice fiscale, a company's is its partita IVA.
    expect(seller).toMatchObject({ codiceFiscale: '00743110157', invoicePrefix: 'LP-' });
    const message = configError({
      SELLER_PARTITA_IVA: '12345678901',
      SELLER_PROVINCIA: 'XX',
      SELLER_REGIME_FISCALE: 'RF99',
      SELLER_CAP: '001',
    });
    for (const variable of [
      'SELLER_PARTITA_IVA',
      'SELLER_PROVINCIA',
      'SELLER_REGIME_FISCALE',
      'SELLER_CAP',
    ]) {
      expect(message).toContain(variable);
    }
  });

  it('refuses to start on DATABASE_URL without the seller, naming each missing SELLER_ variable', () => {
    const missing = configError({ DATABASE_URL: 'postgres://lexpath@db.example.it/lexpath' });
    const required = [
      'SELLER_DENOMINAZIONE',
      'SELLER_PARTITA_IVA',
      'SELLER_REGIME_FISCALE',
      'SELLER_INDIRIZZO',
      'SELLER_CAP',
      'SELLER_COMUNE',
      'SELLER_PROVINCIA',
    ];
    for (const variable of required) expect(missing).toContain(`${variable}: required with`);
    expect(missing).not.toContain('SELLER_CODICE_FISCALE');
    const seller = {
      SELLER_DENOMINAZIONE: 'Studio Alfa S.r.l.',
      SELLER_PARTITA_IVA: '00743110157',
      SELLER_REGIME_FISCALE: 'RF19',
      SELLER_INDIRIZZO: 'corso Buenos Aires 1',
      SELLER_CAP: '20124',
      SELLER_COMUNE: 'Milano',
      SELLER_PROVINCIA: 'MI',
    };
    // One missing among the others is named alone.
    const oneMissing = configError({
      DATABASE_URL: 'postgres://lexpath@db.example.it/lexpath',
      ...seller,
      SELLER_COMUNE: '',
    });
    expect(oneMissing.split('\n').slice(1)).toEqual([
      expect.stringContaining('SELLER_COMUNE: required with DATABASE_URL'),
    ]);
    expect(
      loadConfig({
        JWT_SECRET: SECRET,
        DATABASE_URL: 'postgres://lexpath@db.example.it/lexpath',
        ...seller,
      }).seller,
    ).toMatchObject({
      denominazione: 'Studio Alfa S.r.l.',
      codiceFiscale: '00743110157',
      regimeFiscale: 'RF19',
      sede: { comune: 'Milano', provincia: 'MI', nazione: 'IT' },
    });
  });

  it('refuses a seller text the e-invoice cannot print', () => {
    const message = configError({
      SELLER_DENOMINAZIONE: 'Alfa\u0001 S.r.l.',
      SELLER_COMUNE: '北京',
    });
    expect(message).toMatch(/SELLER_DENOMINAZIONE: must be written in Latin letters/);
    expect(message).toMatch(/SELLER_COMUNE: must be written in Latin letters/);
  });

  it('reads the connection timeouts, two minutes for a request and 72 s for an idle connection by default', () => {
    expect(loadConfig({ JWT_SECRET: SECRET })).toMatchObject({
      requestTimeoutMs: 120_000,
      keepAliveTimeoutMs: 72_000,
    });
    expect(
      loadConfig({
        JWT_SECRET: SECRET,
        REQUEST_TIMEOUT_MS: '300000',
        KEEP_ALIVE_TIMEOUT_MS: '5000',
      }),
    ).toMatchObject({ requestTimeoutMs: 300_000, keepAliveTimeoutMs: 5_000 });
    expect(configError({ REQUEST_TIMEOUT_MS: '0' })).toMatch(
      /REQUEST_TIMEOUT_MS: must be an integer between 1000 and 3600000/,
    );
    expect(configError({ KEEP_ALIVE_TIMEOUT_MS: '1m' })).toMatch(/KEEP_ALIVE_TIMEOUT_MS/);
  });

  it('trusts no proxy by default, TRUST_PROXY names the proxies by address or range, a wrong entry is refused', () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).trustProxy).toEqual([]);
    expect(
      loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8,fd00::/8 ,::1' })
        .trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', '::1']);
    for (const wrong of ['true', 'localhost', '10.0.0.0/33', '10.0.0.1/8/1', '*']) {
      expect(configError({ TRUST_PROXY: wrong })).toMatch(
        /TRUST_PROXY: must be IP addresses or CIDR ranges separated by commas/,
      );
    }
  });

  it('keeps 7 backups by default, BACKUP_KEEP when set, and refuses 0', () => {
    expect(loadBackupConfig({}).backupKeep).toBe(7);
    expect(loadBackupConfig({ BACKUP_KEEP: '30' }).backupKeep).toBe(30);
    expect(() => loadBackupConfig({ BACKUP_KEEP: '0' })).toThrow(
      /BACKUP_KEEP: must be an integer between 1 and 10000/,
    );
  });

  it('keeps 1 GiB of previews on disk by default, PREVIEW_CACHE_MB when set, none with 0', () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).previewCacheBytes).toBe(1024 * 1024 * 1024);
    expect(loadConfig({ JWT_SECRET: SECRET, PREVIEW_CACHE_MB: '200' }).previewCacheBytes).toBe(
      200 * 1024 * 1024,
    );
    expect(loadConfig({ JWT_SECRET: SECRET, PREVIEW_CACHE_MB: '0' }).previewCacheBytes).toBe(0);
    expect(configError({ PREVIEW_CACHE_MB: '-1' })).toContain('PREVIEW_CACHE_MB');
  });

  it('sizes the PDF pool to the machine: a listener per core, as many as half the free memory holds', () => {
    const GiB = 1024 ** 3;
    expect(defaultPdfPoolSize({ cores: 2, freeBytes: 16 * GiB })).toBe(2);
    expect(defaultPdfPoolSize({ cores: 8, freeBytes: 16 * GiB })).toBe(8);
    // 512 MB for listeners of 200 MB: two, whatever the cores.
    expect(defaultPdfPoolSize({ cores: 8, freeBytes: GiB })).toBe(2);
    expect(defaultPdfPoolSize({ cores: 4, freeBytes: 0.1 * GiB })).toBe(1);
    expect(defaultPdfPoolSize({ cores: 64, freeBytes: 512 * GiB })).toBe(16);
    expect(loadConfig({ JWT_SECRET: SECRET }).pdfPoolSize).toBe(defaultPdfPoolSize());
    expect(loadConfig({ JWT_SECRET: SECRET, PDF_POOL_SIZE: '3' }).pdfPoolSize).toBe(3);
  });

  it('reads METRICS_TOKEN, refuses a short one and never prints it', () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).metricsToken).toBeUndefined();
    const token = 'prometheus-scraper-2026';
    expect(loadConfig({ JWT_SECRET: SECRET, METRICS_TOKEN: token }).metricsToken).toBe(token);
    const message = configError({ METRICS_TOKEN: 'corto' });
    expect(message).toMatch(/METRICS_TOKEN: must be 16 to 200 printable characters/);
    expect(message).not.toContain('corto');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ JWT_SECRET: SECRET, PORT: '', SUPPORT_EMAIL: ' ' }).port).toBe(3000);
  });

  it('resolves a relative DATA_DIR against the folder where npm was run', () => {
    const config = loadConfig({ JWT_SECRET: SECRET, DATA_DIR: 'dati', INIT_CWD: '/srv/lexpath' });
    expect(config.dataDir).toBe('/srv/lexpath/dati');
  });

  it('derives APP_URL from PORT and reads the LexMind PECs lowercased', () => {
    const config = loadConfig({
      JWT_SECRET: SECRET,
      PORT: '8080',
      LEXMIND_USERS: ' Uno@PEC.it, due@pec.it ,',
    });
    expect(config.appUrl).toBe('http://localhost:8080');
    expect(config.lexmindUsers).toEqual(['uno@pec.it', 'due@pec.it']);
  });

  it('generates the JWT secret once into DATA_DIR (mode 0600) and reuses it', async () => {
    const dataDir = path.join(scratch, 'data');
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).jwtSecret;

    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    const file = path.join(dataDir, 'jwt-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });
});
