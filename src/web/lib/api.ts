/**
 * The one way the browser calls the shop's API: same origin, JSON in and out, and an
 * answer that says whether it worked instead of throwing on HTTP errors.
 */

/** An error answer as the server words it; `fields` for bad input, other keys per call. */
export type ApiError = { error?: string; message?: string; errorMessage?: string; fields?: Array<{ path: string; message: string }> } & Record<string, unknown>;

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError | null };

async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    // offline or the server is unreachable: status 0, like the browser reports it
    return { ok: false, status: 0, error: null };
  }
  const data: unknown = res.headers.get('content-type')?.includes('json') ? await res.json().catch(() => null) : null;
  return res.ok ? { ok: true, status: res.status, data: data as T } : { ok: false, status: res.status, error: data as ApiError | null };
}

export const getJson = <T>(path: string, headers?: Record<string, string>) => call<T>('GET', path, undefined, headers);
export const postJson = <T>(path: string, body: unknown, headers?: Record<string, string>) => call<T>('POST', path, body, headers);
/** A file the server makes (a CSV export): its bytes, or the error answer as `call` gives it. */
export async function getBlob(path: string, headers: Record<string, string> = {}): Promise<ApiResult<Blob>> {
  let res: Response;
  try {
    res = await fetch(path, { headers, credentials: 'same-origin' });
  } catch {
    return { ok: false, status: 0, error: null };
  }
  if (res.ok) return { ok: true, status: res.status, data: await res.blob() };
  const error: unknown = res.headers.get('content-type')?.includes('json') ? await res.json().catch(() => null) : null;
  return { ok: false, status: res.status, error: error as ApiError | null };
}

export const deleteJson = <T>(path: string, headers?: Record<string, string>) => call<T>('DELETE', path, undefined, headers);
