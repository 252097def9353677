import * as React from 'react';
import { cn } from '../lib/utils';
import { Button } from './button';

/** spec §9: error screen navigation delay, 300 ms (the "glitch" state before navigating). */
const ERROR_NAVIGATION_DELAY_MS = 300;

/** spec §2: message shown for a status code on the error screen. */
function errorMessageFor(code: number): string {
  if (code === 404) return 'Page Not Found in the Multiverse';
  if (code === 500) return 'Servers Took a Cosmic Nap';
  return 'Oops! Something Warped Reality';
}

type ErrorScreenProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /**
   * HTTP-like status code shown big and used to pick the message.
   * @defaultValue 404
   */
  code?: number;
  /**
   * "Warp Back" action, run after the glitch delay.
   * @defaultValue () => window.history.back()
   */
  onBack?: () => void;
  /**
   * "Return to Base" action, run after the glitch delay.
   * @defaultValue () => window.location.assign('/')
   */
  onHome?: () => void;
};

/**
 * Full-page error screen (spec §2): big status code, a message per code and two actions that
 * navigate after a ~300 ms glitch animation (static when the user prefers reduced motion).
 */
function ErrorScreen({ code = 404, onBack, onHome, className, ...props }: ErrorScreenProps) {
  const [glitching, setGlitching] = React.useState(false);
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  React.useEffect(() => () => clearTimeout(timer.current), []);

  const go = (action: () => void) => {
    if (glitching) return;
    setGlitching(true);
    timer.current = setTimeout(() => {
      setGlitching(false);
      action();
    }, ERROR_NAVIGATION_DELAY_MS);
  };

  const message = errorMessageFor(code);
  return (
    <div
      data-slot="error-screen"
      data-glitching={glitching || undefined}
      className={cn(
        'flex min-h-dvh flex-col items-center justify-center gap-6 bg-surface px-6 py-16 text-center text-fg',
        className,
      )}
      {...props}
    >
      <p
        aria-hidden="true"
        data-slot="error-screen-code"
        className={cn(
          'text-8xl leading-none font-black tracking-tight text-link tabular-nums sm:text-9xl',
          glitching && 'animate-glitch motion-reduce:animate-none',
        )}
      >
        {code}
      </p>
      <h1 className="max-w-xl text-2xl font-bold sm:text-3xl">
        <span className="sr-only">Error {code}: </span>
        {message}
      </h1>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          variant="outline"
          size="lg"
          aria-disabled={glitching || undefined}
          onClick={() => go(onBack ?? (() => window.history.back()))}
        >
          Warp Back
        </Button>
        <Button
          size="lg"
          aria-disabled={glitching || undefined}
          onClick={() => go(onHome ?? (() => window.location.assign('/')))}
        >
          Return to Base
        </Button>
      </div>
    </div>
  );
}

export { ERROR_NAVIGATION_DELAY_MS, ErrorScreen, errorMessageFor };
export type { ErrorScreenProps };
