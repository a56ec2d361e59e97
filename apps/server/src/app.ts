import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { appConfigRoutes } from './modules/app-config/app-config.routes.ts';
import { authRoutes, type LoginRateLimit } from './modules/auth/auth.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticSpaPlugin } from './plugins/static-spa.ts';
import { swaggerPlugin } from './plugins/swagger.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
  }
}

export type BuildAppOptions = {
  config: AppConfig;
  db: Database;
  /** The process logger; none (silent) when omitted, as in tests. */
  logger?: FastifyBaseLogger;
  /** Login attempts per IP and PEC; tests use a small window. */
  loginRateLimit?: LoginRateLimit;
};

const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = { max: 10, timeWindowMs: 60_000 };

/** Builds the whole HTTP application without listening: plugins first, then the modules. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // `/api/user/` and `/api/user` are one route (DESIGN §3).
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', options.config);
  app.decorate('db', options.db);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  // Off by default; routes opt in through `config.rateLimit` (login now; register and
  // forgot-password later).
  await app.register(rateLimit, { global: false });
  await app.register(authPlugin);
  await app.register(swaggerPlugin);

  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(appConfigRoutes, { prefix: '/api/app-config' });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    loginRateLimit: options.loginRateLimit ?? DEFAULT_LOGIN_RATE_LIMIT,
  });
  await app.register(userRoutes, { prefix: '/api/user' });

  // Last: the SPA and its history fallback own every path the API does not.
  await app.register(staticSpaPlugin, { distDir: options.config.webDistDir });

  return app;
}
