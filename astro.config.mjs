// @ts-check
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';

/** Modules every storefront page loads at first paint (web/lib/header.ts, web/lib/site.ts and their imports). */
const SITE_CORE = /\/(web\/stores\/(cart|session|toast|wishlist)\.ts|web\/lib\/api\/client\.ts|web\/lib\/(toast-host|card-actions|login-return|prices)\.ts|rules\/money\.ts|node_modules\/nanostores\/.*)$/;

// The storefront is pre-rendered from the database: `npm start` (api/site/build.ts)
// runs this build with DATA_DIR/DATABASE_URL set and SITE_OUT_DIR pointing into DATA_DIR.
export default defineConfig({
  srcDir: './web',
  publicDir: './web/public',
  outDir: process.env.SITE_OUT_DIR ?? './dist',
  // api/site/build.ts gives each build its own cache (two builds from one checkout must not share one).
  cacheDir: process.env.SITE_CACHE_DIR ?? './node_modules/.astro',
  site: process.env.PUBLIC_URL ?? 'http://localhost:8080',
  output: 'static',
  trailingSlash: 'ignore',
  // Pages render four at a time: with 10,000 product pages the build overlaps writing files with rendering.
  build: { format: 'directory', concurrency: 4 },
  integrations: [
    react(),
    {
      // client:interaction: listings hydrate when someone reaches for them (web/lib/directives/interaction.ts).
      name: 'aurum-client-directives',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./web/lib/directives/interaction.ts', import.meta.url)) });
        },
      },
    },
  ],
  vite: {
    build: { assetsInlineLimit: 0 },
    environments: {
      client: {
        build: {
          rollupOptions: {
            output: {
              // What every storefront page runs before anyone interacts (the header's and the layout's scripts and
              // the stores they read) is one file: one request, and gzip sees it whole (smaller than its parts apart).
              manualChunks: (id) => (SITE_CORE.test(id.replaceAll('\\', '/')) ? 'site-core' : undefined),
            },
          },
        },
      },
    },
  },
});
