import {
  programComponentDefinitions,
  treeComponentDefinitions,
  type ComponentDefinition,
} from './component-definitions.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { extractCustomHeadingIds } from './extract-custom-heading-ids.ts';
import { parseJsxModule } from './parse-jsx-module.ts';
import { isInlinedSnippet } from './snippet-files.ts';
import type { SnippetTreeCache } from './snippet-tree-cache.ts';

/** Files whose components are read as JavaScript with JSX (`.tsx`, whose types acorn cannot read, is not). */
const JAVASCRIPT_MODULE = /\.jsx?$/i;

/** The components a site file defines with a JSX body, and the file's text (which the page's content hash covers). */
export interface ComponentModule {
  definitions: ReadonlyMap<string, ComponentDefinition>;
  text: string;
}

/**
 * The components snippet files define, read once per page: the top-level ESM of an `.mdx`/`.md` snippet (parsed through
 * the shared `SnippetTreeCache`) and of a `.jsx`/`.js` file (acorn with JSX, as the platform reads them). A file that is
 * missing, does not parse or is of another kind defines none; a `.jsx`/`.js` file that does not parse is a `jsx-parse`
 * warning in `diagnostics`.
 */
export class ComponentModules {
  private readonly modules = new Map<string, ComponentModule | undefined>();

  constructor(
    private readonly readSnippet: ((sitePath: string) => string | undefined) | undefined,
    private readonly snippetTrees: SnippetTreeCache,
    private readonly diagnostics: Diagnostic[],
  ) {}

  /** The components `file` defines, undefined when it defines none. */
  module(file: string): ComponentModule | undefined {
    if (!this.modules.has(file)) this.modules.set(file, this.read(file));
    return this.modules.get(file);
  }

  private read(file: string): ComponentModule | undefined {
    const text = this.readSnippet?.(file);
    if (text === undefined) return undefined;
    let definitions: ReadonlyMap<string, ComponentDefinition> = new Map();
    if (isInlinedSnippet(file)) {
      try {
        definitions = treeComponentDefinitions(
          this.snippetTrees.parse(file, extractCustomHeadingIds(text).text).children,
        );
      } catch {
        return undefined;
      }
    } else if (JAVASCRIPT_MODULE.test(file)) {
      const parsed = parseJsxModule(text);
      if ('program' in parsed) definitions = programComponentDefinitions(parsed.program);
      else
        this.diagnostics.push({
          file,
          line: parsed.failure.line,
          column: parsed.failure.column,
          severity: 'warning',
          ruleId: 'jsx-parse',
          message: `Unexpected JavaScript: ${parsed.failure.reason}`,
          hint: 'The components this file defines show no text until it parses (JavaScript with JSX; TypeScript is not read).',
        });
    }
    return definitions.size > 0 ? { definitions, text } : undefined;
  }
}
