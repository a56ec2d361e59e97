/**
 * Every route of the OpenAPI document, fuzzed: path parameters, queries, headers and bodies
 * shaped like the route's schema but carrying hostile values (NUL bytes, halves of surrogate
 * pairs, 1 MB strings, `__proto__`/`constructor` keys, wrong types, deep nesting), sent
 * anonymously and as each role. No answer may be a 5xx, and every /api error answer is the
 * one error format with the API headers. Seeded: a failure prints its seed and the request;
 * `FUZZ_SEED=<n>` replays it.
 */
import { ROLES } from '@lexpath/shared';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedTemplate, startContract } from './modules/contracts/test-contracts.ts';
import { buildMultipart, buildTestMaster } from './modules/templates/test-templates.ts';
import { API_SECURITY_HEADERS } from './plugins/security.ts';
import { createTestContext, type TestContext } from './test/context.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);

/**
 * The one 5xx allowed, and only here: LibreOffice is deliberately absent (SOFFICE_PATH points
 * nowhere), so a preview that gets as far as converting answers 503.
 */
const PREVIEW_ROUTE = 'GET /api/contract/preview/{id}';

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

type Role = 'anonymous' | 'lawyer' | 'editor' | 'admin' | 'forged';
type FuzzRequest = {
  role: Role;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

let ctx: TestContext;
let spec: OpenApi;
let tokens: Record<Role, Record<string, string>>;
/** Ids that exist, so some requests get past "not found" into the services. */
let realIds: string[];

beforeAll(async () => {
  ctx = await createTestContext({
    env: { SOFFICE_PATH: '/nonexistent/soffice' },
    app: { rateLimits: { login: { max: 100_000, timeWindowMs: 60_000 } } },
  });
  const [lawyer, editor, admin] = await Promise.all([
    ctx.buildUser(),
    ctx.buildUser({ role: ROLES.editor }),
    ctx.buildUser({ role: ROLES.admin }),
  ]);
  const { template, categoryId } = await createPublishedTemplate(ctx, 'fuzz');
  const contractId = await startContract(ctx, lawyer, template.id);
  realIds = [lawyer.id, editor.id, admin.id, template.id, categoryId, contractId];
  tokens = {
    anonymous: {},
    lawyer: await ctx.authHeaders(lawyer),
    editor: await ctx.authHeaders(editor),
    admin: await ctx.authHeaders(admin),
    forged: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
  };
  spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

// ---------------------------------------------------------------------------------------------
// Hostile values

const ONE_MB = 'x'.repeat(1024 * 1024);
/** Just under the 1 MB body limit, so it reaches validation and the services. */
const ALMOST_ONE_MB = 'é'.repeat(500_000);
const HOSTILE_CONSTANTS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udfff\ud800',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '%00',
  '%ZZ',
  "'; drop table users; --",
  '{{#each}}{/x}',
  '../../../etc/passwd',
  '-1',
  '1e309',
  'NaN',
  'null',
  '',
  ' ',
  '😀',
  '\r\n',
  'é'.repeat(5000),
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_CONSTANTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }).map((text) => `${text}\u0000${text}`) },
  { weight: 1, arbitrary: fc.constantFrom(ONE_MB, ALMOST_ONE_MB) },
);

/** A deeply nested array or object: parsers and walkers must not recurse on it. */
const deepValue = fc.constantFrom(
  JSON.parse(`${'['.repeat(1000)}${']'.repeat(1000)}`) as unknown,
  JSON.parse(`${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`) as unknown,
);

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(hostileString, { maxLength: 2 }),
  deepValue,
);

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'prototype', 'valueOf'];

/** An object whose keys, `__proto__` included, are ordinary data keys in JSON.stringify. */
function plainObject(entries: Array<[string, unknown]>): Record<string, unknown> {
  const object = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of entries) object[key] = value;
  return object;
}

function resolve(schema: Schema | undefined): Schema {
  if (!schema?.$ref) return schema ?? {};
  const name = schema.$ref.split('/').pop() ?? '';
  return spec.components?.schemas?.[name] ?? {};
}

