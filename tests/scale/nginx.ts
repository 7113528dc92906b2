/**
 * Debian's nginx in the foreground with a generated configuration in a
 * temporary folder: the reverse proxy of the production shape (deploy/nginx)
 * in front of portal instances on this machine, round-robin, websocket
 * upgrades passed through, TLS terminated with a self-signed certificate made
 * for the run. tests/scale/ensure-nginx.sh installs the package when missing.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export interface NginxOptions {
  /** host:port of every portal instance. */
  upstreams: string[];
  httpPort: number;
  /** When set, also listens with TLS (self-signed certificate made for the run). */
  httpsPort?: number;
  workers?: number;
  /**
   * Keep a signed-in session on one instance (hash of the session cookie; requests without one
   * are spread at random), so its one-second caller cache keeps hitting. Default: round-robin.
   */
  sessionAffinity?: boolean;
}

export interface RunningNginx {
  url: string;
  httpsUrl?: string;
  /** The generated nginx.conf (printed by a failing test). */
  config: string;
  errorLog(): string;
  stop(): Promise<void>;
}

/** Installs nginx when missing (tests/scale/ensure-nginx.sh); returns the binary. */
export function ensureNginx(): string {
  execFileSync('bash', [join(root, 'tests/scale/ensure-nginx.sh')], { stdio: ['ignore', 'inherit', 'inherit'] });
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
}

function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'portal.crt');
  const key = join(dir, 'portal.key');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', key, '-out', cert], {
    stdio: 'ignore',
  });
  return { cert, key };
}

/**
 * The proxy settings of deploy/nginx/portal.conf's `location / { proxy_pass http://portal; … }`,
 * as shipped: the test runs the headers production sends (X-Forwarded-For overwritten, …).
 */
export function deployedProxySettings(): string {
  const site = readFileSync(join(root, 'deploy/nginx/portal.conf'), 'utf8');
  const block = /location \/ \{\s*\n(\s*proxy_pass http:\/\/portal;[^{}]*?)\n\s*\}/.exec(site);
  if (!block) throw new Error('deploy/nginx/portal.conf: no "location / { proxy_pass http://portal; ... }" block');
  return block[1];
}

export function nginxConfig(dir: string, options: NginxOptions, tls?: { cert: string; key: string }): string {
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
  const location = `
      location / {
${deployedProxySettings()}
        # Which instance answered: lets the test see the round-robin.
        add_header X-Upstream $upstream_addr always;
      }`;
  return `worker_processes ${options.workers ?? 1};
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  ${temp('client_body')}
  ${temp('proxy')}
  ${temp('fastcgi')}
  ${temp('uwsgi')}
  ${temp('scgi')}
  client_max_body_size 25m;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  map $cookie_portal_session $portal_affinity { '' $request_id; default $cookie_portal_session; }
  upstream portal {${options.sessionAffinity ? '\n    hash $portal_affinity consistent;' : ''}
${options.upstreams.map((upstream) => `    server ${upstream} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${options.httpPort};${location}
  }${
    tls && options.httpsPort
      ? `
  server {
    listen 127.0.0.1:${options.httpsPort} ssl;
    ssl_certificate ${tls.cert};
    ssl_certificate_key ${tls.key};${location}
  }`
      : ''
  }
}
`;
}

function waitForPort(port: number, child: ChildProcess, errorLog: () => string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolveReady, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`nginx exited with ${child.exitCode}: ${errorLog()}`));
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolveReady();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nginx did not listen on ${port}: ${errorLog()}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const binary = ensureNginx();
  const dir = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
  // Workers run as an unprivileged user when nginx starts as root: they must reach the temp folders.
  chmodSync(dir, 0o755);
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, name));
    chmodSync(join(dir, name), 0o777);
  }
  const tls = options.httpsPort ? selfSignedCertificate(dir) : undefined;
  const config = nginxConfig(dir, options, tls);
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, config);
  const errorLog = () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  const child = spawn(binary, ['-p', dir, '-c', file, '-e', join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  try {
    await waitForPort(options.httpPort, child, () => stderr + errorLog());
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `http://127.0.0.1:${options.httpPort}`,
    httpsUrl: options.httpsPort ? `https://127.0.0.1:${options.httpsPort}` : undefined,
    config,
    errorLog: () => stderr + errorLog(),
    async stop() {
      // SIGQUIT: graceful shutdown of the master and its workers.
      if (child.exitCode === null) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `nginx -t` of deploy/nginx/portal.conf (the compose file's proxy configuration) inside a
 * minimal main configuration, with the compose host names and certificate paths replaced
 * by local ones. Returns nginx's verdict.
 */
export function checkDeployConfig(): { ok: boolean; output: string } {
  const binary = ensureNginx();
  const dir = mkdtempSync(join(tmpdir(), 'portal-nginx-check-'));
  try {
    const tls = selfSignedCertificate(dir);
    const site = readFileSync(join(root, 'deploy/nginx/portal.conf'), 'utf8')
      .replace(/portal-(\d):8080/g, '127.0.0.1:1808$1')
      .replace('/etc/nginx/certs/portal.crt', tls.cert)
      .replace('/etc/nginx/certs/portal.key', tls.key);
    writeFileSync(join(dir, 'portal.conf'), site);
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${join(dir, name)};`).join('\n  ');
    writeFileSync(
      join(dir, 'nginx.conf'),
      `pid ${join(dir, 'nginx.pid')};\nerror_log ${join(dir, 'error.log')} warn;\nevents {}\nhttp {\n  ${temp}\n  include ${join(dir, 'portal.conf')};\n}\n`,
    );
    try {
      const output = execFileSync(binary, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      return { ok: true, output };
    } catch (error) {
      const failed = error as { stderr?: string; stdout?: string; message: string };
      return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` || failed.message };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
