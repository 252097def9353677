/**
 * A start-up the operator has to act on: a database that cannot be opened, one another process
 * holds, or migrations pending with `MIGRATE_ON_START=false`. The message says what is wrong and
 * what to do; `server.ts` prints it without a stack trace and exits 1.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
