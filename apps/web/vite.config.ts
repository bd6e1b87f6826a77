import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) listens on :3000 and also serves the built app from `dist`.
// In development, Vite serves the app and forwards every server-owned path to it.
const apiServer = 'http://localhost:3000';
const serverPaths = ['/api', '/stories', '/media', '/healthz'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React changes least often: its own long-cached chunk. Other libraries follow the
        // route splitting (react-hook-form, better-auth's forms... load with their pages).
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: apiServer }])),
  },
});
