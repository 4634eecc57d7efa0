import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

const { version } = JSON.parse(readFileSync(join(import.meta.dirname, 'package.json'), 'utf8')) as {
  version: string;
};

// No React plugin: @vitejs/plugin-react needs Vite 8, and esbuild's automatic JSX runtime is all the build
// needs (the cost is no fast refresh in `vite dev`).
const isDependency = (id: string | undefined): boolean => !!id && /[\\/]node_modules[\\/]/.test(id);

export default defineConfig({
  root: import.meta.dirname,
  resolve: { conditions: ['source', ...defaultClientConditions] },
  esbuild: { jsx: 'automatic' },
  // The footer's version; the same in the browser's build and the server-side one.
  define: { __SWB_VERSION__: JSON.stringify(version) },
  // The server-side build (build-web.mjs) is self-contained: the gateway loads it from dist-ssr without the
  // console's packages having to resolve under Node.
  ssr: { noExternal: true, resolve: { conditions: ['source', ...defaultServerConditions] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    reportCompressedSize: false,
    rollupOptions: {
      output: {
        // The runtime every screen needs, as one chunk (many tiny shared chunks compress worse); MUI
        // components stay split so each screen loads only the ones it uses.
        manualChunks(id) {
          if (
            /node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@tanstack|i18next|react-i18next|@emotion|stylis|@mui\/(system|utils|styled-engine|private-theming))\//.test(
              id,
            )
          )
            return 'runtime';
          return undefined;
        },
      },
      onwarn(warning, warn) {
        // Libraries ship React Server Component directives that mean nothing in a client bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        // A `/*#__PURE__*/` comment where Rollup cannot use it (zod ships dozens): the comment is dropped and the
        // bundle is the same, so only our own sources' are worth a line.
        if (warning.code === 'INVALID_ANNOTATION' && isDependency(warning.id)) return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/pg': 'http://localhost:3000',
      '/v1': 'http://localhost:3000',
    },
  },
});
