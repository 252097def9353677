import * as React from 'react';

/**
 * The clock, re-read every `everyMs` (ms; default 30 s) so a countdown ("Expires in 2 days 3 h",
 * minutes its smallest unit) stays current on an open page. Returns ms since epoch.
 */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = React.useState(() => Date.now());
  React.useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
