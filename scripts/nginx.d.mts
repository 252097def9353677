/** See scripts/nginx.mjs. */
export declare const VETTED_NGINX_CONF: string;
export declare function findNginx(env?: Record<string, string | undefined>): string | null;
export interface RunningNginx {
  url: string;
  dir: string;
  errorLog(): string;
  accessLog(): string;
  stop(): Promise<void>;
}
export declare function startNginx(options: {
  upstreams: string[];
  port: number;
  nginx?: string;
  workers?: number;
}): Promise<RunningNginx>;
