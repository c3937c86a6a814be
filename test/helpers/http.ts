// A thin fetch wrapper for API tests: JSON in and out, optional key, raw response kept.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export function client(baseUrl: string) {
  async function call(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.Authorization = `Bearer ${options.key}`;
    let payload: string | undefined = options.rawBody;
    if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers['Content-Type'] ??= 'application/json';
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, headers: response.headers, body, text };
  }
  return {
    call,
    get: (path: string, options?: CallOptions) => call('GET', path, options),
    post: (path: string, options?: CallOptions) => call('POST', path, options),
    patch: (path: string, options?: CallOptions) => call('PATCH', path, options),
    delete: (path: string, options?: CallOptions) => call('DELETE', path, options),
  };
}
