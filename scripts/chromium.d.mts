export declare const chromiumPath: string;
export declare const chromiumArgs: string[];
export declare const chromiumLaunchOptions: { executablePath: string; args: string[] };
export declare const chromiumContextOptions: { reducedMotion: 'reduce' };
