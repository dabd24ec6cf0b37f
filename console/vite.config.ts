import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.OPPSLAG_API ?? 'http://localhost:8080';

/**
 * The console is served at `/` next to the API (`/api`) and Socket.IO (`/socket.io`) on one
 * origin; in development Vite proxies those two to the running server. Routes are split with
 * React.lazy, and the big vendor libraries get chunks of their own so the initial download stays
 * small and cacheable.
 */
export default defineConfig({
  base: '/',
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            { name: 'editor', test: /node_modules[\\/](@tiptap|prosemirror-[a-z-]+)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'phone', test: /node_modules[\\/]libphonenumber-js[\\/]/ },
            // The password rule's word lists (about 230 KB gzipped): a chunk of their own, loaded after
            // the first paint (loadPasswordLists); zxcvbn's small core stays with the code that uses it.
            { name: 'passwords', test: /node_modules[\\/]@zxcvbn-ts[\\/]language-common[\\/]/ },
          ],
        },
      },
    },
  },
});
