/** A variable a production deployment should set, and what happens without it. */
export interface ConfigWarning {
  variable: string;
  message: string;
}

/**
 * What a production start lacks without refusing to start: one entry per unset variable among
 * `REDIS_URL`, `S3_BUCKET`, `SMTP_URL`, `PUBLIC_URL` and `TRUST_PROXY`, saying what runs
 * instead; the server logs each as a warning line. Empty unless `NODE_ENV=production`. Reads the
 * raw environment (blank counts as unset), so a variable set explicitly — `TRUST_PROXY=false`
 * on an instance no proxy fronts — is not warned about.
 */
export function productionWarnings(env: NodeJS.ProcessEnv = process.env): ConfigWarning[] {
  if (env.NODE_ENV !== 'production') return [];
  const unset = (variable: string) => !env[variable]?.trim();
  const port = env.PORT?.trim() || '3000';
  const warnings: ConfigWarning[] = [
    {
      variable: 'REDIS_URL',
      message:
        'is not set: rate limits, session revocations, live events and cache purges stay inside this instance; set it when running more than one',
    },
    {
      variable: 'S3_BUCKET',
      message:
        "is not set: uploads are kept on this instance's disk (UPLOAD_DIR), which other instances cannot read; set it (with the other S3_* variables) when running more than one instance or on a disk that does not last",
    },
    {
      variable: 'SMTP_URL',
      message: `is not set: mails, sign-up codes included, are only written to OUTBOX_DIR and the log, and nobody receives them`,
    },
    {
      variable: 'PUBLIC_URL',
      message: `is not set: links in mails and pages point to http://localhost:${port}`,
    },
    {
      variable: 'TRUST_PROXY',
      message:
        "is not set: behind a load balancer every client has the balancer's address, so they share one rate limit; set it to the balancer's address (or true), or to false when clients connect directly",
    },
  ];
  return warnings.filter((w) => unset(w.variable));
}
