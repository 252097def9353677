import { readdirSync } from 'node:fs';
import { defineConfig } from 'tsup';

// One entry per component file (→ `@vetted/ui/<name>` subpath) plus the barrel.
const components = Object.fromEntries(
  readdirSync('src/components')
    .filter((f) => f.endsWith('.tsx') && !f.includes('.stories.') && !f.includes('.test.'))
    .map((f) => [f.replace(/\.tsx$/, ''), `src/components/${f}`]),
);

export default defineConfig({
  entry: { index: 'src/index.ts', ...components },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true,
  target: 'es2022',
  // Peers and runtime deps stay imports so apps dedupe them.
  external: [
    'react',
    'react-dom',
    'react/jsx-runtime',
    'radix-ui',
    'sonner',
    'lucide-react',
    'react-day-picker',
    'class-variance-authority',
    'clsx',
    'tailwind-merge',
    'linkify-react',
    'linkifyjs',
  ],
});
