/** The app's own route list, recorded as it registers them: "METHOD /url" (HEAD twins left out). */
import type { RouteOptions } from 'fastify';

export interface RouteRecorder {
  onRoute: (route: RouteOptions) => void;
  /** Sorted, without duplicates. */
  routes: () => string[];
}

export function recordRoutes(): RouteRecorder {
  const seen = new Set<string>();
  return {
    onRoute(route) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) seen.add(`${method} ${route.url}`);
    },
    routes: () =>
      [...seen]
        .filter((route) => !(route.startsWith('HEAD ') && seen.has(route.replace(/^HEAD/, 'GET'))))
        .sort(),
  };
}
