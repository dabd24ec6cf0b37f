import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// The player is served under /display on the same origin as the API and Socket.IO.
// `public/sw.js` is copied as-is to dist/sw.js so it can control the /display/ scope.
export default defineConfig({
  base: '/display/',
  plugins: [react(), tailwindcss()],
  // The player reports its version in its heartbeat (screen health): the release's, whose one
  // place is the root package.json.
  define: { __PLAYER_VERSION__: JSON.stringify(version) },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022' },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/socket.io': { target: 'ws://127.0.0.1:8080', ws: true } },
  },
});
