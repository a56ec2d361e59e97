import { config } from 'zod/mini';

/**
 * zod compiles object parsers with `new Function` unless told not to, and probes for it with a
 * caught `new Function("")` the moment the first object schema is built: under our CSP (no
 * 'unsafe-eval') the browser reports that probe as a violation on every page. Imported first by
 * main.tsx and login-main.tsx, before any schema exists; parsing without the compiled fast path
 * costs nothing a form would notice. `zod/mini` sets the core's configuration that the classic
 * API shares, without bringing the classic API into the first page.
 */
config({ jitless: true });
