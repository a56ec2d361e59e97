import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isValidCodiceFiscale, isValidPartitaIva } from '@lexpath/shared/answer-types';
import { hasControlCharacters, toLatin1 } from '@lexpath/shared/latin-text';
import { PROVINCE_CODES } from '@lexpath/shared/schemas/billing';
import { z } from 'zod';

/**
 * The repository root, computed from this file's location: `npm start` at the root runs the
 * server workspace script with cwd `apps/server`, so a cwd-relative default would put the data
 * in `apps/server/data` for one command and `./data` for another.
 */
export const REPOSITORY_ROOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../..',
);

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Empty variables count as unset, so `FOO= npm start` means "use the default". */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );
}

function integerBetween(min: number, max: number) {
  const error = `must be an integer between ${min} and ${max}`;
  return z
    .string()
    .regex(/^\d+$/, { error })
    .transform(Number)
    .pipe(z.number().min(min, { error }).max(max, { error }));
}

const absoluteUrl = z.url({
  protocol: /^https?$/,
  error: 'must be an absolute URL (http://… or https://…)',
});

/** A text the e-invoice prints: the schema's Basic Latin and Latin-1, one line. */
function invoiceText(max: number) {
  return z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !hasControlCharacters(value) && toLatin1(value) === value, {
      error: 'must be written in Latin letters (Basic Latin and Latin-1, no control characters)',
    });
}

/**
 * The seller variables a real invoice needs. With DATABASE_URL (a deployment) they are
 * required: a demo seller on real invoices would be a fiscal error the SDI does not catch.
 * The codice fiscale defaults to the partita IVA and INVOICE_PREFIX may be empty.
 */
const REQUIRED_SELLER_VARIABLES = [
  'SELLER_DENOMINAZIONE',
  'SELLER_PARTITA_IVA',
  'SELLER_REGIME_FISCALE',
  'SELLER_INDIRIZZO',
  'SELLER_CAP',
  'SELLER_COMUNE',
  'SELLER_PROVINCIA',
] as const;

const ZEnvironment = z.object({
  PORT: optional(integerBetween(0, 65535)),
  HOST: optional(z.string().trim()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' }),
  ),
  JWT_SECRET: optional(z.string().min(32, { error: 'must be at least 32 characters long' })),
  APP_URL: optional(absoluteUrl),
  SMTP_URL: optional(
    z.string().regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' }),
  ),
  MAIL_FROM: optional(z.string()),
  SUPPORT_EMAIL: optional(z.email({ error: 'must be an e-mail address' })),
  FAQ_URL: optional(absoluteUrl),
  TERMS_URL: optional(absoluteUrl),
  PRIVACY_URL: optional(absoluteUrl),
  STRIPE_SECRET_KEY: optional(z.string()),
  STRIPE_WEBHOOK_SECRET: optional(z.string()),
  /** For tests only: the Stripe API at another address (a fake Stripe on loopback). */
  STRIPE_API_BASE: optional(absoluteUrl),
  SOFFICE_PATH: optional(z.string()),
  PDF_POOL_SIZE: optional(integerBetween(1, 16)),
  PREVIEW_CACHE_MB: optional(integerBetween(0, 1_048_576)),
  LEXMIND_USERS: optional(z.string()),
  REGISTRATIONS_PER_HOUR: optional(integerBetween(1, 100_000)),
  BACKUP_KEEP: optional(integerBetween(1, 10_000)),
  /** What a Prometheus scraper not on loopback sends as `Authorization: Bearer …`. */
  METRICS_TOKEN: optional(
    z.string().regex(/^[\x21-\x7e]{16,200}$/, {
      error: 'must be 16 to 200 printable characters, no spaces',
    }),
  ),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
  WEB_DIST_DIR: optional(z.string()),
  REQUEST_TIMEOUT_MS: optional(integerBetween(1000, 3_600_000)),
  KEEP_ALIVE_TIMEOUT_MS: optional(integerBetween(1000, 600_000)),
  TRUST_PROXY: optional(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine((entries) => entries.every(isAddressOrRange), {
        error: 'must be IP addresses or CIDR ranges separated by commas (127.0.0.1,10.0.0.0/8)',
      }),
  ),
  /** The seller named on every e-invoice; demo values when unset on the embedded database. */
  SELLER_DENOMINAZIONE: optional(invoiceText(80)),
  SELLER_PARTITA_IVA: optional(
    z.string().refine(isValidPartitaIva, { error: 'must be a valid partita IVA (11 digits)' }),
  ),
  SELLER_CODICE_FISCALE: optional(
    z.string().refine(isValidCodiceFiscale, { error: 'must be a valid codice fiscale' }),
  ),
  SELLER_REGIME_FISCALE: optional(
    z.string().regex(/^RF(0[1-9]|1[0-9])$/, { error: 'must be a regime fiscale code, RF01–RF19' }),
  ),
  SELLER_INDIRIZZO: optional(invoiceText(60)),
  SELLER_CAP: optional(z.string().regex(/^\d{5}$/, { error: 'must be 5 digits' })),
  SELLER_COMUNE: optional(invoiceText(60)),
  SELLER_PROVINCIA: optional(
    z.string().refine((value) => PROVINCE_CODES.has(value), {
      error: 'must be the sigla of an Italian province (RM, MI, …)',
    }),
  ),
  /** Printed before the number of every invoice ("LP-" gives LP-2026/000001); may be empty. */
  INVOICE_PREFIX: optional(
    z.string().regex(/^[A-Z0-9-]{0,6}$/, { error: 'must be up to 6 capitals, digits or -' }),
  ),
  NODE_ENV: optional(z.string()),
  /** Set by npm to the folder where `npm …` was typed; relative paths resolve against it. */
  INIT_CWD: optional(z.string()),
});

