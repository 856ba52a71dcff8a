import { fileURLToPath } from 'node:url';
import purgeCss from '@fullhuman/postcss-purgecss';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

const reactOnPreact = fileURLToPath(new URL('./build-support/react-on-preact.ts', import.meta.url));
const zodJitless = fileURLToPath(new URL('./build-support/zod-jitless.ts', import.meta.url));

/** In the production browser build, React is served by Preact's compatibility layer (decision 009). */
function preactInTheBrowser(): Plugin {
  const targets: Record<string, string> = {
    react: reactOnPreact,
    'react-dom': 'preact/compat',
    'react-dom/client': 'preact/compat/client',
    'react/jsx-runtime': 'preact/jsx-runtime',
  };
  return {
    name: 'preact-in-the-browser',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (this.environment.name !== 'client') return null;
      const target = targets[source];
      if (!target) return null;
      if (target === reactOnPreact) return target;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

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
    ssr: { build: { rollupOptions: { input: './server/app.ts' } } },
  },
  plugins: [preactInTheBrowser(), zodWithoutEvalInTheBrowser(), reactRouter()],
}));
