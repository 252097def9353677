/** See scripts/find-chromium.mjs. */
export interface FoundChromium {
  path: string;
  source: 'CHROMIUM_PATH' | 'system' | 'package';
  env: Record<string, string>;
}
export declare const SYSTEM_CHROMIUM_PATHS: string[];
export declare const CHROMIUM_SOURCES: Array<FoundChromium['source']>;
export declare function isExecutableFile(path: string): boolean;
export declare function extractPackagedChromium(): Promise<string>;
export declare function findChromium(options?: {
  env?: Record<string, string | undefined>;
  systemPaths?: string[];
  extractPackaged?: () => Promise<string>;
}): Promise<FoundChromium>;
