/**
 * `pnpm --filter @vetted/api storage:migrate`: copies the local stores (`UPLOAD_DIR`,
 * `PRIVATE_UPLOAD_DIR`) into the S3 buckets the environment configures (`S3_BUCKET`,
 * `S3_PRIVATE_BUCKET`, see .env.example) with {@link migrateLocalStorage}: message attachments
 * and vetting documents into the private bucket, the rest into the public one. Idempotent (a
 * rerun copies only what is missing); local files are left as they are. Prints the counts per
 * bucket; exits 1 when the buckets are not configured or unreachable, or a copy failed.
 */
import { loadConfig } from './config';
import { createStorages } from './services/storage';
import { migrateLocalStorage } from './services/storage-migrate';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.s3) {
    console.error(
      'storage:migrate: set S3_BUCKET and S3_PRIVATE_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as your store needs) to the buckets to copy into; see .env.example',
    );
    process.exit(1);
  }
  const stores = createStorages(config);
  await Promise.all([stores.public.check(), stores.private.check()]);
  console.log(
    `storage:migrate: ${config.uploadDir} and ${config.privateUploadDir} → s3://${config.s3.bucket}, s3://${config.s3.privateBucket}`,
  );
  const report = await migrateLocalStorage(config, stores);
  for (const [name, bucket] of [
    ['public', config.s3.bucket],
    ['private', config.s3.privateBucket],
  ] as const) {
    const c = report[name];
    console.log(
      `  ${bucket}: ${c.copied} copied, ${c.unchanged} already there, ${c.skipped} skipped`,
    );
  }
}

main().catch((err) => {
  console.error('storage:migrate failed:', err);
  process.exit(1);
});
