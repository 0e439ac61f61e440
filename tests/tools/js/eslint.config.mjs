// tests/tools/js/eslint.config.mjs -- eslint's rules for the project's
// JavaScript (make lint): eslint's recommended set, plus what each file's
// environment defines.  prettier checks the format (prettier.json).
import js from '@eslint/js';
import globals from 'globals';

export default [
  js.configs.recommended,
  {
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }],
      eqeqeq: ['error', 'smart'],
      'no-var': 'error',
      'prefer-const': ['error', { destructuring: 'all' }],
    },
  },
  // Node programs and modules: CommonJS unless .mjs
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: { ...globals.node } },
  },
  // The hosts' programs: Bun and Deno define their own globals
  {
    files: ['tests/hosts/*.mjs'],
    languageOptions: { globals: { Bun: 'readonly', Deno: 'readonly' } },
  },
  // The playground: a page's script, after coins-sqlite.js and examples.js
  {
    files: ['web/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: { ...globals.browser, CoinsSQLite: 'readonly' },
    },
  },
  // The WebAssembly build's API: appended to emscripten's output, which
  // defines CoinsSQLiteModule; runs in pages, workers and Node.
  {
    files: ['bindings/wasm/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        ...globals.browser,
        ...globals.worker,
        ...globals.node,
        CoinsSQLiteModule: 'readonly',
      },
    },
  },
  // The browser test drives Chromium: page.evaluate runs its callbacks there.
  {
    files: ['tests/browser/*.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
];
