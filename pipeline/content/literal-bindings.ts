import type { Nodes } from 'mdast';
import { extractCustomHeadingIds } from './extract-custom-heading-ids.ts';
import { literalText } from './literal-expression.ts';
import { importBase, importCandidates, isInlinedSnippet } from './snippet-files.ts';
import type { SnippetTreeCache } from './snippet-tree-cache.ts';

/** What a name of a file's ESM is bound to: a literal's text, no text (a function, a call…), or a name another file exports. */
type Binding = { text: string | undefined } | { file: string; imported: string };

/** The names one file (a page or a snippet) binds at its top level, and the file they are read in. */
export interface FileBindings {
  file: string;
  names: ReadonlyMap<string, Binding>;
}

/** Default of `LiteralBindings`' `maxDepth`: as many imports followed for one name as snippets inlined in snippets. */
export const DEFAULT_MAX_IMPORT_DEPTH = 8;

/**
 * The string values of the names an MDX file binds, as the platform binds them before it renders a page
 * (`@mintlify/common` resolveAllImports): an `export const` set to a literal (see `literalText`), and a named import
 * from a `.md`/`.mdx` snippet, which the platform copies into the importing file as an `export const` (so a snippet's
 * own imports are its exports too). The file's own exports win over imports; among imports the first wins. Nothing is
 * run: any other export (a function, a call, an object, `export { a as b }`, which the platform cannot copy) binds no text.
 * Following imports stops after `maxDepth` files and at a cycle; a name it cannot follow has no text.
 */
export class LiteralBindings {
  /** Snippet files read to follow imports, in the order they were first read. */
  readonly filesRead: string[] = [];
  private readonly snippets = new Map<string, FileBindings | undefined>();

  constructor(
    private readonly readSnippet: ((sitePath: string) => string | undefined) | undefined,
    private readonly snippetTrees: SnippetTreeCache,
    private readonly maxDepth: number = DEFAULT_MAX_IMPORT_DEPTH,
  ) {}

  /** The text `name` is bound to in `scope`, or undefined when it is unbound or not bound to a literal. */
  text(scope: FileBindings, name: string): string | undefined {
    const visited = new Set<string>();
    let current: FileBindings | undefined = scope;
    let currentName = name;
    while (current !== undefined) {
      const key = `${current.file}\0${currentName}`;
      if (visited.has(key) || visited.size > this.maxDepth) return undefined;
      visited.add(key);
      const binding = current.names.get(currentName);
      if (binding === undefined) return undefined;
      if ('text' in binding) return binding.text;
      current = this.snippetBindings(binding.file);
      currentName = binding.imported;
    }
    return undefined;
  }

  /** The bindings of a snippet file, parsed once; undefined when it cannot be read or parsed. */
  private snippetBindings(file: string): FileBindings | undefined {
    if (this.snippets.has(file)) return this.snippets.get(file);
    let bindings: FileBindings | undefined;
    const text = this.readSnippet?.(file);
    if (text !== undefined) {
      this.filesRead.push(file);
      try {
        bindings = fileBindings(file, this.snippetTrees.parse(file, extractCustomHeadingIds(text).text).children, this);
      } catch {
        bindings = undefined;
      }
    }
    this.snippets.set(file, bindings);
    return bindings;
  }

  /** The `.md`/`.mdx` site file an import specifier of `fromFile` names, or undefined (a package, a script, a missing file). */
  importedFile(specifier: string, fromFile: string): string | undefined {
    const base = importBase(specifier, fromFile);
    if (base === undefined) return undefined;
    const found = importCandidates(base).find((candidate) => this.readSnippet?.(candidate) !== undefined);
    return found !== undefined && isInlinedSnippet(found) ? found : undefined;
  }
}

/** The names the top-level ESM of a file binds (`children` is the file's top level: a page's, or an inlined snippet's). */
export function fileBindings(
  file: string,
  children: readonly Nodes[],
  resolver: Pick<LiteralBindings, 'importedFile'>,
): FileBindings {
  const exported = new Map<string, Binding>();
  const imported = new Map<string, Binding>();
  for (const node of children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type === 'ImportDeclaration') {
        const source = resolver.importedFile(String(statement.source.value), file);
        for (const specifier of statement.specifiers) {
          const local = specifier.local.name;
          if (specifier.type !== 'ImportSpecifier' || source === undefined) {
            bindOnce(imported, local, { text: undefined });
            continue;
          }
          const name =
            specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value);
          bindOnce(imported, local, { file: source, imported: name });
        }
      } else if (statement.type === 'ExportNamedDeclaration' && statement.source == null) {
        for (const specifier of statement.specifiers)
          if (specifier.exported.type === 'Identifier')
            bindOnce(exported, specifier.exported.name, { text: undefined });
        const declaration = statement.declaration;
        if (declaration?.type === 'VariableDeclaration') {
          for (const { id, init } of declaration.declarations) {
            if (id.type !== 'Identifier') continue;
            const text = declaration.kind === 'const' && init ? literalText(init) : undefined;
            bindOnce(exported, id.name, { text });
          }
        } else if (declaration?.id) {
          bindOnce(exported, declaration.id.name, { text: undefined });
        }
      }
    }
  }
  for (const [name, binding] of imported) bindOnce(exported, name, binding);
  return { file, names: exported };
}

/** Binds `name` unless it is bound already: the first declaration of a name wins. */
function bindOnce(names: Map<string, Binding>, name: string, binding: Binding): void {
  if (!names.has(name)) names.set(name, binding);
}
