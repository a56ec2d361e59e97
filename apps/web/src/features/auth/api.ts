import { it } from '@lexpath/shared/messages/it';
import type { TLogin, TSessionUser } from '@lexpath/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api, readTokenPair } from '../../lib/api-client.ts';
import type { TokenPair } from '../../lib/storage.ts';

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
  if (!tokens) throw new ApiError(500, [it.errors.internal]);
  return { tokens, user: data };
}

/** POST /auth/logout revokes the refresh token on the server. */
export async function logout(refreshToken: string): Promise<void> {
  await api.post('/auth/logout', undefined, { auth: false, headers: { Refresh: refreshToken } });
}

export function useLoginMutation() {
  // The login screen shows its own errors (SPEC §2), so no failure toast.
  return useMutation({ mutationFn: login, meta: { silent: true } });
}

export type LoginFailure = 'verify-email' | 'suspended' | 'message';

/** SPEC §2/§8: which screen a login error leads to. */
export function classifyLoginError(error: unknown): LoginFailure {
  const text = error instanceof ApiError ? error.messages.join(' ') : '';
  if (text.includes(it.auth.emailNotVerified)) return 'verify-email';
  if (/sospeso/i.test(text)) return 'suspended';
  return 'message';
}
