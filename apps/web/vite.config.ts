import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// The server entry is part of the SSR build so that it shares React Router's context objects with the routes.
export default defineConfig({
  environments: {
    ssr: { build: { rollupOptions: { input: './server/app.ts' } } },
  },
  plugins: [reactRouter()],
});
