import type { TUserPublic } from '@lexpath/shared/schemas/auth';
import type {
  TForgotPassword,
  TRegister,
  TResetPassword,
} from '@lexpath/shared/schemas/registration';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** POST /auth/logout revokes the refresh token on the server. */
export async function logout(refreshToken: string): Promise<void> {
  await api.post('/auth/logout', undefined, { auth: false, headers: { Refresh: refreshToken } });
}

/** POST /auth/register: the account waits for the PEC confirmation (SPEC §4). */
export function register(payload: TRegister): Promise<TUserPublic> {
  return api.post<TUserPublic>('/auth/register', payload, { auth: false });
}

export function useRegisterMutation() {
  // Errors (a PEC already registered) appear under the form (SPEC §2).
  return useMutation({ mutationFn: register, meta: { silent: true } });
}

/** POST /auth/forgot-password: the server answers alike whether the PEC exists or not. */
export async function requestPasswordReset(body: TForgotPassword): Promise<void> {
  await api.post('/auth/forgot-password', body, { auth: false });
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: requestPasswordReset, meta: { silent: true } });
}

/** POST /auth/reset-password?token=…: the token of the mailed link, single use. */
export async function resetPassword(token: string, body: TResetPassword): Promise<void> {
  await api.post('/auth/reset-password', body, { auth: false, query: { token } });
}

export function useResetPasswordMutation(token: string) {
  return useMutation({
    mutationFn: (body: TResetPassword) => resetPassword(token, body),
    // The failure screen shows the message (SPEC §2).
    meta: { silent: true },
  });
}

/**
 * POST /auth/verify-email?token=… as a query keyed by the token. The token is single use, so
 * the call must happen once: a query is deduplicated across StrictMode's double mount and
 * never refetched (no retry, never stale). No abort signal on purpose: StrictMode's unmount
 * would cancel the first call and the remount would send a second one.
 */
export function verifyEmailQuery(token: string) {
  return queryOptions({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      await api.post('/auth/verify-email', undefined, { auth: false, query: { token } });
      return true;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
}
