/**
 * The container files, checked by their structure (no container engine on the
 * development and CI machines): the image and the compose file keep the
 * production shape the README and deploy/README.md describe. The nginx
 * configuration is checked by nginx itself in tests/api/scale-two-instances.test.ts.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(resolve(root, path), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  stop_grace_period?: string;
  logging?: { driver: string; options: Record<string, string> };
}

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile.split('\n').filter((line) => /^[A-Z]+\s/.test(line));
  const last = (keyword: string) => instructions.filter((line) => line.startsWith(`${keyword} `)).at(-1);

  it('builds in stages on node:20-bookworm-slim with npm ci and the client build', () => {
    expect(dockerfile).toMatch(/ARG NODE_IMAGE=node:20-bookworm-slim/);
    expect(instructions.filter((line) => line.startsWith('FROM ')).length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/RUN npm ci --no-audit/);
    expect(dockerfile).toMatch(/RUN npm ci --omit=dev/);
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(dockerfile).toMatch(/COPY --from=build .*\/app\/dist\/client \.\/dist\/client/);
    // The server compiled to JavaScript at build time (issue 25).
    expect(dockerfile).toMatch(/RUN npm run build && npm run build:server/);
    expect(dockerfile).toMatch(/COPY --from=build .*\/app\/dist\/server \.\/dist\/server/);
  });

  it('runs the server as an unprivileged user, with a health check and a graceful stop', () => {
    expect(last('USER')).toBe('USER node');
    expect(last('STOPSIGNAL')).toBe('STOPSIGNAL SIGTERM');
    expect(dockerfile).toMatch(/HEALTHCHECK [^\n]*\\\n\s+CMD \[.*\/health/);
    expect(last('CMD')).toBe('CMD ["node", "--enable-source-maps", "dist/server/main.js"]');
    expect(dockerfile).not.toMatch(/tsx/);
    expect(dockerfile).toMatch(/HOST=0\.0\.0\.0/);
  });

  it('keeps the build context to sources (.dockerignore)', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'dist', '.git', 'tests', 'data']) expect(ignored).toContain(entry);
    // The client build needs these.
    for (const needed of ['src', 'scripts', 'index.html', 'locales']) expect(ignored).not.toContain(needed);
  });
});

describe('deploy/compose.yaml', () => {
  const compose = yaml.load(read('deploy/compose.yaml')) as { services: Record<string, Service>; volumes: Record<string, unknown> };
  const { services } = compose;

  it('runs PostgreSQL, two portal instances of the image and nginx', () => {
    expect(Object.keys(services).sort()).toEqual(['portal-1', 'portal-2', 'postgres', 'proxy']);
    expect(services.postgres.image).toMatch(/^postgres:/);
    expect(services.proxy.image).toMatch(/^nginx:/);
    expect(compose.volumes).toHaveProperty('pgdata');
  });

  it('gives both instances the same database, TRUST_PROXY, health check and a stop grace above the shutdown timeout', () => {
    for (const name of ['portal-1', 'portal-2']) {
      const portal = services[name];
      expect(portal.build).toEqual({ context: '..', dockerfile: 'Dockerfile' });
      expect(portal.environment?.DATABASE_URL).toMatch(/^postgres:\/\/portal:.*@postgres:5432\/portal$/);
      expect(portal.environment?.TRUST_PROXY).toBe('true');
      expect(portal.depends_on?.postgres.condition).toBe('service_healthy');
      expect(portal.healthcheck?.test.join(' ')).toContain('/health');
      expect(Number.parseInt(portal.stop_grace_period ?? '0', 10) * 1000).toBeGreaterThan(Number(portal.environment?.SHUTDOWN_TIMEOUT_MS));
      expect(portal.logging).toMatchObject({ driver: 'json-file', options: { 'max-size': expect.any(String), 'max-file': expect.any(String) } });
    }
  });

  it('puts nginx in front with TLS and the mounted configuration and certificates', () => {
    const proxy = services.proxy;
    expect(proxy.ports).toEqual(expect.arrayContaining(['443:443']));
    expect(proxy.volumes).toEqual(expect.arrayContaining(['./nginx/portal.conf:/etc/nginx/conf.d/default.conf:ro', './certs:/etc/nginx/certs:ro']));
    expect(proxy.depends_on?.['portal-1'].condition).toBe('service_healthy');
    expect(proxy.depends_on?.['portal-2'].condition).toBe('service_healthy');
    const nginx = read('deploy/nginx/portal.conf');
    expect(nginx).toMatch(/server portal-1:8080/);
    expect(nginx).toMatch(/server portal-2:8080/);
    expect(nginx).toMatch(/listen 443 ssl/);
    expect(nginx).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/);
    // Overwritten with the peer nginx sees: a client-written X-Forwarded-For never reaches the instances.
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(nginx).not.toMatch(/\$proxy_add_x_forwarded_for/);
  });
});
