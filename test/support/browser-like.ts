/** A minimal browser for API tests: follows nothing by itself, keeps cookies per host. */

export class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const jar = this.jars.get(target.host) ?? new Map<string, string>();
    this.jars.set(target.host, jar);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(target, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  get(host: string, name: string): string | undefined {
    return this.jars.get(host)?.get(name);
  }
}

export function location(response: Response, base: string): string {
  const to = response.headers.get('location');
  if (!to) throw new Error(`expected a redirect, got ${response.status}`);
  return new URL(to, base).href;
}
