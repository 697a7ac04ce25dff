import { createHash } from 'node:crypto';
import path from 'node:path/posix';
import GithubSlugger from 'github-slugger';
import type { Nodes, Root } from 'mdast';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { parse as parseYaml } from 'yaml';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { PageHeading, PageLink, PageSection, ParsedPage } from './parsed-page.ts';
import { pageKind, parsePageTree } from './parse-page-tree.ts';

/** Input of `parsePage`: a page file's text and a way to read the snippets it imports. */
export interface PageInput {
  /** Site-relative POSIX path, e.g. `guides/intro.mdx`. */
  file: string;
  text: string;
  /** Reads another file of the site (snippets); undefined when it does not exist. */
  readSnippet?: (file: string) => string | undefined;
}

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** Components whose title-like attribute becomes a sub-heading line of the section text. */
const TITLE_ATTRIBUTE: Record<string, string> = {
  Tab: 'title',
  Accordion: 'title',
  Step: 'title',
  Card: 'title',
  Update: 'label',
  Expandable: 'title',
  Frame: 'caption',
  Tooltip: 'tip',
};
const PARAM_NAME_ATTRIBUTES = ['path', 'body', 'query', 'header', 'name'];
const IMPORT_STATEMENT = /import\s+(?:(\w+)|\{([^}]*)\})\s+from\s+['"]([^'"]+)['"]/g;
const SNIPPET_EXTENSIONS = ['', '.mdx', '.md'];
const MAX_SNIPPET_DEPTH = 8;
/** Inline (phrasing) node types: their text joins the current line. */
const PHRASING = new Set(['text', 'inlineCode', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'image', 'imageReference', 'break', 'html', 'mdxTextExpression', 'mdxJsxTextElement', 'footnoteReference']);
/** Components that structure content (titles, fields, callouts) rather than style a few words. */
const STRUCTURAL_COMPONENTS = new Set(['ParamField', 'ResponseField', 'Snippet', 'Note', 'Tip', 'Warning', 'Info', 'Check', 'Steps', 'Step', 'Tabs', 'Tab', 'AccordionGroup', 'Accordion', 'Card', 'CardGroup', 'Expandable', 'Frame', 'Update', 'CodeGroup', 'RequestExample', 'ResponseExample']);

/**
 * Parses one page file into what the pipeline needs: frontmatter, title, headings with anchors, sections of
 * plain text (component text and attributes kept, JSX/ESM syntax dropped, snippets inlined), links and the
 * files it imports. Pure and synchronous; a page that fails to parse comes back with an error diagnostic.
 */
