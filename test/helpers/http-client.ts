/**
 * A tiny cookie-keeping HTTP client over fetch, so tests act like a browser or an external tool.
 * Like a browser on the target's own pages, it sends Origin (the target's) with every write unless
 * the test names one; `origin: false` in the options sends none.
 */
export class HttpClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly defaults: Record<string, string> = {},
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(
    method: string,
    path: string,
    options: {
      json?: unknown;
      form?: Record<string, string>;
      headers?: Record<string, string>;
      redirect?: 'manual' | 'follow';
      origin?: false;
    } = {},
  ): Promise<Response> {
    const url = path.startsWith('http') ? path : `${this.baseUrl}${path}`;
    const write = !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
    const headers: Record<string, string> = {
      ...(write && options.origin !== false ? { origin: new URL(url).origin } : {}),
      ...this.defaults,
      ...options.headers,
    };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const response = await fetch(url, { method, headers, body, redirect: options.redirect ?? 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired =
        attributes.some((attribute) => /expires=Thu, 01 Jan 1970/i.test(attribute)) || value === '';
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return response;
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, { headers });
  }

  post(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, { json: json ?? {}, headers });
  }

  /** Follows redirects by hand (keeping cookies at each hop) until a non-redirect or `stopAt` matches. */
  async follow(path: string, stopAt?: (url: URL) => boolean): Promise<{ response: Response; url: URL }> {
    let url = new URL(path, this.baseUrl);
    for (let hop = 0; hop < 10; hop += 1) {
      if (stopAt?.(url)) return { response: new Response(null, { status: 200 }), url };
      const response = await this.get(url.toString());
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { response, url };
      url = new URL(location, url);
    }
    throw new Error('Too many redirects');
  }
}
