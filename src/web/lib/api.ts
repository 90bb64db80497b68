/**
 * The one way the browser calls the shop's API: same origin, JSON in and out, and an
 * answer that says whether it worked instead of throwing on HTTP errors.
 */

/** An error answer as the server words it; `fields` for bad input, other keys per call. */
export type ApiError = { error?: string; message?: string; errorMessage?: string; fields?: Array<{ path: string; message: string }> } & Record<string, unknown>;

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError | null };

async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResult<T>> {
  const json: Record<string, string> = body === undefined || body instanceof Blob ? {} : { 'content-type': 'application/json' };
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      // a Blob (a file) goes as it is, its type given by the caller
      headers: { accept: 'application/json', ...json, ...headers },
      body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
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
/** A file as the request body (an owner's photo), with its own content type; the answer is JSON. */
export const postFile = <T>(path: string, file: Blob, headers: Record<string, string> = {}) =>
  call<T>('POST', path, file, { 'content-type': file.type || 'application/octet-stream', ...headers });
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
