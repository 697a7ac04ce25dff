import { createHash } from 'node:crypto';
import path from 'node:path/posix';
import GithubSlugger from 'github-slugger';
import type { Nodes, Root } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RuleId } from '../diagnostics/rule-catalogue.ts';
import type { PageHeading, PageLink, PageSection, ParsedPage } from './parsed-page.ts';
import { extractCustomHeadingIds } from './extract-custom-heading-ids.ts';
import { pageKind, parsePageTree } from './parse-page-tree.ts';
import { readFrontmatter } from './read-frontmatter.ts';

/** Input of `parsePage`: a page file's text and a way to read the snippets it imports. */
export interface PageInput {
  /** Site-relative POSIX path, e.g. `guides/intro.mdx`. */
  file: string;
  text: string;
  /**
   * Reads another file of the site by site-relative POSIX path (no leading slash), e.g. `snippets/x.mdx`;
   * returns undefined when it does not exist. Default: none, so snippets are neither inlined nor reported missing.
   */
  readSnippet?: (sitePath: string) => string | undefined;
}

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;
type Position = { line: number; column: number } | undefined;

/** The attribute whose value becomes a sub-heading line of the section text, per component. */
const TITLE_ATTRIBUTE: Readonly<Record<string, string>> = {
  Tab: 'title',
  Accordion: 'title',
  Step: 'title',
  Card: 'title',
  Expandable: 'title',
  Frame: 'caption',
  Update: 'label',
};
const FIELD_COMPONENTS = new Set(['ParamField', 'ResponseField']);
/** ParamField/ResponseField attributes that name the field, in the order they are looked up. */
const FIELD_NAME_ATTRIBUTES = ['path', 'body', 'query', 'header', 'name'];
/** Components that structure content (blocks with titles, fields, callouts): their text starts a new line. */
const STRUCTURAL_COMPONENTS = new Set([
  'ParamField', 'ResponseField', 'Snippet', 'Note', 'Tip', 'Warning', 'Info', 'Check', 'Steps', 'Step', 'Tabs', 'Tab',
  'AccordionGroup', 'Accordion', 'Card', 'CardGroup', 'Columns', 'Expandable', 'Frame', 'Update', 'CodeGroup',
  'RequestExample', 'ResponseExample', 'Callout', 'Danger',
]);
/** Inline (phrasing) node types: their text joins the current line. */
const PHRASING = new Set([
  'text', 'inlineCode', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'image', 'imageReference', 'break',
  'html', 'mdxTextExpression', 'mdxJsxTextElement', 'footnoteReference',
]);
const SITE_FILE_SPECIFIER = /^\.{0,2}\//;
const INLINED_SNIPPET = /\.mdx?$/i;
/** Imports the site reader loads, so a missing one is worth a warning (images and styles are not read). */
const CHECKED_IMPORT = /(?:\.(?:mdx?|[jt]sx?)|\/[^./]+)$/i;
const IMPORT_EXTENSIONS = ['', '.mdx', '.md', '.jsx', '.tsx', '.js', '.ts'];
const SNIPPET_FOLDERS = ['snippets', '_snippets'];
const MAX_SNIPPET_DEPTH = 8;
/** Parsed snippet trees, by file and text: a snippet imported by many pages is parsed once per thread. */
const snippetTrees = new Map<string, Root>();
const MAX_CACHED_SNIPPETS = 1000;
const HTML_TAG = /<[^>]*>/g;
const HTML_HREF = /\bhref\s*=\s*["']([^"']*)["']/gi;
const HTML_IMAGE_SOURCE = /<img\b[^>]*?\bsrc\s*=\s*["']([^"']*)["']/gi;
const IMAGE_COMPONENTS = new Set(['img', 'Image']);
const WHITESPACE = /\s+/g;
const QUOTED_EXPRESSION = /^(['"`])([\s\S]*)\1$/;
/** The `(line:column-line:column)` a parser reason ends with when the error itself carries no position. */
const PARSER_POSITION_SUFFIX = /\s*\((\d+):(\d+)(?:-\d+:\d+)?\)\s*$/;
const FRONTMATTER_BLOCK = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/**
 * Parses one page file into what the pipeline needs: frontmatter, title, headings with anchors, sections of
 * plain text, links and the files it imports. Pure and synchronous; a page that fails to parse comes back
 * with an error diagnostic (`mdx-parse`), its frontmatter when that can be read, and no sections.
 *
 * Section text: one line per paragraph, list item, table row or component title, whitespace collapsed; code
 * blocks verbatim. Tab/Accordion/Step/Card/Expandable titles, Frame captions and Update labels and
 * descriptions are lines of their own at their place in the text (sub-headings inside the section; only
 * Markdown headings `#`…`######` start a new section and have anchors). ParamField/ResponseField become
 * "name (type, required, default x): description". Imported `.md`/`.mdx` snippets and `<Snippet file>` are
 * inlined where used; a Tooltip keeps its text and adds its tip. JSX and ESM syntax, expressions and images
 * (their alt text stays) are dropped. GFM tables give one line per row (cells joined by ` | `); footnote
 * definitions are text of their section. A heading's `{#custom-id}` suffix sets its anchor (Mintlify's syntax).
 */
export function parsePage(input: PageInput): ParsedPage {
  const { file, text, readSnippet } = input;
  const kind = pageKind(file);
  const hash = createHash('sha256').update(text);

  const customIds = extractCustomHeadingIds(text);
  let tree: Root;
  try {
    tree = parsePageTree(file, customIds.text);
  } catch (error) {
    const block = FRONTMATTER_BLOCK.exec(text);
    const recovered = readFrontmatter({ file, yaml: block ? (block[1] ?? '') : undefined, line: 2 });
    return {
      file,
      kind,
      frontmatter: recovered.frontmatter,
      title: recovered.title,
      ...(recovered.description === undefined ? {} : { description: recovered.description }),
      headings: [],
      sections: [],
      links: [],
      imports: [],
      contentHash: hash.digest('hex'),
      diagnostics: [parseFailure(file, error, kind), ...recovered.diagnostics],
    };
  }

  const yamlNode = tree.children[0]?.type === 'yaml' ? tree.children[0] : undefined;
  const { frontmatter, title, description, diagnostics } = readFrontmatter({
    file,
    yaml: yamlNode?.value,
    line: (yamlNode?.position?.start.line ?? 1) + 1,
  });

  const slugger = new GithubSlugger();
  const headings: PageHeading[] = [];
  const links: PageLink[] = [];
  const sections: PageSection[] = [];
  const imports = new Set<string>();
  const headingStack: { depth: number; text: string }[] = [];
  let current: { anchor: string; headingPath: string[]; lines: string[] } = { anchor: '', headingPath: [], lines: [] };

  const emit = (line: string): void => {
    const trimmed = line.trim();
    if (trimmed !== '') current.lines.push(trimmed);
  };
  const closeSection = (): void => {
    if (current.lines.length > 0 || current.anchor !== '') {
      sections.push({ anchor: current.anchor, headingPath: current.headingPath, text: current.lines.join('\n') });
    }
  };
  const warn = (warningFile: string, position: Position, ruleId: RuleId, message: string, hint?: string): void => {
    diagnostics.push({ file: warningFile, line: position?.line ?? 0, column: position?.column ?? 0, severity: 'warning', ruleId, message, ...(hint ? { hint } : {}) });
  };

  /** Walks one tree (the page's or an inlined snippet's); `stack` is the chain of files being inlined. */
  const walkTree = (root: Root, treeFile: string, stack: readonly string[], headingIds: ReadonlyMap<number, string>): void => {
    const components = new Map<string, string>();
    const isPageFile = treeFile === file;

    const recordLink = (url: string, position: Position, kind?: 'image'): void => {
      if (isPageFile) links.push({ url, line: position?.line ?? 0, column: position?.column ?? 0, ...(kind ? { kind } : {}) });
    };
    const recordJsxLink = (node: JsxElement): void => {
      const href = jsxAttribute(node, 'href');
      if (typeof href === 'string') recordLink(href, node.position?.start);
      const source = IMAGE_COMPONENTS.has(node.name ?? '') ? jsxAttribute(node, 'src') : undefined;
      if (typeof source === 'string') recordLink(source, node.position?.start, 'image');
    };
    const recordHtmlLinks = (html: string, position: Position): void => {
      for (const match of html.matchAll(HTML_HREF)) recordLink(match[1] ?? '', position);
      for (const match of html.matchAll(HTML_IMAGE_SOURCE)) recordLink(match[1] ?? '', position, 'image');
    };
    /** The first candidate file that exists, or undefined. */
    const existing = (candidates: readonly string[]): string | undefined => candidates.find((candidate) => readSnippet?.(candidate) !== undefined);

    const inlineSnippet = (snippetFile: string, position: Position): void => {
      const snippetText = readSnippet?.(snippetFile);
      if (snippetText === undefined) return;
      if (stack.includes(snippetFile) || stack.length > MAX_SNIPPET_DEPTH) {
        warn(treeFile, position, 'snippet-cycle', `Unexpected snippet cycle ${[...stack, snippetFile].join(' → ')}, expected snippets that do not include themselves`);
        return;
      }
      hash.update(snippetText);
      const snippetIds = extractCustomHeadingIds(snippetText);
      let snippetTree: Root;
      try {
        snippetTree = parseSnippetTree(snippetFile, snippetIds.text);
      } catch (error) {
        diagnostics.push(parseFailure(snippetFile, error, pageKind(snippetFile)));
        return;
      }
      walkTree(snippetTree, snippetFile, [...stack, snippetFile], snippetIds.ids);
    };

    const importDeclarations = (node: MdxjsEsm): void => {
      for (const statement of node.data?.estree?.body ?? []) {
        if (statement.type !== 'ImportDeclaration') continue;
        const specifier = String(statement.source.value);
        if (!SITE_FILE_SPECIFIER.test(specifier)) continue;
        const base = path.normalize(specifier.startsWith('/') ? specifier.slice(1) : path.join(path.dirname(treeFile), specifier));
        const found = existing(IMPORT_EXTENSIONS.map((extension) => base + extension));
        if (found === undefined && readSnippet && CHECKED_IMPORT.test(base)) {
          warn(treeFile, node.position?.start, 'missing-snippet', `Unexpected import of \`${specifier}\`, expected a file of the site`, 'Snippet paths start at the site root, e.g. /snippets/intro.mdx.');
        }
        const resolved = found ?? base;
        imports.add(resolved);
        for (const imported of statement.specifiers) components.set(imported.local.name, resolved);
      }
    };

    const inline = (node: Nodes): string => {
      switch (node.type) {
        case 'text':
        case 'inlineCode':
          return node.value;
        case 'break':
          return ' ';
        case 'image':
          recordLink(node.url, node.position?.start, 'image');
          return node.alt ?? '';
        case 'imageReference':
          return node.alt ?? '';
        case 'html':
          recordHtmlLinks(node.value, node.position?.start);
          return node.value.replace(HTML_TAG, ' ');
        case 'link':
          recordLink(node.url, node.position?.start);
          return inlineChildren(node.children);
        case 'mdxJsxTextElement': {
          recordJsxLink(node);
          const content = inlineChildren(node.children);
          const tip = node.name === 'Tooltip' ? jsxAttribute(node, 'tip') : undefined;
          return typeof tip === 'string' ? `${content} (${tip})` : content;
        }
        case 'mdxTextExpression':
        case 'footnoteReference':
          return '';
        default:
          return 'children' in node ? inlineChildren(node.children as Nodes[]) : '';
      }
    };
    const inlineChildren = (children: readonly Nodes[]): string => {
      let joined = '';
      for (const child of children) joined += inline(child);
      return joined;
    };
    const isBlockComponent = (node: Nodes): boolean =>
      (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name !== null && (STRUCTURAL_COMPONENTS.has(node.name) || components.has(node.name));

    const block = (node: Nodes): void => {
      switch (node.type) {
        case 'yaml':
        case 'mdxFlowExpression':
        case 'thematicBreak':
          return;
        case 'definition':
          recordLink(node.url, node.position?.start);
          return;
        case 'heading': {
          const headingText = collapse(inlineChildren(node.children));
          if (headingText === '') return;
          closeSection();
          const anchor = headingIds.get(node.position?.start.line ?? 0) ?? slugger.slug(headingText);
          headings.push({ depth: node.depth, text: headingText, anchor, line: node.position?.start.line ?? 0 });
          while ((headingStack.at(-1)?.depth ?? 0) >= node.depth) headingStack.pop();
          headingStack.push({ depth: node.depth, text: headingText });
          current = { anchor, headingPath: headingStack.map((heading) => heading.text), lines: [] };
          return;
        }
        case 'tableRow':
          emit(node.children.map((cell) => collapse(inlineChildren(cell.children))).join(' | '));
          return;
        case 'code':
          emit(node.value);
          return;
        case 'html':
          recordHtmlLinks(node.value, node.position?.start);
          emit(collapse(node.value.replace(HTML_TAG, ' ')));
          return;
        case 'mdxjsEsm':
          importDeclarations(node);
          return;
        case 'mdxJsxFlowElement':
        case 'mdxJsxTextElement':
          component(node);
          return;
        default:
          if ('children' in node) blockChildren(node.children as Nodes[]);
      }
    };
    /** Joins consecutive phrasing nodes into one line; hands block nodes and structural components to `block`. */
    const blockChildren = (children: readonly Nodes[]): void => {
      let line = '';
      for (const child of children) {
        if (PHRASING.has(child.type) && !isBlockComponent(child)) {
          line += inline(child);
        } else {
          emit(collapse(line));
          line = '';
          block(child);
        }
      }
      emit(collapse(line));
    };

    const component = (node: JsxElement): void => {
      const name = node.name ?? '';
      recordJsxLink(node);
      if (name === 'Snippet') {
        snippetElement(node);
        return;
      }
      const imported = components.get(name);
      if (imported !== undefined && INLINED_SNIPPET.test(imported)) {
        inlineSnippet(imported, node.position?.start);
        return;
      }
      if (FIELD_COMPONENTS.has(name)) {
        fieldComponent(node);
        return;
      }
      const titleAttribute = TITLE_ATTRIBUTE[name];
      if (titleAttribute !== undefined) {
        const heading = jsxAttribute(node, titleAttribute);
        if (typeof heading === 'string') emit(collapse(heading));
        const updateDescription = name === 'Update' ? jsxAttribute(node, 'description') : undefined;
        if (typeof updateDescription === 'string') emit(collapse(updateDescription));
      }
      blockChildren(node.children as Nodes[]);
      const tip = name === 'Tooltip' ? jsxAttribute(node, 'tip') : undefined;
      if (typeof tip === 'string') emit(collapse(tip));
    };

    /** `<Snippet file="x.mdx" />`: a site-absolute path, else looked up in `snippets/`, then `_snippets/`. */
    const snippetElement = (node: JsxElement): void => {
      const fileAttribute = jsxAttribute(node, 'file');
      if (typeof fileAttribute !== 'string' || fileAttribute === '') return;
      const candidates = fileAttribute.startsWith('/')
        ? [path.normalize(fileAttribute.slice(1))]
        : SNIPPET_FOLDERS.map((folder) => path.normalize(`${folder}/${fileAttribute}`));
      const found = existing(candidates);
      if (found === undefined && readSnippet) {
        warn(treeFile, node.position?.start, 'missing-snippet', `Unexpected snippet \`${fileAttribute}\`, expected a file in snippets/`, `Create ${candidates[0] ?? fileAttribute} or fix the file name.`);
      }
      const snippetFile = found ?? candidates[0] ?? fileAttribute;
      imports.add(snippetFile);
      inlineSnippet(snippetFile, node.position?.start);
    };

    /** ParamField/ResponseField: one line "name (type, required, default x): leading text", then the rest. */
    const fieldComponent = (node: JsxElement): void => {
      const children = node.children as Nodes[];
      let description = '';
      let index = 0;
      for (; index < children.length; index += 1) {
        const child = children[index] as Nodes;
        if (isBlockComponent(child)) break;
        if (child.type === 'paragraph') description += ` ${inlineChildren(child.children)}`;
        else if (PHRASING.has(child.type)) description += inline(child);
        else break;
      }
      emit(fieldLine(node, collapse(description)));
      blockChildren(children.slice(index));
    };

    for (const child of root.children) block(child);
  };

  try {
    walkTree(tree, file, [file], customIds.ids);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    diagnostics.push({ file, line: 1, column: 1, severity: 'error', ruleId: kind === 'mdx' ? 'mdx-parse' : 'markdown-parse', message: 'Unexpected nesting too deep to read, expected elements nested at most a few hundred levels deep' });
    sections.length = 0;
    current = { anchor: '', headingPath: [], lines: [] };
  }
  closeSection();
  return {
    file,
    kind,
    frontmatter,
    title,
    ...(description === undefined ? {} : { description }),
    headings,
    sections,
    links,
    imports: [...imports].sort(),
    contentHash: hash.digest('hex'),
    diagnostics,
  };
}

/** `ParamField body="limit" type="number" default="10" required` → "limit (number, required, default 10): …". */
function fieldLine(node: JsxElement, description: string): string {
  let name = '';
  for (const key of FIELD_NAME_ATTRIBUTES) {
    const value = jsxAttribute(node, key);
    if (typeof value === 'string') {
      name = value;
      break;
    }
  }
  const details: string[] = [];
  const type = jsxAttribute(node, 'type');
  if (typeof type === 'string') details.push(type);
  const required = jsxAttribute(node, 'required');
  if (required === true || required === 'true') details.push('required');
  const defaultValue = jsxAttribute(node, 'default');
  if (typeof defaultValue === 'string') details.push(`default ${defaultValue}`);
  const head = details.length > 0 ? `${name} (${details.join(', ')})` : name;
  return description === '' ? head : `${head}: ${description}`;
}

/** An attribute's value: its string, `true` when bare, a quoted literal's text or the source of `{…}`; undefined when absent. */
function jsxAttribute(node: JsxElement, name: string): string | true | undefined {
  const found = node.attributes.find((candidate): candidate is MdxJsxAttribute => candidate.type === 'mdxJsxAttribute' && candidate.name === name);
  if (found === undefined) return undefined;
  if (found.value === null || found.value === undefined) return true;
  if (typeof found.value === 'string') return found.value;
  const expression = found.value.value.trim();
  const literal = QUOTED_EXPRESSION.exec(expression);
  if (literal) return literal[2] ?? '';
  return expression === 'true' ? true : expression;
}

/** The error diagnostic of a page (or snippet) the parser rejects, at the parser's line and column; the parser's reason as message. */
function parseFailure(file: string, error: unknown, kind: 'md' | 'mdx'): Diagnostic {
  const failure = error as { line?: number; column?: number; reason?: string; message?: string };
  const fullReason = failure.reason ?? failure.message ?? String(error);
  const reason = fullReason.split('\n')[0] ?? fullReason;
  const place = failure.line === undefined ? PARSER_POSITION_SUFFIX.exec(reason) : null;
  return {
    file,
    line: failure.line ?? Number(place?.[1] ?? 1),
    column: failure.column ?? Number(place?.[2] ?? 1),
    severity: 'error',
    ruleId: kind === 'mdx' ? 'mdx-parse' : 'markdown-parse',
    message: place ? reason.slice(0, place.index) : reason,
    ...(kind === 'mdx' ? { hint: 'In MDX, write `{` as `\\{` and `<` as `&lt;` in prose, and close every component tag.' } : {}),
  };
}

function collapse(text: string): string {
  return text.replace(WHITESPACE, ' ').trim();
}

/** `parsePageTree` of a snippet, memoised (the walk only reads the tree). */
function parseSnippetTree(file: string, text: string): Root {
  const key = `${file}\0${text}`;
  let tree = snippetTrees.get(key);
  if (!tree) {
    tree = parsePageTree(file, text);
    if (snippetTrees.size >= MAX_CACHED_SNIPPETS) snippetTrees.clear();
    snippetTrees.set(key, tree);
  }
  return tree;
}
