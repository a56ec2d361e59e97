import { itPublic } from '@lexpath/shared/messages/it-public';
import { type TokenPair, useSessionStore } from './storage.ts';

/** Every failed call: the HTTP status (0 when the server could not be reached) and the
 * Italian message(s) the API wrote for the user. */
export class ApiError extends Error {
  readonly status: number;
  readonly messages: string[];
  /** The error body as the API sent it: some refusals carry more than messages (a form's fields). */
  readonly body: unknown;

  constructor(status: number, messages: string[], body: unknown = null) {
    super(messages.join(' '));
    this.name = 'ApiError';
    this.status = status;
    this.messages = messages;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The Italian text to show for any thrown value. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.messages.join('\n') : itPublic.errors.internal;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false for the calls made without a session: login, refresh, logout. No refresh on 401. */
  auth?: boolean;
  responseType?: 'json' | 'blob';
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/** Reads the pair the API puts in the `authorization` and `refresh` response headers. */
export function readTokenPair(headers: Headers): TokenPair | null {
  const bearer = headers.get('authorization');
  const refreshToken = headers.get('refresh');
  const token = bearer?.replace(/^Bearer\s+/i, '');
  return token && refreshToken ? { token, refreshToken } : null;
}

async function readError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const message = (body as { message?: unknown } | null)?.message;
  const messages = (Array.isArray(message) ? message : [message]).filter(
    (item): item is string => typeof item === 'string' && item.length > 0,
  );
  return new ApiError(
    response.status,
    messages.length > 0 ? messages : [itPublic.errors.internal],
    body,
  );
}

async function readData<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return (JSON.parse(text) as { data: T }).data;
  } catch {
    // Not the API talking (a proxy page, the SPA fallback): nothing the user can act on.
    throw new ApiError(response.status, [itPublic.errors.internal]);
  }
}

function encodeBody(body: unknown): { body?: BodyInit; contentType?: string } {
  if (body === undefined) return {};
  if (body instanceof FormData || body instanceof Blob) return { body };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

export interface ApiClientOptions {
  /** '/api' in the app (same origin); an absolute URL in tests. */
  baseUrl?: string;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * fetch with the session: sends `Authorization: Bearer`, unwraps `{ data }`, turns error
 * bodies into ApiError. On a 401 it refreshes the tokens once and retries once (SPEC §4);
 * concurrent 401s share one refresh, and a refused refresh ends the session.
 */
export function createApiClient({ baseUrl = '/api' }: ApiClientOptions = {}) {
  let refreshing: Promise<string | null> | null = null;

  function urlFor(path: string, query: RequestOptions['query']): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) search.set(key, String(value));
    }
    const suffix = search.size > 0 ? `?${search}` : '';
    return `${baseUrl}${path}${suffix}`;
  }

  async function send(path: string, options: RequestOptions, token: string | null) {
    const { body, contentType } = encodeBody(options.body);
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (contentType) headers['Content-Type'] = contentType;
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await fetch(urlFor(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: body ?? null,
        signal: options.signal ?? null,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, [itPublic.web.networkError]);
    }
  }

  async function refreshTokens(): Promise<string | null> {
    const session = useSessionStore.getState();
    if (!session.refreshToken) return null;
    let response: Response;
    try {
      response = await send(
        '/auth/refresh-tokens',
        { method: 'POST', headers: { Refresh: session.refreshToken } },
        null,
      );
    } catch {
      // Unreachable server: keep the session, the user may simply be offline for a moment.
      return null;
    }
    const pair = response.ok ? readTokenPair(response.headers) : null;
    if (!pair) {
      useSessionStore.getState().clear();
      return null;
    }
    useSessionStore.getState().setTokens(pair);
    return pair.token;
  }

  /** The token to retry with: a newer one if another request already refreshed, else the
   * result of the single in-flight refresh. */
  function freshToken(rejected: string | null): Promise<string | null> {
    const current = useSessionStore.getState().token;
    if (current && current !== rejected) return Promise.resolve(current);
    refreshing ??= refreshTokens().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const withSession = options.auth !== false;
    const token = withSession ? useSessionStore.getState().token : null;
    let response = await send(path, options, token);
    if (response.status === 401 && withSession && useSessionStore.getState().refreshToken) {
      const retryToken = await freshToken(token);
      if (retryToken) {
        await response.body?.cancel();
        response = await send(path, options, retryToken);
      }
    }
    if (!response.ok) throw await readError(response);
    if (options.responseType === 'blob') {
      return { data: (await response.blob()) as T, headers: response.headers };
    }
    return { data: await readData<T>(response), headers: response.headers };
  }

  const dataOf = async <T>(path: string, options: RequestOptions) =>
    (await request<T>(path, options)).data;

  return {
    request,
    get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
      dataOf<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method'> = {}) =>
      dataOf<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method'> = {}) =>
      dataOf<T>(path, { ...options, method: 'PUT', body }),
    delete: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
      dataOf<T>(path, { ...options, method: 'DELETE' }),
  };
}

/** The app's client: same origin, under /api (Vite proxies it in development). */
export const api = createApiClient();
