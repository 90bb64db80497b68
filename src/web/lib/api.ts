/**
 * The one way the browser calls the shop's API: same origin, JSON in and out, and an
 * answer that says whether it worked instead of throwing on HTTP errors.
 */
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: { error?: string; message?: string } | null };

async function call<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    // offline or the server is unreachable: status 0, like the browser reports it
    return { ok: false, status: 0, error: null };
  }
  const data: unknown = res.headers.get('content-type')?.includes('json') ? await res.json().catch(() => null) : null;
  return res.ok ? { ok: true, status: res.status, data: data as T } : { ok: false, status: res.status, error: data as { message?: string } | null };
}

export const getJson = <T>(path: string) => call<T>('GET', path);
export const postJson = <T>(path: string, body: unknown) => call<T>('POST', path, body);
