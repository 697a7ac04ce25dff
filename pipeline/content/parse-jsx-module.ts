import { Parser } from 'acorn';
import jsx from 'acorn-jsx';
import type { Program } from 'estree';

/** acorn with JSX, as the platform reads `.jsx` snippets (`getJsxEsmTree` of `@mintlify/common`). */
const JsxParser = Parser.extend(jsx());

/** Where and why a module does not parse (1-based line and column). */
export interface JsxModuleFailure {
  line: number;
  column: number;
  reason: string;
}

/**
 * Parses a JavaScript module with JSX (a `.jsx` or `.js` snippet) into its ESTree program, or says where it does not
 * parse (TypeScript syntax included: `.tsx` snippets are not read). Parsing runs no code.
 */
export function parseJsxModule(text: string): { program: Program } | { failure: JsxModuleFailure } {
  try {
    return {
      program: JsxParser.parse(text, {
        ecmaVersion: 'latest',
        sourceType: 'module',
        allowReturnOutsideFunction: true,
      }) as unknown as Program,
    };
  } catch (error) {
    const failure = error as { loc?: { line: number; column: number }; message?: string };
    return {
      failure: {
        line: failure.loc?.line ?? 1,
        column: (failure.loc?.column ?? 0) + 1,
        reason: String(failure.message ?? error).replace(/\s*\(\d+:\d+\)$/, ''),
      },
    };
  }
}