export type AppConfig = {
  port: number;
  host: string;
  /** Absolute. Embedded database files, mail files, generated secrets. */
  dataDir: string;
  /** Unset: the server starts its own PostgreSQL under `$DATA_DIR/pg`. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  faqUrl: string;
  termsUrl: string;
  privacyUrl: string;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** For tests only (STRIPE_API_BASE): where the Stripe SDK sends its requests. */
  stripeApiBase: string | undefined;
  sofficePath: string | undefined;
  pdfPoolSize: number;
  /** Converted previews kept under `$DATA_DIR/previews`, in bytes; 0 keeps none on disk. */
  previewCacheBytes: number;
  /** Lowercased PECs that see the generation-mode dialog. */
  lexmindUsers: string[];
  /** Registrations accepted from one address in an hour (unset: the app's default, 10). */
  registrationsPerHour: number | undefined;
  /** Lets a scraper off loopback read /metrics; unset: /metrics answers loopback only. */
  metricsToken: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Absolute path of the built SPA. */
  webDistDir: string;
  /** How long a client has to send a whole request (headers and body). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /**
   * The reverse proxies whose `X-Forwarded-For` names the client (addresses or CIDR ranges);
   * empty: the header is ignored and the client is the connection's address.
   */
  trustProxy: string[];
  isProduction: boolean;
  /** The seller of every invoice, and the prefix of its numbers. */
  seller: SellerConfig;
};

export type SellerConfig = {
  denominazione: string;
  partitaIva: string;
  codiceFiscale: string;
  regimeFiscale: string;
  sede: { indirizzo: string; cap: string; comune: string; provincia: string; nazione: 'IT' };
  invoicePrefix: string;
};

/**
 * A fictitious seller for the embedded default (its partita IVA passes the check digit): the
 * demo issues invoices a developer can open, validate and send nowhere.
 */
const DEMO_SELLER: SellerConfig = {
  denominazione: 'LexPath Demo S.r.l.',
  partitaIva: '01234567897',
  codiceFiscale: '01234567897',
  regimeFiscale: 'RF01',
  sede: {
    indirizzo: 'via del Corso 100',
    cap: '00186',
    comune: 'Roma',
    provincia: 'RM',
    nazione: 'IT',
  },
  invoicePrefix: '',
};

