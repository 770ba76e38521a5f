import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `vite` (dev mode) forwards the server's routes; the tenant is chosen by the Host header. */
const devServerTarget = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server reserves /assets/ for tenant assets (/assets/{tenantCode}/theme.css, logo.svg).
    assetsDir: 'app',
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            // Libraries only lazily loaded screens and parts use (footer icons, toasts, the Public Suffix List)
            // stay out of the first download: Rolldown puts them in the chunks that import them.
            {
              name: 'vendor',
              test: /node_modules[\\/](?!@fortawesome[\\/]|react-toastify[\\/]|tldts(-core)?[\\/]|clsx[\\/])/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/config': devServerTarget,
      '/assets': devServerTarget,
    },
  },
});
