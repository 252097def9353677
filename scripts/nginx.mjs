// Runs Debian's (or any) nginx binary in front of API instances with the deployment's own config,
// deploy/nginx/vetted.conf, as the current user in a temporary folder: used by the scale-out test
// (apps/api/test/scale-out.test.ts) and `pnpm bench scale` (scripts/bench/scale.mjs).
import { spawn, spawnSync } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The config every deployment shares (compose mounts it; this includes it). */
export const VETTED_NGINX_CONF = join(root, 'deploy/nginx/vetted.conf');

/**
 * The nginx binary: `NGINX_PATH`, else `nginx` on `PATH` or in the sbin folders (Debian installs
 * it in /usr/sbin, which a non-root `PATH` often lacks). Null when there is none.
 * @returns {string | null}
 */
export function findNginx(env = process.env) {
  if (env.NGINX_PATH) return env.NGINX_PATH;
  const dirs = [...(env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    const candidate = join(dir, 'nginx');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return null;
}

/** Resolves once `port` on 127.0.0.1 accepts a TCP connection; rejects after `timeoutMs`. */
async function listening(port, timeoutMs, exited) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const up = await new Promise((res) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        res(true);
      });
      socket.once('error', () => res(false));
    });
    if (up) return;
    if (exited()) throw new Error('nginx exited before listening');
    if (Date.now() > deadline)
      throw new Error(`nginx not listening on ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts nginx on `127.0.0.1:port` in front of `upstreams` (`host:port` of each API instance),
 * with a main config of its own in a fresh temporary folder that includes
 * deploy/nginx/vetted.conf, next to the two per-deployment files that config includes
 * (`vetted/servers.conf`, `vetted/listen.conf`). Its error log and an access log naming the
 * instance that served each request (`$upstream_addr`) are kept in that folder. Foreground
 * (`daemon off`), one worker. Resolves once the port accepts connections.
 *
 * @param {{ upstreams: string[], port: number, nginx?: string, workers?: number }} options
 * @returns {Promise<{ url: string, dir: string, errorLog(): string, accessLog(): string, stop(): Promise<void> }>}
 * @throws Error with the error log when nginx exits or does not listen within 10 s.
 */
export async function startNginx({ upstreams, port, nginx = findNginx(), workers = 1 }) {
  if (!nginx)
    throw new Error('nginx not found: install it (apt-get install nginx) or set NGINX_PATH');
  const dir = mkdtempSync(join(tmpdir(), 'vetted-nginx-'));
  // Run as root (CI), nginx's workers drop to `nobody`: they must reach the temp folders.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'vetted'));
  writeFileSync(
    join(dir, 'vetted/servers.conf'),
    upstreams.map((u) => `server ${u} max_fails=1 fail_timeout=10s;\n`).join(''),
  );
  writeFileSync(join(dir, 'vetted/listen.conf'), `listen 127.0.0.1:${port};\n`);
  // The package's compiled-in temp folders (/var/lib/nginx/…) are not ours: each one here, for
  // the modules this build has (a build without a module refuses its directive).
  const built = spawnSync(nginx, ['-V'], { encoding: 'utf8' }).stderr ?? '';
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].filter(
    (m) => m === 'client_body' || !built.includes(`--without-http_${m}_module`),
  );
  const errorLog = join(dir, 'error.log');
  const accessLog = join(dir, 'access.log');
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      `worker_processes ${workers};`,
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 4096; }',
      'http {',
      ...temps.map((m) => `  ${m}_temp_path ${join(dir, `${m}_temp`)};`),
      `  log_format vetted '$remote_addr "$request" $status $upstream_addr $upstream_status $request_time';`,
      `  access_log ${accessLog} vetted;`,
      `  include ${VETTED_NGINX_CONF};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', errorLog], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise((res) => child.once('exit', res));
  const read = (file) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  try {
    await listening(port, 10_000, () => child.exitCode !== null || child.signalCode !== null);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${err.message}\n${stderr}${read(errorLog)}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    errorLog: () => read(errorLog),
    accessLog: () => read(accessLog),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
