import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { toast } from '@vetted/ui';
import { App } from './app';
import { entryScriptOf, reloadOnce, startBuildCheck } from './lib/build-check';
import './styles.css';

// spec §9: a chunk of an outdated build failed to load → reload once (guarded for 10 s).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnce()) event.preventDefault();
});
// spec §9: hourly check for a newer deployed build.
startBuildCheck({
  currentEntry: entryScriptOf(document.documentElement.outerHTML),
  fetchIndex: () => fetch('/index.html', { cache: 'no-store' }).then((r) => r.text()),
  onOutdated: () =>
    toast.info('A new version of Vetted is available', {
      duration: Number.POSITIVE_INFINITY,
      action: { label: 'Reload', onClick: () => window.location.reload() },
    }),
});

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