export function parsePage(input: PageInput): ParsedPage {
  const { file, text } = input;
  const kind = pageKind(file);
  const diagnostics: Diagnostic[] = [];
  const hash = createHash('sha256').update(text);
  const imports = new Set<string>();
  const fallbackTitle = titleFromFileName(file);

  let tree: Root;
  try {
    tree = parsePageTree(file, text);
  } catch (error) {
    diagnostics.push(parseFailure(file, error, kind));
    return { file, kind, frontmatter: {}, title: fallbackTitle, headings: [], sections: [], links: [], imports: [], contentHash: hash.digest('hex'), diagnostics };
  }

  const frontmatter = readFrontmatter(tree, file, diagnostics);
  const title = typeof frontmatter.title === 'string' && frontmatter.title.trim() !== '' ? frontmatter.title.trim() : fallbackTitle;
  if (title === fallbackTitle && typeof frontmatter.title !== 'string') {
    diagnostics.push({
      file,
      line: 1,
      column: 1,
      severity: 'warning',
      ruleId: 'missing-title',
      message: `Missing frontmatter \`title\`, using \`${fallbackTitle}\` from the file name`,
      hint: 'Start the page with a frontmatter block holding title and description, between two --- lines.',
    });
  }
  const description = typeof frontmatter.description === 'string' ? frontmatter.description : undefined;
  if (frontmatter.description !== undefined && description === undefined) {
    diagnostics.push({ file, line: 1, column: 1, severity: 'warning', ruleId: 'invalid-frontmatter', message: 'Unexpected non-text `description` in frontmatter, expected a string' });
  }

  const slugger = new GithubSlugger();
  const headings: PageHeading[] = [];
  const links: PageLink[] = [];
  const sections: PageSection[] = [];
  let current: { anchor: string; headingPath: string[]; lines: string[] } = { anchor: '', headingPath: [], lines: [] };
  const headingStack: { depth: number; text: string }[] = [];
  const emit = (line: string): void => {
    const trimmed = line.trim();
    if (trimmed !== '') current.lines.push(trimmed);
  };
  const closeSection = (): void => {
    if (current.lines.length > 0 || current.anchor !== '') sections.push({ anchor: current.anchor, headingPath: current.headingPath, text: current.lines.join('\n') });
  };

  const walkTree = (root: Root, context: { file: string; components: Map<string, string>; stack: string[] }): void => {
    const components = new Map(context.components);
    const resolveImport = (specifier: string): string => {
      const base = specifier.startsWith('/') ? specifier.slice(1) : path.join(path.dirname(context.file), specifier);
      const normalised = path.normalize(base);
      for (const extension of SNIPPET_EXTENSIONS) {
        if (input.readSnippet?.(`${normalised}${extension}`) !== undefined) return `${normalised}${extension}`;
      }
      return normalised;
    };
    const inlineSnippet = (snippetFile: string): void => {
      const snippetText = input.readSnippet?.(snippetFile);
      if (snippetText === undefined || !/\.mdx?$/.test(snippetFile) || context.stack.includes(snippetFile) || context.stack.length > MAX_SNIPPET_DEPTH) return;
      hash.update('\0').update(snippetText);
      let snippetTree: Root;
      try {
        snippetTree = parsePageTree(snippetFile, snippetText);
      } catch (error) {
        diagnostics.push({ ...parseFailure(snippetFile, error, pageKind(snippetFile)), severity: 'warning', message: `Snippet \`${snippetFile}\` imported by \`${file}\` cannot be parsed` });
        return;
      }
      walkTree(snippetTree, { file: snippetFile, components: new Map(), stack: [...context.stack, snippetFile] });
    };

    const inline = (node: Nodes): string => {
      switch (node.type) {
        case 'text':
        case 'inlineCode':
          return node.value;
        case 'break':
          return ' ';
        case 'image':
          return node.alt ?? '';
        case 'html':
          return node.value.replace(/<[^>]*>/g, ' ');
        case 'link':
          recordLink(node.url, node.position?.start);
          return node.children.map(inline).join('');
        case 'mdxJsxTextElement':
          recordJsxLinks(node);
          return node.children.map((child) => inline(child as Nodes)).join('');
        case 'mdxTextExpression':
          return '';
        default:
          return 'children' in node ? (node.children as Nodes[]).map(inline).join('') : '';
      }
    };
    const recordLink = (url: string, start?: { line: number; column: number }): void => {
      if (context.file === file) links.push({ url, line: start?.line ?? 0, column: start?.column ?? 0 });
    };
    const recordJsxLinks = (node: JsxElement): void => {
      const href = attribute(node, 'href');
      if (typeof href === 'string') recordLink(href, node.position?.start);
    };

    const block = (node: Nodes): void => {
      switch (node.type) {
        case 'yaml':
        case 'definition':
          if (node.type === 'definition') recordLink(node.url, node.position?.start);
          return;
        case 'heading': {
          const headingText = collapse(node.children.map(inline).join(''));
          if (headingText === '') return;
          closeSection();
          const anchor = slugger.slug(headingText);
          headings.push({ depth: node.depth, text: headingText, anchor, line: node.position?.start.line ?? 0 });
          while (headingStack.length > 0 && (headingStack.at(-1)?.depth ?? 0) >= node.depth) headingStack.pop();
          headingStack.push({ depth: node.depth, text: headingText });
          current = { anchor, headingPath: headingStack.map((heading) => heading.text), lines: [] };
          return;
        }
        case 'paragraph':
          blockChildren(node.children);
          return;
        case 'tableCell':
          emit(collapse(node.children.map(inline).join('')));
          return;
        case 'tableRow':
          emit(node.children.map((cell) => collapse(cell.children.map(inline).join(''))).join(' | '));
          return;
        case 'code':
          emit(node.value);
          return;
        case 'html':
          emit(collapse(node.value.replace(/<[^>]*>/g, ' ')));
          return;
        case 'mdxjsEsm':
          for (const match of node.value.matchAll(IMPORT_STATEMENT)) {
            const resolved = resolveImport(match[3] ?? '');
            imports.add(resolved);
            const names = match[1] ? [match[1]] : (match[2] ?? '').split(',').map((name) => name.trim().split(/\s+as\s+/).pop() ?? '');
            for (const name of names) if (name) components.set(name, resolved);
          }
          return;
        case 'mdxFlowExpression':
        case 'thematicBreak':
          return;
        case 'mdxJsxFlowElement':
        case 'mdxJsxTextElement':
          component(node);
          return;
        default:
          if ('children' in node) blockChildren(node.children as Nodes[]);
      }
    };
    /** Emits consecutive phrasing nodes as one line and hands components and flow nodes to `block`. */
    const blockChildren = (children: Nodes[]): void => {
      let line = '';
      for (const child of children) {
        if ((child.type === 'mdxJsxTextElement' && isComponent(child)) || !PHRASING.has(child.type)) {
          emit(collapse(line));
          line = '';
          block(child);
        } else {
          line += inline(child);
        }
      }
      emit(collapse(line));
    };
    const component = (node: JsxElement): void => {
      const name = node.name ?? '';
      recordJsxLinks(node);
      if (name === 'Snippet') {
        const snippetAttribute = attribute(node, 'file');
        if (typeof snippetAttribute === 'string') {
          const snippetFile = path.normalize(snippetAttribute.startsWith('/') ? snippetAttribute.slice(1) : `snippets/${snippetAttribute}`);
          imports.add(snippetFile);
          inlineSnippet(snippetFile);
        }
        return;
      }
      const imported = components.get(name);
      if (imported) {
        inlineSnippet(imported);
        return;
      }
      if (name === 'ParamField' || name === 'ResponseField') {
        emit(fieldLine(node, collapse(childrenText(node))));
        for (const child of node.children) if (child.type === 'mdxJsxFlowElement' || (child.type === 'mdxJsxTextElement' && isComponent(child))) block(child as Nodes);
        return;
      }
      const titleAttribute = TITLE_ATTRIBUTE[name];
      if (titleAttribute) {
        const heading = attribute(node, titleAttribute);
        if (typeof heading === 'string') emit(heading);
        if (name === 'Update') {
          const updateDescription = attribute(node, 'description');
          if (typeof updateDescription === 'string') emit(updateDescription);
        }
      }
      blockChildren(node.children as Nodes[]);
    };
    const childrenText = (node: JsxElement): string =>
      node.children
        .filter((child) => child.type !== 'mdxJsxFlowElement' && !(child.type === 'mdxJsxTextElement' && isComponent(child)))
        .map((child) => (child.type === 'paragraph' ? child.children.map((phrase) => inline(phrase as Nodes)).join('') : inline(child as Nodes)))
        .join(' ');

    for (const child of root.children) block(child);
  };

  walkTree(tree, { file, components: new Map(), stack: [file] });
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

/** Whether a JSX element is a structural component (or an imported snippet, written with a capital letter). */
function isComponent(node: JsxElement): boolean {
  const name = node.name ?? '';
  return STRUCTURAL_COMPONENTS.has(name) || (/^[A-Z]/.test(name) && name !== 'Tooltip');
}

/** `ParamField body="limit" type="number" default="10" required` → "limit (number, required, default 10): …". */
function fieldLine(node: JsxElement, description: string): string {
  const name = PARAM_NAME_ATTRIBUTES.map((key) => attribute(node, key)).find((value): value is string => typeof value === 'string') ?? '';
  const details: string[] = [];
  const type = attribute(node, 'type');
  if (typeof type === 'string') details.push(type);
  const required = attribute(node, 'required');
  if (required === true || required === 'true') details.push('required');
  const defaultValue = attribute(node, 'default');
  if (typeof defaultValue === 'string') details.push(`default ${defaultValue}`);
  const head = details.length > 0 ? `${name} (${details.join(', ')})` : name;
  return description ? `${head}: ${description}` : head;
}

/** An attribute's value: its string, `true` for a bare attribute, the expression source for `{…}`, or undefined. */
function attribute(node: JsxElement, name: string): string | true | undefined {
  const found = node.attributes.find((candidate): candidate is MdxJsxAttribute => candidate.type === 'mdxJsxAttribute' && candidate.name === name) as
    | MdxJsxAttribute
    | MdxJsxExpressionAttribute
    | undefined;
  if (!found || found.type !== 'mdxJsxAttribute') return undefined;
  if (found.value === null || found.value === undefined) return true;
  if (typeof found.value === 'string') return found.value;
  const expression = found.value.value.trim();
  const literal = /^(['"`])([\s\S]*)\1$/.exec(expression);
  if (literal) return literal[2];
  return expression === 'true' ? true : expression;
}

function readFrontmatter(tree: Root, file: string, diagnostics: Diagnostic[]): Record<string, unknown> {
  const node = tree.children[0];
  if (node?.type !== 'yaml') return {};
  try {
    const value = parseYaml(node.value) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    if (value !== null && value !== undefined) {
      diagnostics.push({ file, line: 1, column: 1, severity: 'warning', ruleId: 'invalid-frontmatter', message: 'Unexpected frontmatter that is not a list of `key: value` pairs' });
    }
  } catch (error) {
    const position = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    diagnostics.push({
      file,
      line: (position?.line ?? 0) + 1,
      column: position?.col ?? 1,
      severity: 'error',
      ruleId: 'frontmatter-parse',
      message: `Cannot parse the frontmatter: ${firstLine((error as Error).message)}`,
      hint: 'Quote values that contain a colon, e.g. title: "Step 1: install".',
    });
  }
  return {};
}

function parseFailure(file: string, error: unknown, kind: 'md' | 'mdx'): Diagnostic {
  const failure = error as { line?: number; column?: number; reason?: string; message?: string };
  const reason = firstLine(failure.reason ?? failure.message ?? String(error));
  const place = /\((\d+):(\d+)(?:-\d+:\d+)?\)\s*$/.exec(reason);
  return {
    file,
    line: failure.line ?? Number(place?.[1] ?? 1),
    column: failure.column ?? Number(place?.[2] ?? 1),
    severity: 'error',
    ruleId: kind === 'mdx' ? 'mdx-parse' : 'markdown-parse',
    message: `Cannot parse the page: ${reason.replace(/\s*\(\d+:\d+(?:-\d+:\d+)?\)\s*$/, '')}`,
    hint: kind === 'mdx' ? 'In MDX, write `{` as `\\{` and `<` as `&lt;` in prose, and close every component tag.' : undefined,
  } as Diagnostic;
}

/** The title a page without one gets: last path segment, dashes/underscores to spaces, first letter capitalised. */
export function titleFromFileName(file: string): string {
  const name = path.basename(file).replace(/\.(mdx?|markdown)$/i, '').replace(/[-_]+/g, ' ').trim();
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
