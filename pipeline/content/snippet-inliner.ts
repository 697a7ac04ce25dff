import type { Nodes, Parent, Root, RootContent } from 'mdast';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RuleId } from '../diagnostics/rule-catalog.ts';
import { ComponentModules } from './component-modules.ts';
import { FIELD_COMPONENTS } from './component-text.ts';
import { ExpansionBudget, expandComponent } from './expand-component.ts';
import { extractCustomHeadingIds } from './extract-custom-heading-ids.ts';
import { jsxAttribute, type JsxElement } from './jsx-attribute.ts';
import './page-data.ts';
import { parseFailure } from './parse-failure.ts';
import { pageKind } from './parse-page-tree.ts';
import { definedCall } from './scoped-component.ts';
import {
  importBase,
  importCandidates,
  isCheckedImport,
  isInlinedSnippet,
  snippetElementCandidates,
} from './snippet-files.ts';
import type { SnippetTreeCache } from './snippet-tree-cache.ts';
import { fieldDescriptionLength, startsOwnLine } from './text-flow.ts';
import { treeScope, type TreeScope } from './tree-scope.ts';

const NO_HEADING_IDS: ReadonlyMap<number, string> = new Map();

/** Snippets inlined into one page at most (the most of any real page seen is 14, nested ones included). */
const MAX_INLINED_SNIPPETS = 1_000;

/** Inlines the snippets of one page, in document order, and records what it read. */
export class SnippetInliner {
  readonly imports = new Set<string>();
  readonly inlinedTexts: string[] = [];
  /** Whether a `snippet-limit` warning was given for this page. */
  private limitReported = false;
  private readonly budget = new ExpansionBudget();
  private readonly modules: ComponentModules;

  constructor(
    private readonly readSnippet: ((sitePath: string) => string | undefined) | undefined,
    private readonly snippetTrees: SnippetTreeCache,
    private readonly maxDepth: number,
    private readonly diagnostics: Diagnostic[],
  ) {
    this.modules = new ComponentModules(readSnippet, snippetTrees, diagnostics);
  }

