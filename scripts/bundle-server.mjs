// The server's entry, dist/main.js, becomes one bundle of our code and its pure-JS libraries, so
// a start compiles one file instead of resolving and compiling hundreds of modules (ADR 0020).
// The rest of tsc's emit stays as it is: the worker, the backup CLI and the bench import it.
// Run from apps/server after tsc.
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const EXTERNAL = [
  // Native addons.
  'sharp',
  '@node-rs/argon2',
  'pg-native',
  // Read files beside themselves at run time (WebAssembly, static files, their package.json, workers).
  '@electric-sql/pglite',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  // Loaded on first use: bundled, they would be compiled at every start.
  'exceljs',
  'pdfkit',
  'qrcode',
  'ioredis',
  'nodemailer',
  '@zxcvbn-ts/language-common',
  // Only with S3_BUCKET set (platform/storage-provider.ts).
  '@aws-sdk/client-s3',
];

const src = path.resolve('src');

/**
 * Each of our modules keeps its own `import.meta.url`: the URL of the file tsc emits for it (so
 * `./migrations` beside db/client.js and the spreadsheet worker beside sheet.js are found).
 */
const ownModuleUrls = {
  name: 'own-module-urls',
  setup(bundle) {
    bundle.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!args.path.startsWith(src + path.sep)) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const emitted = `./${path.relative(src, args.path).split(path.sep).join('/').replace(/\.ts$/, '.js')}`;
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(emitted)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

// What `await import()` reaches (the demo, PGlite's driver) is a chunk loaded when first asked
// for, beside main.js so that `import.meta.url` means the same folder; last build's chunks go first.
for (const file of await readdir('dist')) if (file.startsWith('bundle-')) await rm(path.join('dist', file));

await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  chunkNames: 'bundle-[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL.flatMap((name) => [name, `${name}/*`]),
  // Bundled CommonJS libraries call require() for Node's own modules.
  banner: { js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);" },
  sourcemap: true,
  plugins: [ownModuleUrls],
  logLevel: 'warning',
});
