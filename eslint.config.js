import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'lib/**',
      'node_modules/**',
      'sites/**',
      '.data/**',
      'coverage/**',
      '.scratch/**',
      'web/dist/**',
    ],
  },
  { languageOptions: { globals: { ...globals.node } } },
  { files: ['web/**'], languageOptions: { globals: { ...globals.browser } } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
);