/**
 * Two .docx of 10 MB each over a 2 Mbit/s uplink take about 80 s; a client that has not sent
 * its request in two minutes is stalled or hostile.
 */
const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;
/**
 * Fastify's default: longer than the 60 s idle timeout of the usual load balancers and
 * proxies, so they close an idle connection first and never reuse one the server is closing.
 */
const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** What one LibreOffice listener holds while converting, measured at 150–200 MB. */
const LISTENER_BYTES = 200 * 1024 * 1024;

/** About a thousand long previews or tens of thousands of short ones (~50 KB a page). */
const DEFAULT_PREVIEW_CACHE_MB = 1024;

/**
 * PDF_POOL_SIZE's default: one listener per core, as many as half the free memory holds (the
 * rest is PostgreSQL's and the server's), 1 to 16. Listeners start only when that many previews
 * convert at once, so an idle server holds none of them.
 */
export function defaultPdfPoolSize(
  machine: { cores: number; freeBytes: number } = {
    cores: os.availableParallelism(),
    freeBytes: os.freemem(),
  },
): number {
  const byMemory = Math.floor(machine.freeBytes / 2 / LISTENER_BYTES);
  return Math.max(1, Math.min(16, machine.cores, byMemory));
}

/** `10.0.0.5`, `::1`, `10.0.0.0/8`, `fd00::/8`: what Fastify's trustProxy list accepts. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** A bad environment: the message names every faulty variable, fit for a terminal. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function formatIssues(error: z.ZodError, env: Record<string, string | undefined>): string {
  const lines = error.issues.map((issue) => {
    const variable = String(issue.path[0] ?? '?');
    const given = env[variable];
    const secret = variable.includes('SECRET') || variable.includes('TOKEN');
    const shown = secret || given === undefined ? '' : ` (got "${given}")`;
    return `  - ${variable}: ${issue.message}${shown}`;
  });
  return `Invalid configuration:\n${lines.join('\n')}`;
}

const ZCheckedEnvironment = ZEnvironment.superRefine((vars, ctx) => {
  if (!vars.DATABASE_URL) return;
  for (const variable of REQUIRED_SELLER_VARIABLES) {
    if (vars[variable] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [variable],
        message: 'required with DATABASE_URL: real invoices name the real seller, not the demo one',
      });
    }
  }
});

/** `forInvoices: false`: a tool that issues no invoice (create-admin) needs no seller. */
function parseEnvironment(env: Record<string, string | undefined>, { forInvoices = true } = {}) {
  const parsed = (forInvoices ? ZCheckedEnvironment : ZEnvironment).safeParse(env);
  if (!parsed.success) throw new ConfigError(formatIssues(parsed.error, env));
  return parsed.data;
}

type Environment = ReturnType<typeof parseEnvironment>;

/**
 * Relative DATA_DIR and WEB_DIST_DIR resolve against the folder where the command was typed
 * (npm's INIT_CWD, else the cwd); the defaults live at the repository root.
 */
function resolveFolder(vars: Environment, value: string | undefined, fallback: string): string {
  return value
    ? path.resolve(vars.INIT_CWD ?? process.cwd(), value)
    : path.join(REPOSITORY_ROOT, fallback);
}

/** Where the data lives, for tools that need the database only (create-admin). */
export function loadDatabaseConfig(
  env: Record<string, string | undefined> = process.env,
): Pick<AppConfig, 'dataDir' | 'databaseUrl'> {
  const vars = parseEnvironment(env, { forInvoices: false });
  return { dataDir: resolveFolder(vars, vars.DATA_DIR, 'data'), databaseUrl: vars.DATABASE_URL };
}

/** What `npm run backup` needs: the database, and how many backups to keep (7). */
export function loadBackupConfig(
  env: Record<string, string | undefined> = process.env,
): Pick<AppConfig, 'dataDir' | 'databaseUrl'> & { backupKeep: number } {
  const vars = parseEnvironment(env, { forInvoices: false });
  return {
    dataDir: resolveFolder(vars, vars.DATA_DIR, 'data'),
    databaseUrl: vars.DATABASE_URL,
    backupKeep: vars.BACKUP_KEEP ?? 7,
  };
}