function validString(schema: Schema, name: string): fc.Arbitrary<string> {
  if (schema.format === 'uuid' || /(^id$|Id$|_id$)/.test(name)) {
    return fc.oneof(fc.uuid(), fc.constantFrom(...realIds));
  }
  if (/pec|email/i.test(name)) return fc.emailAddress();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot generate from (lookaheads): plain text instead.
    }
  }
  return fc.string({
    minLength: schema.minLength ?? 0,
    maxLength: Math.min(schema.maxLength ?? 40, 40),
  });
}

/** A value shaped like `schema` most of the time, hostile or of the wrong type otherwise. */
function valueFor(input: Schema | undefined, name: string, depth: number): fc.Arbitrary<unknown> {
  const schema = resolve(input);
  if (depth > 4) return fc.oneof(hostileString, wrongType);
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => valueFor(v, name, depth)));
  const valid = validValue(schema, name, depth);
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    { weight: 2, arbitrary: hostileString },
    { weight: 1, arbitrary: wrongType },
  );
}

function validValue(schema: Schema, name: string, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return validString(schema, name);
    case 'integer':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1000, 1e9) }),
        fc.integer(),
      );
    case 'number':
      return fc.oneof(fc.double(), fc.integer({ min: 0, max: 100_000 }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueFor(schema.items, name, depth + 1), { maxLength: 3 });
    case 'object':
      return objectFor(schema, depth);
    default:
      // No type (free JSON, e.g. the question list): anything JSON.
      return fc.oneof(fc.jsonValue({ maxDepth: 3 }), deepValue);
  }
}

function objectFor(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = properties.map(([key, property]) =>
    fc.tuple(
      fc.constant(key),
      valueFor(property, key, depth + 1),
      // A required field is sent nine times out of ten, an optional one half the time.
      fc.integer({ min: 0, max: 9 }).map((n) => (required.has(key) ? n > 0 : n > 4)),
    ),
  );
  const extra = fc.array(fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS, '\u0000', 'x'), wrongType), {
    maxLength: 2,
  });
  return fc
    .tuple(fc.tuple(...fields), extra)
    .map(([chosen, extraEntries]) =>
      plainObject([
        ...chosen
          .filter(([, , sent]) => sent)
          .map(([key, value]): [string, unknown] => [key, value]),
        ...extraEntries,
      ]),
    );
}

// ---------------------------------------------------------------------------------------------
// Requests

/**
 * Percent-encoded byte by byte (letters and digits kept, for a readable failure): a lone
 * surrogate becomes U+FFFD's bytes, as on the wire.
 */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');
}

// No '%2e%2e': app.inject normalizes it away as a URL parser would, unlike the HTTP server.
const RAW_SEGMENTS = ['%00', '%ZZ', '%', '%ED%A0%80', '..%2F..%2F', 'a'.repeat(5000)];

/** A function: the real ids exist only once `beforeAll` has run. */
const pathParameter = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...realIds) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    {
      weight: 2,
      arbitrary: hostileString.map((text) => percentEncode(text.slice(0, 5000)) || 'x'),
    },
  );

