import { Parser } from 'acorn';
import jsx from 'acorn-jsx';
import type { Program } from 'estree';

/** acorn with JSX, as the platform reads `.jsx` snippets (`getJsxEsmTree` of `@mintlify/common`). */
const JsxParser = Parser.extend(jsx());

/**
 * Parses a JavaScript module with JSX (a `.jsx` or `.js` snippet) into its ESTree program; undefined when it does not
 * parse (TypeScript syntax included: `.tsx` snippets are not read). Parsing runs no code.
 */
export function parseJsxModule(text: string): Program | undefined {
  try {
    return JsxParser.parse(text, {
      ecmaVersion: 'latest',
      sourceType: 'module',
      allowReturnOutsideFunction: true,
    }) as unknown as Program;
  } catch {
    return undefined;
  }
}