  /** Inlines the snippets used as blocks among `children` (a tree's top level) and below them. */
  inlineTree(children: readonly RootContent[], scope: TreeScope): void {
    const pending: Nodes[] = [...children].reverse();
    for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
      switch (node.type) {
        case 'mdxjsEsm':
          this.resolveImports(node, scope);
          break;
        case 'mdxJsxFlowElement':
        case 'mdxJsxTextElement':
          this.component(node, scope, pending);
          break;
        case 'heading':
        case 'tableRow':
          break;
        default:
          if ('children' in node) this.pushBlocks(node.children, scope, pending);
      }
    }
  }

  /** Queues the children that start a line of their own (only there a snippet is inlined), first child last. */
  private pushBlocks(children: readonly Nodes[], scope: TreeScope, pending: Nodes[]): void {
    this.markImported(children, scope);
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index] as Nodes;
      if (startsOwnLine(child) || definedCall(child, scope.definitions)) pending.push(child);
    }
  }

  /**
   * Sets `data.importedFrom` on the elements named after an import, which makes them block components; a call of a
   * component whose JSX body is known stays where it is written (a block on its own line, else inline), as its body renders.
   */
  private markImported(children: readonly Nodes[], scope: TreeScope): void {
    for (const child of children) {
      if (child.type !== 'mdxJsxFlowElement' && child.type !== 'mdxJsxTextElement') continue;
      if (definedCall(child, scope.definitions)) continue;
      const imported = child.name === null ? undefined : scope.components.get(child.name);
      if (imported !== undefined) child.data = { ...child.data, importedFrom: imported };
    }
  }

  private component(node: JsxElement, scope: TreeScope, pending: Nodes[]): void {
    const name = node.name ?? '';
    if (name === 'Snippet') {
      this.snippetElement(node, scope);
      return;
    }
    const imported = scope.components.get(name);
    const local = definedCall(node, scope.definitions) ? scope.definitions.get(name) : undefined;
    if (imported !== undefined && local === undefined) node.data = { ...node.data, importedFrom: imported };
    if (imported !== undefined && scope.defaultImports.has(name) && isInlinedSnippet(imported)) {
      this.replace(node, imported, scope);
      return;
    }
    // A component with a known JSX body shows what the body renders, its children inside; any other keeps its children.
    const expanded = local && expandComponent(node, local.definition, local.definitions, this.budget);
    if (expanded) node.children = expanded as JsxElement['children'];
    const children = node.children as Nodes[];
    if (FIELD_COMPONENTS.has(name)) {
      this.markImported(children, scope);
      this.pushBlocks(children.slice(fieldDescriptionLength(children)), scope, pending);
      return;
    }
    this.pushBlocks(children, scope, pending);
  }

  private resolveImports(node: MdxjsEsm, scope: TreeScope): void {
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type !== 'ImportDeclaration') continue;
      const specifier = String(statement.source.value);
      const base = importBase(specifier, scope.file);
      if (base === undefined) continue;
      const found = this.existing(importCandidates(base));
      if (found === undefined && this.readSnippet && isCheckedImport(base)) {
        this.warn(
          scope.file,
          node,
          'missing-snippet',
          `Unexpected import of \`${specifier}\`, expected a file of the site`,
          'Snippet paths start at the site root, e.g. /snippets/intro.mdx.',
        );
      }
      const resolved = found ?? base;
      this.imports.add(resolved);
      const module = found === undefined ? undefined : this.modules.module(found);
      if (module) this.inlinedTexts.push(module.text);
      for (const imported of statement.specifiers) {
        scope.components.set(imported.local.name, resolved);
        if (imported.type === 'ImportDefaultSpecifier') scope.defaultImports.add(imported.local.name);
        const definition =
          imported.type === 'ImportSpecifier' && imported.imported.type === 'Identifier'
            ? module?.definitions.get(imported.imported.name)
            : undefined;
        if (definition && module)
          scope.definitions.set(imported.local.name, { definition, definitions: module.definitions });
      }
    }
  }

  /** `<Snippet file="x.mdx" />`: a site-absolute path, else looked up in `snippets/`, then `_snippets/`. */
  private snippetElement(node: JsxElement, scope: TreeScope): void {
    const fileAttribute = jsxAttribute(node, 'file');
    if (typeof fileAttribute !== 'string' || fileAttribute === '') {
      this.replace(node, undefined, scope);
      return;
    }
    const candidates = snippetElementCandidates(fileAttribute);
    const found = this.existing(candidates);
    if (found === undefined && this.readSnippet) {
      this.warn(
        scope.file,
        node,
        'missing-snippet',
        `Unexpected snippet \`${fileAttribute}\`, expected a file in snippets/`,
        `Create ${candidates[0] ?? fileAttribute} or fix the file name.`,
      );
    }
    const snippetFile = found ?? candidates[0] ?? fileAttribute;
    this.imports.add(snippetFile);
    this.replace(node, snippetFile, scope);
  }

  /** Replaces the element's children by the snippet's content (none when the element names no file or the snippet cannot be inlined). */
  private replace(node: JsxElement, snippetFile: string | undefined, scope: TreeScope): void {
    const inlined = snippetFile === undefined ? undefined : this.inlineSnippet(node, snippetFile, scope);
    (node as Parent).children = inlined?.children ?? [];
    node.data = {
      ...node.data,
      snippet: {
        ...(snippetFile === undefined ? {} : { file: snippetFile }),
        headingIds: inlined?.headingIds ?? NO_HEADING_IDS,
      },
    };
  }

  /** The snippet's tree with its own snippets inlined, or undefined when it is missing, in a cycle or cannot be parsed. */
  private inlineSnippet(
    usage: JsxElement,
    snippetFile: string,
    scope: TreeScope,
  ): { children: RootContent[]; headingIds: ReadonlyMap<number, string> } | undefined {
    const snippetText = this.readSnippet?.(snippetFile);
    if (snippetText === undefined) return undefined;
    if (scope.stack.includes(snippetFile)) {
      this.warn(
        scope.file,
        usage,
        'snippet-cycle',
        `Unexpected snippet cycle ${[...scope.stack, snippetFile].join(' → ')}, expected snippets that do not include themselves`,
      );
      return undefined;
    }
    if (scope.stack.length > this.maxDepth || this.inlinedTexts.length >= MAX_INLINED_SNIPPETS) {
      // Once per page: past a limit every further use is past it too (a snippet using the next one ten times, eight
      // levels deep, would be 10⁸ uses).
      if (!this.limitReported)
        this.warn(
          scope.file,
          usage,
          'snippet-limit',
          scope.stack.length > this.maxDepth
            ? `Unexpected snippet \`${snippetFile}\` inlined ${scope.stack.length} levels deep (${[...scope.stack, snippetFile].join(' → ')}), expected at most ${this.maxDepth} snippets inside snippets`
            : `Unexpected snippet \`${snippetFile}\` inlined after ${MAX_INLINED_SNIPPETS} others in one page, expected at most ${MAX_INLINED_SNIPPETS}`,
          'The snippets past the limit are left out of the page: include fewer snippets inside snippets.',
        );
      this.limitReported = true;
      return undefined;
    }
    this.inlinedTexts.push(snippetText);
    const { text, ids } = extractCustomHeadingIds(snippetText);
    let snippetTree: Root;
    try {
      snippetTree = this.snippetTrees.parseCopy(snippetFile, text);
    } catch (error) {
      this.diagnostics.push(parseFailure(snippetFile, error, pageKind(snippetFile)));
      return undefined;
    }
    this.inlineTree(snippetTree.children, treeScope(snippetFile, [...scope.stack, snippetFile], snippetTree.children));
    return { children: snippetTree.children, headingIds: ids };
  }

  /** The first candidate file that exists, or undefined. */
  private existing(candidates: readonly string[]): string | undefined {
    return candidates.find((candidate) => this.readSnippet?.(candidate) !== undefined);
  }

  private warn(file: string, node: Nodes, ruleId: RuleId, message: string, hint?: string): void {
    const position = node.position?.start;
    this.diagnostics.push({
      file,
      line: position?.line ?? 0,
      column: position?.column ?? 0,
      severity: 'warning',
      ruleId,
      message,
      ...(hint ? { hint } : {}),
    });
  }
}