function queryFor(parameters: Parameter[]): fc.Arbitrary<string> {
  const fields = parameters.map((parameter) =>
    fc.option(
      valueFor(parameter.schema, parameter.name, 0).map(
        (value) =>
          `${parameter.name}=${percentEncode(String(typeof value === 'object' ? JSON.stringify(value) : value).slice(0, 5000))}`,
      ),
      { nil: undefined },
    ),
  );
  const extra = fc.array(
    fc
      .tuple(fc.constantFrom(...PROTOTYPE_KEYS, 'a[b]', 'a[__proto__][x]'), hostileString)
      .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value.slice(0, 200))}`),
    { maxLength: 2 },
  );
  return fc
    .tuple(fc.tuple(...fields), extra, fc.constantFrom('', '&&', '&=x', '&%ZZ=%ZZ'))
    .map(([chosen, extraParts, junk]) => {
      const parts = [...chosen.filter((part) => part !== undefined), ...extraParts];
      return parts.length || junk ? `?${parts.join('&')}${junk}` : '';
    });
}

/** Header values travel as bytes a header may hold. */
const headerValue = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ unit: fc.constantFrom(...'abcXYZ019.-_=+/ ') }),
    fc.constant('x'.repeat(8000)),
    fc.constantFrom(...realIds),
  );

const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'null',
  '"text"',
  '[]',
  '123',
  '{"__proto__":{"isAdmin":true,"role":"admin"}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  `{"a":"${'x'.repeat(1024 * 1024)}"}`,
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
];

function jsonBodyFor(schema: Schema | undefined): fc.Arbitrary<{ payload: string; type: string }> {
  return fc
    .oneof(
      {
        weight: 6,
        arbitrary: valueFor(schema, 'body', 0).map((value) => JSON.stringify(value) ?? ''),
      },
      { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES) },
    )
    .chain((payload) =>
      fc.record({
        payload: fc.constant(payload),
        type: fc.oneof(
          { weight: 8, arbitrary: fc.constant('application/json') },
          {
            weight: 1,
            arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded'),
          },
        ),
      }),
    );
}

/** upload-master: a multipart form with hostile text fields and arbitrary file bytes. */
const multipartBody = fc
  .record({
    questions: fc.oneof(
      hostileString,
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    ),
    fileName: fc.oneof(
      fc.constantFrom('Contratto.docx', 'a\u0000.docx', '\ud800.docx'),
      hostileString,
    ),
    bytes: fc.oneof(
      fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
      fc.constant(buildTestMaster('fuzz')),
    ),
    extra: fc.constantFrom('file_name', 'preview_name', 'other', '__proto__'),
    extraValue: hostileString.map((text) => text.slice(0, 2000)),
  })
  .map(({ questions, fileName, bytes, extra, extraValue }) =>
    buildMultipart([
      { name: 'questions', value: questions.slice(0, 100_000) },
      { name: 'master', filename: fileName.slice(0, 300).replace(/["\r\n]/g, ''), content: bytes },
      { name: extra, value: extraValue },
    ]),
  );

const roles = fc.constantFrom<Role>('anonymous', 'lawyer', 'editor', 'admin', 'forged');

function requestsFor(
  path: string,
  method: string,
  operation: Operation,
): fc.Arbitrary<FuzzRequest> {
  const parameters = operation.parameters ?? [];
  const pathNames = parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const query = queryFor(parameters.filter((p) => p.in === 'query'));
  const headerParameters = parameters.filter((p) => p.in === 'header');
  const headers = fc
    .tuple(...headerParameters.map(() => fc.option(headerValue(), { nil: undefined })))
    .map((values) =>
      Object.fromEntries(
        headerParameters.flatMap((p, index) =>
          values[index] === undefined ? [] : [[p.name, values[index] as string]],
        ),
      ),
    );
  const content = operation.requestBody?.content ?? {};
  const body: fc.Arbitrary<{ payload?: string | Buffer; headers: Record<string, string> }> =
    path === '/api/template/upload-master'
      ? multipartBody.map(({ payload, headers: h }) => ({ payload, headers: h }))
      : 'application/json' in content
        ? jsonBodyFor(content['application/json']?.schema).map(({ payload, type }) => ({
            payload,
            headers: { 'content-type': type },
          }))
        : method === 'post' || method === 'put'
          ? fc.constantFrom(
              { headers: {} },
              { payload: '{"a":"\\u0000"}', headers: { 'content-type': 'application/json' } },
              { payload: 'x', headers: { 'content-type': 'application/octet-stream' } },
            )
          : fc.constant({ headers: {} });

  return fc
    .record({
      role: roles,
      segments: fc.tuple(...pathNames.map(() => pathParameter())),
      query,
      headers,
      body,
    })
    .map(({ role, segments, query: search, headers: h, body: b }) => {
      let url = path;
      pathNames.forEach((name, index) => {
        url = url.replace(`{${name}}`, segments[index] ?? '');
      });
      return {
        role,
        method: method.toUpperCase(),
        url: `${url}${search}`,
        headers: { ...h, ...b.headers, ...tokens[role] },
        ...(b.payload === undefined ? {} : { payload: b.payload }),
      };
    });
}

// ---------------------------------------------------------------------------------------------
// The check

function shorten(value: unknown): string {
  const text =
    typeof value === 'string'
      ? value
      : Buffer.isBuffer(value)
        ? `<${value.length} bytes>`
        : JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
}

function describeFailure(
  request: FuzzRequest,
  response: LightMyRequestResponse,
  why: string,
): string {
  return [
    `${why} (seed ${SEED}; replay with FUZZ_SEED=${SEED})`,
    `${request.method} ${shorten(request.url)} as ${request.role}`,
    `headers: ${shorten(request.headers)}`,
    `body: ${shorten(request.payload ?? '')}`,
    `answer: ${response.statusCode} ${shorten(response.body)}`,
  ].join('\n');
}

function checkAnswer(route: string, request: FuzzRequest, response: LightMyRequestResponse): void {
  const fail = (why: string): never => {
    throw new Error(describeFailure(request, response, why));
  };
  const allowed503 = route === PREVIEW_ROUTE && response.statusCode === 503;
  if (response.statusCode >= 500 && !allowed503) fail('a 5xx');
  if (response.statusCode < 400) return;
  if (!String(response.headers['content-type']).includes('application/json')) {
    fail('an error answer that is not JSON');
  }
  let body: { statusCode?: unknown; error?: unknown; message?: unknown } = {};
  try {
    body = response.json();
  } catch {
    fail('an error answer that does not parse');
  }
  const messageOk =
    typeof body.message === 'string' ||
    (Array.isArray(body.message) && body.message.every((m) => typeof m === 'string'));
  if (body.statusCode !== response.statusCode || typeof body.error !== 'string' || !messageOk) {
    fail('an error answer outside the error format');
  }
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
    if (response.headers[name] !== value) fail(`an error answer without ${name}: ${value}`);
  }
}

describe('fuzzing every route of the OpenAPI document', () => {
  it('finds the routes to fuzz', () => {
    const routes = Object.values(spec.paths).flatMap((operations) => Object.keys(operations));
    expect(routes.length).toBeGreaterThan(30);
  });

  it('answers every hostile request without a 5xx, in the error format', async () => {
    const started = Date.now();
    const counts: Record<string, number> = {};
    for (const [path, operations] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${path}`;
        await fc.assert(
          fc.asyncProperty(requestsFor(path, method, operation), async (request) => {
            const response = await ctx.app.inject(request as InjectOptions);
            counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
            checkAnswer(route, request, response);
          }),
          { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        );
      }
    }
    // What the run covered, for whoever reads the log.
    console.info(`fuzz: ${JSON.stringify(counts)} in ${Date.now() - started} ms`);
  }, 120_000);

  it('answers hostile URLs under /api (any method) in the error format', async () => {
    const url = fc.oneof(
      fc.constantFrom(...RAW_SEGMENTS).map((segment) => `/api/${segment}`),
      fc.constantFrom(...RAW_SEGMENTS).map((segment) => `/api/contract/${segment}/x`),
      hostileString.map((text) => `/api/${percentEncode(text.slice(0, 3000))}`),
      fc.constantFrom('/api', '/api/', '/api//', '/api/%', '/api?%ZZ', '/api/user?page=%ZZ'),
    );
    const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS');
    await fc.assert(
      fc.asyncProperty(url, method, roles, async (target, verb, role) => {
        const request: FuzzRequest = { role, method: verb, url: target, headers: tokens[role] };
        const response = await ctx.app.inject(request as InjectOptions);
        if (verb === 'HEAD') {
          expect(response.statusCode).toBeLessThan(500);
          return;
        }
        checkAnswer(`${verb} ${target}`, request, response);
      }),
      { seed: SEED, numRuns: 150, endOnFailure: true },
    );
  }, 60_000);
});
