import { fileURLToPath } from 'node:url';
import purgeCss from '@fullhuman/postcss-purgecss';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { checkBuildInputs } from './build-support/build-inputs.ts';
import { precompressAssets } from './build-support/precompress-assets.ts';

const zodJitless = fileURLToPath(new URL('./build-support/zod-jitless.ts', import.meta.url));

/** In the browser (build and development), zod comes without its `new Function` probe, which the CSP reports. */
function zodWithoutEvalInTheBrowser(): Plugin {
  return {
    name: 'zod-without-eval-in-the-browser',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || this.environment.name !== 'client' || importer === zodJitless) return null;
      return zodJitless;
    },
  };
}

export default defineConfig(({ command }) => ({
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3's sources still use @import and the old colour functions.
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
    postcss: {
      // Only the CSS the markup uses ships: class names are read from the app's sources.
      plugins:
        command === 'build'
          ? [
              purgeCss({
                content: ['./app/**/*.{ts,tsx}'],
                defaultExtractor: (content: string) => content.match(/[\w-/:]+(?<!:)/g) ?? [],
                safelist: {
                  standard: [/^text-bg-/, /^modal/, /^show$/, /^is-pwa$/, /^logged-/, /^not-index$/, /^fade$/],
                  variables: [/^--bs-/],
                },
                variables: true,
              }),
            ]
          : [],
    },
  },
  // The server entry is part of the SSR build so that it shares React Router's context objects with the routes.
  environments: {
    // A schema a form loads with `import()` keeps a chunk of its own: rolldown's chunk optimizations would merge it
    // into the route's client-action chunk, which the page loads at once, and zod would be in its first load.
    // React and React Router stay one chunk, which every page loads: left to itself rolldown splits them wherever a
    // lazily loaded module (a panel, the realtime code) uses one without the other, and every page then loads both
    // halves with the cost of two files. The shell (lib, ui components, shell features) is one chunk too: split, it
    // was some twenty files under 1 KB each, each compressed alone; together most pages load 3 to 6 KB less.
    client: {
      build: {
        rolldownOptions: {
          experimental: { chunkOptimization: false },
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
                { name: 'shell', test: /[\\/]app[\\/](lib|components[\\/]ui|features[\\/]shell)[\\/]/ },
              ],
            },
          },
        },
      },
    },
    ssr: { build: { rollupOptions: { input: './server/app.ts' } } },
  },
  plugins: [zodWithoutEvalInTheBrowser(), reactRouter(), checkBuildInputs(), precompressAssets()],
}));
