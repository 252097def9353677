import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ensureCategory } from './fixtures';
import type { TestContext } from './helpers';

/** Shared steps of the auth test files: sign-up, codes from the mail folder, sessions. */

export const PASSWORD = 'correct horse battery';
let seq = 0;
/** A fresh address per call. */
export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}-${++seq}-${Math.random().toString(36).slice(2, 6)}@example.test`;

export interface MailFile {
  to: string;
  subject: string;
  text: string;
  html: string;
  otp?: string;
  code?: string;
}

/** Every mail delivered to `to` so far (drains the outbox first), oldest first. */
export async function mailsTo(ctx: TestContext, to: string): Promise<MailFile[]> {
  await ctx.drain();
  if (!existsSync(ctx.config.outboxDir)) return [];
  return readdirSync(ctx.config.outboxDir)
    .filter((f) => f.endsWith(`-${to}.json`))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(ctx.config.outboxDir, f), 'utf8')) as MailFile);
}

/** The newest mail delivered to `to`; throws when there is none. */
export async function latestMail(ctx: TestContext, to: string): Promise<MailFile> {
  const last = (await mailsTo(ctx, to)).at(-1);
  if (!last) throw new Error(`no mail for ${to}`);
  return last;
}

/** The code of the newest mail to `to`. */
export async function latestCode(ctx: TestContext, to: string): Promise<string> {
  const mail = await latestMail(ctx, to);
  if (!mail.otp) throw new Error(`the newest mail to ${to} has no code: ${mail.subject}`);
  return mail.otp;
}

export function post(
  ctx: TestContext,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

export interface Challenge {
  challengeId: string;
  email: string;
  purpose: string;
  expiresAt: string;
  resendAvailableAt: string;
}

export interface SessionBody {
  accessToken: string;
  refreshToken: string;
  expiresIn: string;
  role: string;
}

/**
 * The business a test pro signs up with: a plumber in New York City, with the city's
 * coordinates so the offline city index is not needed. Its category must exist
 * ({@link signup} creates it).
 */
export const TEST_BUSINESS = {
  businessName: 'Ada Plumbing',
  primaryCategorySlug: 'plumbing',
  city: 'New York City',
  country: 'US',
  lat: 40.7128,
  lng: -74.006,
  serviceRadiusKm: 25,
};

/**
 * `POST /v1/auth/signup`, expecting 201; returns the challenge. A vendor signs up with
 * {@link TEST_BUSINESS} unless `business` is given.
 */
export async function signup(
  ctx: TestContext,
  email = uniqueEmail('user'),
  extra: {
    fullName?: string;
    password?: string;
    role?: 'customer' | 'vendor';
    business?: Record<string, unknown>;
  } = {},
): Promise<Challenge> {
  const role = extra.role ?? 'customer';
  let business = extra.business;
  if (role === 'vendor' && !business) {
    await ensureCategory(ctx, TEST_BUSINESS.primaryCategorySlug, 'Plumbing');
    business = TEST_BUSINESS;
  }
  const res = await post(ctx, '/v1/auth/signup', {
    fullName: extra.fullName ?? 'Ada Lovelace',
    email,
    password: extra.password ?? PASSWORD,
    role,
    ...(business ? { business } : {}),
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as Challenge;
}

export const verify = (ctx: TestContext, challengeId: string, code: string) =>
  post(ctx, '/v1/auth/otp/verify', { challengeId, code });

/** A different 6-digit code than `code`. */
export const wrongCode = (code: string, offset = 1) =>
  String((Number(code) + offset) % 1_000_000).padStart(6, '0');

/** Signs up a new account and verifies it; returns the address and the session. */
export async function signedUp(
  ctx: TestContext,
  role: 'customer' | 'vendor' = 'customer',
): Promise<{ email: string; session: SessionBody }> {
  const email = uniqueEmail(role);
  const challenge = await signup(ctx, email, { role });
  const res = await verify(ctx, challenge.challengeId, await latestCode(ctx, email));
  expect(res.statusCode).toBe(200);
  return { email, session: res.json().data as SessionBody };
}

/** Logs in with password + mailed code; returns the session. */
export async function loggedIn(
  ctx: TestContext,
  email: string,
  password = PASSWORD,
): Promise<SessionBody> {
  const login = await post(ctx, '/v1/auth/login', { email, password });
  expect(login.statusCode).toBe(200);
  const res = await verify(ctx, login.json().data.challengeId, await latestCode(ctx, email));
  expect(res.statusCode).toBe(200);
  return res.json().data as SessionBody;
}

export const resetToken = (ctx: TestContext, token?: string) =>
  post(ctx, '/v1/auth/reset-token', undefined, token ? { authorization: `Bearer ${token}` } : {});

export const getMe = (ctx: TestContext, accessToken: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/v1/me',
    headers: { authorization: `Bearer ${accessToken}` },
  });

/** Moves the app's clock (`app.clock`, which the domain services read) to `at`. */
export function setClock(ctx: TestContext, at: Date): void {
  ctx.app.clock.now = () => new Date(at);
}

/** Puts the app's clock back on the wall clock. */
export function resetClock(ctx: TestContext): void {
  ctx.app.clock.now = () => new Date();
}
