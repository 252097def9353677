import type { FoundChromium } from './find-chromium.mjs';

export declare const chromium: FoundChromium;
export declare const chromiumPath: string;
export declare const chromiumArgs: string[];
export declare const chromiumLaunchOptions: {
  executablePath: string;
  args: string[];
  env?: Record<string, string | undefined>;
};
export declare const chromiumContextOptions: { reducedMotion: 'reduce' };