/**
 * Parses the environment into the server configuration; throws ConfigError naming every bad
 * variable. Without JWT_SECRET a secret is generated once into `$DATA_DIR/jwt-secret`
 * (mode 0600) and reused, so sessions survive restarts. Several instances behind a load
 * balancer must share JWT_SECRET.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const vars = parseEnvironment(env);
  const dataDir = resolveFolder(vars, vars.DATA_DIR, 'data');
  const port = vars.PORT ?? 3000;

  return {
    port,
    host: vars.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    jwtSecret: vars.JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
    appUrl: (vars.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? 'LexPath <no-reply@pec.demo.it>',
    supportEmail: vars.SUPPORT_EMAIL ?? 'supporto@pec.demo.it',
    faqUrl: vars.FAQ_URL ?? 'https://www.example.it/faq',
    termsUrl: vars.TERMS_URL ?? 'https://www.example.it/termini-e-condizioni',
    privacyUrl: vars.PRIVACY_URL ?? 'https://www.example.it/privacy',
    stripeSecretKey: vars.STRIPE_SECRET_KEY,
    stripeWebhookSecret: vars.STRIPE_WEBHOOK_SECRET,
    stripeApiBase: vars.STRIPE_API_BASE,
    sofficePath: vars.SOFFICE_PATH,
    pdfPoolSize: vars.PDF_POOL_SIZE ?? defaultPdfPoolSize(),
    previewCacheBytes: (vars.PREVIEW_CACHE_MB ?? DEFAULT_PREVIEW_CACHE_MB) * 1024 * 1024,
    registrationsPerHour: vars.REGISTRATIONS_PER_HOUR,
    metricsToken: vars.METRICS_TOKEN,
    lexmindUsers: (vars.LEXMIND_USERS ?? '')
      .split(',')
      .map((pec) => pec.trim().toLowerCase())
      .filter(Boolean),
    logLevel: vars.LOG_LEVEL ?? 'info',
    webDistDir: resolveFolder(vars, vars.WEB_DIST_DIR, 'apps/web/dist'),
    requestTimeoutMs: vars.REQUEST_TIMEOUT_MS ?? DEFAULT_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: vars.KEEP_ALIVE_TIMEOUT_MS ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    trustProxy: vars.TRUST_PROXY ?? [],
    isProduction: vars.NODE_ENV === 'production',
    seller: {
      denominazione: vars.SELLER_DENOMINAZIONE ?? DEMO_SELLER.denominazione,
      partitaIva: vars.SELLER_PARTITA_IVA ?? DEMO_SELLER.partitaIva,
      codiceFiscale:
        vars.SELLER_CODICE_FISCALE ?? vars.SELLER_PARTITA_IVA ?? DEMO_SELLER.codiceFiscale,
      regimeFiscale: vars.SELLER_REGIME_FISCALE ?? DEMO_SELLER.regimeFiscale,
      sede: {
        indirizzo: vars.SELLER_INDIRIZZO ?? DEMO_SELLER.sede.indirizzo,
        cap: vars.SELLER_CAP ?? DEMO_SELLER.sede.cap,
        comune: vars.SELLER_COMUNE ?? DEMO_SELLER.sede.comune,
        provincia: vars.SELLER_PROVINCIA ?? DEMO_SELLER.sede.provincia,
        nazione: 'IT',
      },
      invoicePrefix: vars.INVOICE_PREFIX ?? DEMO_SELLER.invoicePrefix,
    },
  };
}

function readOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': when two processes race on a fresh DATA_DIR, the first writer wins for both.
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new ConfigError(
      `Invalid configuration:\n  - JWT_SECRET: ${file} holds fewer than 32 characters; delete it to generate a new one`,
    );
  }
  return secret;
}
