import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';
import path from 'node:path';

/**
 * Boundaries (architecture.md "Layout", "Where a rule lives"), checked on every import, export-from
 * and dynamic import() by where the path resolves to:
 * - a file of `apps/web/src/features/<a>/` imports only `shared/`, its own feature, packages (the
 *   domain) and, in tests, `src/test/`; never `app/` nor another feature;
 * - a page (`features/<a>/pages/`) never imports another page;
 * - `apps/web/src/shared/` imports no feature and nothing of `app/` (tests may use `src/test/`).
 * Shared things move to `shared/` (or the domain) instead.
 */
const WEB_SRC = path.join(import.meta.dirname, 'apps/web/src');
const isTest = (file) => /\.test\.tsx?$/.test(file);
const under = (file, dir) => file === dir || file.startsWith(dir + path.sep);

function importProblem(file, specifier) {
  if (!specifier.startsWith('.')) return null;
  const target = path.resolve(path.dirname(file), specifier);
  const rel = (p) => path.relative(WEB_SRC, p).split(path.sep);
  const [zone, feature, part] = rel(file);
  const [tZone, tFeature, tPart] = rel(target);
  const testHelper = tZone === 'test' && isTest(file);
  if (zone === 'features') {
    if (tZone === 'shared' || testHelper) return null;
    if (tZone !== 'features') return `A feature imports only shared/, the domain and its own files (not ${path.relative(WEB_SRC, target)}). Move what is shared into shared/.`;
    if (tFeature !== feature) return `A feature does not import another feature (${feature} → ${tFeature}). Move what both need into shared/.`;
    if (part === 'pages' && tPart === 'pages' && !isTest(file)) return 'A page does not import another page. Move what both need into components/.';
    return null;
  }
  if (zone === 'shared' && (tZone === 'features' || tZone === 'app')) {
    return `shared/ imports no feature and nothing of app/ (${path.relative(WEB_SRC, target)}).`;
  }
  return null;
}

const boundaries = {
  rules: {
    imports: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = context.filename;
        if (!under(file, WEB_SRC)) return {};
        const check = (node) => {
          const source = node.source;
          if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
          const message = importProblem(file, source.value);
          if (message) context.report({ node: source, message });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};

/** The domain is pure: no apps, no Node modules, no I/O (its tests may read files). */
const NODE_MODULES = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/src/db/migrations/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.mjs', 'vitest.config.ts', 'scripts/*.mjs', 'bench/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Randomness comes from the draw streams or crypto.randomBytes.' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/imports': 'error' },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    // The two files allowed Node: the hash seam (Node's fast SHA-256 for the server; the browser
    // uses sha256-portable.ts) and the verify-draw command-line wrapper. Tests may read files.
    ignores: ['**/*.test.ts', 'packages/domain/src/draw/sha256.ts', 'packages/domain/src/draw/verify-cli.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: NODE_MODULES.map((name) => ({ name, message: 'packages/domain is pure: no Node modules, no I/O.' })),
          patterns: [
            { group: ['@estate/*', '!@estate/domain', '!@estate/domain/**'], message: 'packages/domain imports nothing from the apps.' },
            { regex: '(^|/)apps/', message: 'packages/domain imports nothing from the apps.' },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON answers as `any` on purpose and assert on them; the unsafe-any rules add nothing there.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', '**/src/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
