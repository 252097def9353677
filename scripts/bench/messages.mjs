// `pnpm bench messages`: from `POST /v1/conversations/:id/messages` to the frame on the
// other participant's socket, p50/p99 over BENCH_MESSAGES (1,000) messages with 500 sockets
// connected, on one process (PGlite) and — with DATABASE_URL and REDIS_URL set — across two
// processes (sent to one, socket on the other) through Redis. Baseline, interleaved with every
// message: the round trip of `GET /v1/health` on the sending server. Also reported: when the POST
// was answered (the frame leaves right after commit, so usually before), and how many message
// frames arrived twice (exactly once is the rule, ARCHITECTURE §2 realtime).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { api, buildApp, percentile, requireApi, tempDir, waitFor } from './lib.mjs';

/** Starts the built API on `port` with demo logins and no rate limits in the way. */
async function startApi(port, env) {
  const child = spawn(process.execPath, [join(api, 'dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      MESSAGES_PER_MINUTE: '100000000',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      SMTP_URL: '',
      ...env,
    },
    stdio: 'ignore',
  });
  await waitFor(`http://127.0.0.1:${port}/v1/health`, 240_000);
  return child;
}

/** Signs a demo account in: password, then the one-time code from the dev mail folder. */
async function demoSession(base, outboxDir, email) {
  const post = (path, body) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const started = Date.now();
  const login = await post('/v1/auth/login', { email, password: 'vetted-demo-1' });
  if (!login.ok) throw new Error(`login ${email}: ${JSON.stringify(login)}`);
  for (;;) {
    const files = existsSync(outboxDir)
      ? readdirSync(outboxDir)
          .filter((f) => f.endsWith(`-${email}.json`))
          .sort()
      : [];
    const mail = files.length
      ? JSON.parse(readFileSync(join(outboxDir, files.at(-1)), 'utf8'))
      : null;
    if (mail?.otp) {
      const session = await post('/v1/auth/otp/verify', {
        challengeId: login.data.challengeId,
        code: mail.otp,
      });
      if (!session.ok) throw new Error(`verify ${email}: ${JSON.stringify(session)}`);
      return session.data.accessToken;
    }
    if (Date.now() - started > 60_000) throw new Error(`no code mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Opens a socket on `/v1/ws` as `token`; resolves once the server says `ready`. */
function openSocket(WebSocket, wsUrl, token, onFrame) {
  return new Promise((res, rej) => {
    const socket = new WebSocket(wsUrl, ['vetted.bearer', token]);
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw));
      if (frame.type === 'ready') res(socket);
      else onFrame?.(frame);
    });
    socket.on('error', rej);
  });
}

/**
 * Sends `count` messages from the demo customer to the demo pro through `sendBase` while 500
 * sockets are open on `listenBase` (499 of the demo admin, who hears nothing of a direct
 * conversation, and the pro's), and times each from just before the POST to the pro's frame.
 */
async function deliveryRun(sendBase, listenBase, outboxDir, count) {
  const requireWs = createRequire(requireApi.resolve('@fastify/websocket'));
  const WebSocket = requireWs('ws');
  const [customer, vendor, admin] = await Promise.all([
    demoSession(sendBase, outboxDir, 'customer@vetted.test'),
    demoSession(sendBase, outboxDir, 'vendor@vetted.test'),
    demoSession(sendBase, outboxDir, 'admin@vetted.test'),
  ]);
  const wsUrl = `${listenBase.replace(/^http/, 'ws')}/v1/ws`;
  const idle = [];
  for (let i = 0; i < 499; i += 50) {
    const batch = Array.from({ length: Math.min(50, 499 - i) }, () =>
      openSocket(WebSocket, wsUrl, admin),
    );
    idle.push(...(await Promise.all(batch)));
  }
  const waiting = new Map();
  const heard = new Set();
  let duplicates = 0;
  const pro = await openSocket(WebSocket, wsUrl, vendor, (frame) => {
    if (frame.type !== 'message') return;
    if (heard.has(frame.data.id)) duplicates += 1;
    heard.add(frame.data.id);
    const done = waiting.get(frame.data.body);
    if (done) done(performance.now());
  });
  const auth = { authorization: `Bearer ${customer}`, 'content-type': 'application/json' };
  const me = await (
    await fetch(`${sendBase}/v1/me`, { headers: { authorization: `Bearer ${vendor}` } })
  ).json();
  const opened = await (
    await fetch(`${sendBase}/v1/conversations`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ kind: 'direct', vendorId: me.data.vendorId }),
    })
  ).json();
  const url = `${sendBase}/v1/conversations/${opened.data.id}/messages`;
  const delivery = [];
  const answered = [];
  const health = [];
  const warmup = 20;
  for (let i = 0; i < count + warmup; i++) {
    const h0 = performance.now();
    await (await fetch(`${sendBase}/v1/health`)).arrayBuffer();
    const h1 = performance.now();
    const body = `bench ${process.pid} ${i}`;
    const arrived = new Promise((res) => waiting.set(body, res));
    const t0 = performance.now();
    const res = await fetch(url, { method: 'POST', headers: auth, body: JSON.stringify({ body }) });
    if (res.status !== 201) throw new Error(`send ${i}: HTTP ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    const tAnswered = performance.now();
    const t1 = await arrived;
    waiting.delete(body);
    if (i >= warmup) {
      delivery.push(t1 - t0);
      answered.push(tAnswered - t0);
      health.push(h1 - h0);
    }
  }
  // A frame delivered twice (by the send and by its safety-net job) would come within the jobs'
  // delay (jobs/after-commit.ts AFTER_COMMIT_JOB_DELAY_MS, 10 s) of its send: wait that out.
  await new Promise((r) => setTimeout(r, 12_000));
  for (const s of [...idle, pro]) s.terminate();
  const row = (xs) => ({
    p50: Number(percentile(xs, 50).toFixed(2)),
    p99: Number(percentile(xs, 99).toFixed(2)),
  });
  return {
    messages: count,
    sockets: idle.length + 1,
    delivery: row(delivery),
    postAnswered: row(answered),
    duplicateFrames: duplicates,
    healthRoundTrip: row(health),
  };
}

function printDelivery(title, r) {
  console.log(
    `  ${title.padEnd(34)} delivery p50 ${r.delivery.p50} ms  p99 ${r.delivery.p99} ms   (POST answered p50 ${r.postAnswered.p50} ms  p99 ${r.postAnswered.p99} ms; GET /v1/health p50 ${r.healthRoundTrip.p50} ms  p99 ${r.healthRoundTrip.p99} ms; frames twice: ${r.duplicateFrames})`,
  );
}

/** Fills `results.messages` (one process; two through Redis when both URLs are set). */
export async function messageDelivery(results) {
  const count = Number(process.env.BENCH_MESSAGES ?? 1000);
  console.log(
    `\n== Message delivery, POST → the other participant's socket (${count} messages, 500 sockets)`,
  );
  await buildApp();
  results.messages = {};
  const outboxDir = tempDir('mail');
  const one = await startApi(3320, {
    DATA_DIR: tempDir('db'),
    OUTBOX_DIR: outboxDir,
    DATABASE_URL: '',
    REDIS_URL: '',
  });
  try {
    results.messages.oneProcess = await deliveryRun(
      'http://127.0.0.1:3320',
      'http://127.0.0.1:3320',
      outboxDir,
      count,
    );
    printDelivery('one process (PGlite)', results.messages.oneProcess);
  } finally {
    one.kill('SIGTERM');
  }
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    console.log('  two processes through Redis: skipped (set DATABASE_URL and REDIS_URL)');
    return;
  }
  const postgres = requireApi('postgres');
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  const name = `vetted_bench_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  const dbUrl = new URL(process.env.DATABASE_URL);
  dbUrl.pathname = `/${name}`;
  const sharedOutbox = tempDir('mail');
  const shared = {
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: process.env.REDIS_URL,
    OUTBOX_DIR: sharedOutbox,
    JWT_SECRET: `bench-${name}-secret-secret-secret`,
  };
  const children = [];
  try {
    // One after the other: the first seeds the empty database.
    children.push(await startApi(3321, { ...shared, DATA_DIR: tempDir('db') }));
    children.push(await startApi(3322, { ...shared, DATA_DIR: tempDir('db') }));
    results.messages.twoProcessesRedis = await deliveryRun(
      'http://127.0.0.1:3321',
      'http://127.0.0.1:3322',
      sharedOutbox,
      count,
    );
    printDelivery('two processes through Redis', results.messages.twoProcessesRedis);
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
