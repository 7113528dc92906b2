/**
 * A test's browser stand-in: keeps cookies like a browser does, fetches the
 * XSRF token with a GET of the app and sends it back on every service call.
 */
export interface CallResult<T = unknown> {
  status: number;
  body: T;
  text: string;
  /** The text inside <Message>, for error answers. */
  message: string | undefined;
  headers: Headers;
}

export class ApiClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string, readonly locale = 'en') {}

  private remember(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0\b/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(path: string): Promise<Response> {
    const response = await fetch(this.baseUrl + path, { headers: { cookie: this.cookieHeader() }, redirect: 'manual' });
    this.remember(response);
    return response;
  }

  /** GET of the app: what a browser does first, and what hands out the XSRF cookie. */
  async open(): Promise<this> {
    await (await this.get('/v/')).arrayBuffer();
    return this;
  }

  async raw(path: string, init: { body?: string; headers?: Record<string, string>; xsrf?: boolean } = {}): Promise<CallResult> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'accept-language': this.locale,
      cookie: this.cookieHeader(),
      ...init.headers,
    };
    if (init.xsrf !== false && this.cookies.has('XSRF-TOKEN')) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')!;
    const response = await fetch(this.baseUrl + path, { method: 'POST', headers, body: init.body });
    this.remember(response);
    const text = await response.text();
    let body: unknown = undefined;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
    const message = /<Message>([\s\S]*?)<\/Message>/.exec(text)?.[1];
    return { status: response.status, body, text, message, headers: response.headers };
  }

  call<T = unknown>(service: string, method: string, body: unknown = {}, options: { xsrf?: boolean } = {}): Promise<CallResult<T>> {
    return this.raw(`/DataModel/service.svc/rest/${service}/${method}`, { body: JSON.stringify(body), xsrf: options.xsrf }) as Promise<CallResult<T>>;
  }

  async signIn(userName: string, password: string): Promise<CallResult> {
    if (!this.cookies.has('XSRF-TOKEN')) await this.open();
    return this.call('Authorization', 'Authenticate', { userName, password });
  }
}
