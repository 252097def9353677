/**
 * The part of s3rver (an S3 protocol server, dev dependency; it ships no types) that the tests
 * use: see its README, "Programmatic usage".
 */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    /** 0 picks a free port. */
    port?: number;
    silent?: boolean;
    /** Folder where buckets and objects are kept. */
    directory: string;
    configureBuckets?: Array<{ name: string }>;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Starts listening; resolves with the bound address. */
    run(): Promise<{ address: string; family: string; port: number }>;
    close(): Promise<void>;
  }
}
