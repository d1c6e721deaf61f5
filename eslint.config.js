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

/**
 * Server modules stand alone (issue 32): a file of `apps/server/src/modules/<a>/` imports
 * `platform/`, `db/`, the domain and its own module's files, nothing else (its tests may also use
 * `src/test/`, other modules, the app and its process handlers). What two modules both need moves to `platform/` or the domain;
 * what a module does when another acts (a stage move's effects) is registered, not imported.
 * The imports below are the ones left when the rule came, each "from → to" allowed until it is
 * taken away: remove a line with its import, never add one. A stage move's effects are handlers
 * of the process table, joined to it in `apps/server/src/process-handlers.ts`, outside the modules.
 */
const SERVER_MODULES = path.join(import.meta.dirname, 'apps/server/src/modules');
const SERVER_SRC = path.join(import.meta.dirname, 'apps/server/src');
const SERVER_MODULE_EXCEPTIONS = new Set([
  'admin -> auth', // ends an account's sessions when the administrator disables it
  'auth -> invitations', // registering with an invitation accepts it
  'auth -> me', // sign-in answers with the account (getMe)
  'me -> auth', // ending one of one's sessions (a cycle with the line above)
  'closing -> catalogue-io', // the archive holds the catalogue's export; file names and cells as it writes them
  'closing -> draws', // the archive holds the draw records
  'closing -> questions', // the archive holds the questions
  'closing -> settlement', // the settlement statement in the reports
  'draws -> documents', // a draw record filed in the document vault
  'draws -> input-commitments', // a draw checks the inputs it reads are the ones sealed
  'handover -> catalogue-io', // pick-up lists reuse the label sheet's printing
  'handover -> items',
  'next-step -> participation',
]);

function serverImportProblem(file, specifier) {
  if (!specifier.startsWith('.')) return null;
  const [module] = path.relative(SERVER_MODULES, file).split(path.sep);
  const target = path.resolve(path.dirname(file), specifier);
  const [zone] = path.relative(SERVER_SRC, target).split(path.sep);
  if (zone === 'platform' || zone === 'db') return null;
  if (zone === 'modules') {
    const [targetModule] = path.relative(SERVER_MODULES, target).split(path.sep);
    if (targetModule === module || isTest(file) || SERVER_MODULE_EXCEPTIONS.has(`${module} -> ${targetModule}`)) return null;
    return `A server module imports only platform/, db/, the domain and its own files (${module} → ${targetModule}). Move what both need into platform/ or the domain.`;
  }
  if (isTest(file) && (zone === 'test' || ['app.js', 'process-handlers.js'].includes(path.relative(SERVER_SRC, target)))) return null;
  return `A server module imports only platform/, db/, the domain and its own files (not ${path.relative(SERVER_SRC, target)}).`;
}

const serverBoundaries = {
  rules: {
    imports: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = context.filename;
        if (!under(file, SERVER_MODULES)) return {};
        const check = (node) => {
          const source = node.source;
          if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
          const message = serverImportProblem(file, source.value);
          if (message) context.report({ node: source, message });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};

/**
 * One API contract (decision record 0010): every answer the web reads has its zod schema once, in
 * `packages/domain/src/schemas/<module>.ts`; the server's route declares it as its response and the
 * web infers its type from it. So in `apps/web/src` (tests aside) every `api<T>(…)` call names T,
 * and T is `void`, `unknown`, or a type imported type-only from `@estate/domain/schemas/…` (erased
 * at build time: no zod reaches the bundle through it); an answer is never cast (`as …`) instead.
 */
const DOMAIN_SCHEMAS = '@estate/domain/schemas/';
const contract = {
  rules: {
    'answer-types': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = context.filename;
        if (!under(file, WEB_SRC) || isTest(file) || under(file, path.join(WEB_SRC, 'test'))) return {};
        /** Local names of types imported type-only from the domain's schemas. */
        const answerTypes = new Set();
        const isApiCall = (node) => node?.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'api';
        const unwrap = (node) => (node?.type === 'AwaitExpression' ? node.argument : node);
        const allowed = (type) => {
          if (type.type === 'TSVoidKeyword' || type.type === 'TSUnknownKeyword') return true;
          return type.type === 'TSTypeReference' && type.typeName.type === 'Identifier' && !type.typeArguments && answerTypes.has(type.typeName.name);
        };
        return {
          ImportDeclaration(node) {
            if (typeof node.source.value !== 'string' || !node.source.value.startsWith(DOMAIN_SCHEMAS)) return;
            for (const spec of node.specifiers) {
              if (spec.type === 'ImportSpecifier' && (node.importKind === 'type' || spec.importKind === 'type')) answerTypes.add(spec.local.name);
            }
          },
          CallExpression(node) {
            if (!isApiCall(node)) return;
            const args = node.typeArguments?.params ?? [];
            if (args.length === 0) {
              context.report({ node, message: 'Name the answer: api<XAnswer>(…) with the type of its schema (import type from @estate/domain/schemas/<module>), or api<void>.' });
              return;
            }
            for (const type of args) {
              if (!allowed(type)) {
                context.report({
                  node: type,
                  message:
                    'An API answer is typed by its schema in packages/domain/src/schemas/<module>.ts (import type { XAnswer } from \'@estate/domain/schemas/<module>\'), not written in the web (decision record 0010).',
                });
              }
            }
          },
          'TSAsExpression, TSTypeAssertion, TSSatisfiesExpression'(node) {
            if (isApiCall(unwrap(node.expression))) context.report({ node, message: 'Do not cast an API answer; type the call with its schema type: api<XAnswer>(…).' });
          },
        };
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
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.mjs', 'vitest.config.ts', 'vitest.fast-check.ts', 'scripts/*.mjs', 'bench/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
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
    plugins: { boundaries, contract },
    rules: { 'boundaries/imports': 'error', 'contract/answer-types': 'error' },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { 'server-modules': serverBoundaries },
    rules: { 'server-modules/imports': 'error' },
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
