import { itPublic } from '@lexpath/shared/messages/it-public';
import type { TSessionUser } from '@lexpath/shared/schemas/auth';
import type { TLogin } from '@lexpath/shared/schemas/login';
import { ApiError, api, readTokenPair } from '../../lib/api-client.ts';
import type { TokenPair } from '../../lib/storage.ts';

// The login call without React Query: the stand-alone login page (login-main.tsx) loads this
// module and no query machinery (issue 13's 120 kB budget).

export interface LoginResult {
  tokens: TokenPair;
  user: TSessionUser;
}

/** POST /auth/login: the tokens come in response headers, the user in the body (SPEC §7). */
export async function login(credentials: TLogin): Promise<LoginResult> {
  const { data, headers } = await api.request<TSessionUser>('/auth/login', {
    method: 'POST',
    body: credentials,
    auth: false,
  });
  const tokens = readTokenPair(headers);
  if (!tokens) throw new ApiError(500, [itPublic.errors.internal]);
  return { tokens, user: data };
}

export type LoginFailure = 'verify-email' | 'suspended' | 'message';

/** SPEC §2/§8: which screen a login error leads to. */
export function classifyLoginError(error: unknown): LoginFailure {
  const text = error instanceof ApiError ? error.messages.join(' ') : '';
  if (text.includes(itPublic.auth.emailNotVerified)) return 'verify-email';
  if (/sospeso/i.test(text)) return 'suspended';
  return 'message';
}
