import type { Severity } from './diagnostic.ts';

/** What the catalogue says about one rule: the severity it is reported with and what it checks. */
export interface RuleEntry {
  severity: Severity;
  description: string;
}

/**
 * Every diagnostic rule of the pipeline, with its severity (`--strict` turns warnings into failures) and a
 * one-line description. `docs/diagnostics.md` documents each one with an example and the fix; a test keeps
 * the two in step. Adding a rule is one line here plus one entry there.
 */
export const RULE_CATALOG = {
  // docs.json / mint.json: reading and `$ref`
  'missing-config': { severity: 'error', description: 'The site has neither docs.json nor mint.json.' },
  'json-syntax': { severity: 'error', description: 'A configuration file is not valid JSON.' },
  'duplicate-key': {
    severity: 'warning',
    description: 'A JSON object names the same key twice (the last value is used).',
  },
  'ref-outside-site': { severity: 'error', description: 'A `$ref` points outside the site folder.' },
  'ref-cycle': { severity: 'error', description: '`$ref` files include each other in a cycle.' },
  'ref-missing': { severity: 'error', description: 'A `$ref` names a file that does not exist.' },
  'nesting-too-deep': {
    severity: 'error',
    description:
      'A JSON or YAML input (docs.json, a `$ref` file, a spec, frontmatter) nests lists and objects more than 128 levels deep (a warning for a spec nothing names).',
  },
  'legacy-config': {
    severity: 'warning',
    description: 'The site is configured by the legacy mint.json, read as the equivalent docs.json.',
  },
  // docs.json: schema
  'unknown-key': { severity: 'warning', description: 'A key the configuration does not define (ignored).' },
  'invalid-key': {
    severity: 'error',
    description: 'A key outside the fixed set an object allows (footer socials; `fonts` with `heading` and `body`).',
  },
  'missing-field': { severity: 'error', description: 'A required field is missing.' },
  'invalid-type': { severity: 'error', description: 'A value has the wrong JSON type.' },
  'invalid-value': {
    severity: 'error',
    description: 'A value is not one of the allowed values or does not have the expected form.',
  },
  'invalid-color': { severity: 'error', description: 'A color is not a hex color such as #16A34A.' },
  'invalid-format': { severity: 'error', description: 'A value is not a URL (or URI) where one is expected.' },
  'invalid-spec-source': {
    severity: 'error',
    description: 'An `openapi`/`asyncapi` source is neither a relative path nor an http(s) URL.',
  },
  'invalid-asset-path': {
    severity: 'warning',
    description:
      'A `logo`, `favicon` or `background.image` path does not name a file with an extension (the platform accepts it; a URL without one may still serve an image).',
  },
  'empty-value': { severity: 'error', description: 'A string that must not be empty (or blank) is.' },
  'empty-list': { severity: 'error', description: 'A list that must have entries is empty.' },
  // navigation
  'empty-navigation': { severity: 'error', description: 'The navigation yields no page at all.' },
  'group-without-pages': {
    severity: 'warning',
    description:
      'A navigation group has no `pages` (the platform deploys it empty); it is left out of the navigation, and its `groups`, if any, are resolved as subgroups.',
  },
  'mixed-navigation-children': {
    severity: 'warning',
    description: 'One navigation element holds several kinds of children.',
  },
  'invalid-navigation-list': {
    severity: 'warning',
    description:
      "A navigation element's list (or link, or a group's spec) fails the schema and the platform reads the element without it: it shows a later valid list, or below the top level the element with none, and so does docsmith.",
  },
  'missing-page': { severity: 'warning', description: 'A navigation entry names a page file that does not exist.' },
  'page-extension': {
    severity: 'warning',
    description: 'A navigation page path carries its `.mdx`/`.md` extension: it names no page and is left out.',
  },
  'duplicate-page': {
    severity: 'warning',
    description:
      'A page is listed twice in one navigation (same language, version, product, tab, menu item, dropdown and anchor); listing it under several is cross-listing, not a duplicate.',
  },
  'source-ref-not-built': {
    severity: 'warning',
    description:
      'A `sourceRef` entry names another repository of a multi-repository deployment, whose navigation docsmith does not build here.',
  },
  'reference-not-generated': {
    severity: 'warning',
    description:
      'A `graphql` tab or an `sdk` tab or group asks for generated reference pages, which docsmith does not build.',
  },
  'footer-link-refused': {
    severity: 'warning',
    description:
      "A `footer.links` item's `href` is one the platform's validator refuses (`http:`, `//host`, a `.svg`/`.exe`/`.zip` file).",
  },
  'navbar-link-type': {
    severity: 'warning',
    description:
      'A `navbar.links` entry has a `type` other than `github` or `discord`; it is shown as a standard link.',
  },
  'spec-not-loaded': {
    severity: 'warning',
    description:
      'Operation entries of a navigation element, or the pages a whole-spec element generates, name a spec that did not load (not fetched, unreachable, invalid); they are left out, and so is a group left empty.',
  },
  'unknown-operation': {
    severity: 'warning',
    description:
      'An OpenAPI operation reference matches no operation of the specs in scope (the entry is left out; a page keeps its content).',
  },
  'unknown-channel': {
    severity: 'warning',
    description:
      'Frontmatter `asyncapi` names an AsyncAPI channel (or document) that no loaded AsyncAPI document has (the page keeps its content).',
  },
  'operation-spec-fallback': {
    severity: 'warning',
    description:
      'Frontmatter `openapi` names a spec that does not exist or lacks the operation; the page renders it from a loaded spec that holds it.',
  },
  'unknown-schema': {
    severity: 'warning',
    description:
      'Frontmatter `openapi-schema` names a schema that no loaded spec has in `components.schemas` (the page keeps its content).',
  },
  // redirects
  'duplicate-redirect': {
    severity: 'error',
    description: 'Two redirects have the same source and different destinations.',
  },
  'redirect-loop': { severity: 'warning', description: 'Redirects lead back to where they started.' },
  'redirect-chain': { severity: 'warning', description: 'A redirect needs more than one hop to reach a page.' },
  'redirect-dangling': { severity: 'warning', description: 'A redirect destination is no page of the site.' },
  'redirect-shadows-page': {
    severity: 'warning',
    description: 'A redirect source is also a page, which becomes unreachable.',
  },
  'redirect-anchor-or-query': {
    severity: 'warning',
    description:
      'A redirect source carries an `#anchor` or `?query`, which redirects cannot include: it never applies.',
  },
  // OpenAPI specs
  'missing-spec': {
    severity: 'error',
    description:
      'A spec file (OpenAPI, or AsyncAPI named by a navigation `asyncapi`) named by the configuration does not exist.',
  },
  'remote-spec-skipped': { severity: 'warning', description: 'A remote spec was not fetched (no --allow-network).' },
  'spec-unreachable': { severity: 'error', description: 'A remote spec could not be fetched.' },
  'spec-parse': { severity: 'error', description: 'A spec file is not valid JSON or YAML.' },
  'spec-read-as-yaml': {
    severity: 'warning',
    description:
      'A JSON spec is not valid JSON (a raw line break inside a string, say) but reads as YAML, as the platform reads it: it is built from that reading.',
  },
  'invalid-spec': {
    severity: 'error',
    description: 'A spec file is not a valid OpenAPI 3.0/3.1 or AsyncAPI document.',
  },
  'swagger-spec': {
    severity: 'error',
    description:
      'A spec is Swagger 2.0, which the platform does not load: it is not loaded (a warning when nothing names it).',
  },
  'spec-reference': {
    severity: 'warning',
    description:
      'A `$ref` of a spec cannot be resolved (not fetched, unreachable, outside the site, missing); the operations that use it are built without it.',
  },
  // pages
  'frontmatter-parse': { severity: 'error', description: 'The YAML frontmatter of a page cannot be parsed.' },
  'invalid-frontmatter': {
    severity: 'warning',
    description:
      'The frontmatter is not a mapping or not closed, `title`/`description` is not text, or an operation key (`openapi`, `api`…) holds no text.',
  },
  'page-path-not-url': {
    severity: 'warning',
    description:
      'The path of a page file holds `#`, `?`, `\\` or a control character, which a URL path cannot carry as written.',
  },
  'duplicate-page-file': {
    severity: 'warning',
    description: 'Two files hold one page path (`setup.mdx` and `setup.md`): the `.mdx` is built, the other is not.',
  },
  'page-path-case': {
    severity: 'warning',
    description:
      'Two page files have paths that differ only in case (`Upper.mdx`, `upper.mdx`) or in Unicode normalization (`café` composed and decomposed).',
  },
  'missing-title': {
    severity: 'warning',
    description:
      "A page's frontmatter `title` is blank (or written `Title`): the platform shows it untitled; docsmith uses the `sidebarTitle`, else the file name.",
  },
  'mdx-parse': {
    severity: 'error',
    description: 'An MDX page cannot be parsed (a warning when the navigation does not list the page).',
  },
  'markdown-parse': {
    severity: 'error',
    description: 'A Markdown page cannot be parsed (a warning when the navigation does not list the page).',
  },
  'markdown-not-mdx': {
    severity: 'warning',
    description: 'A `.md` page, which the platform parses as MDX, is not valid MDX; it is read as plain Markdown.',
  },
  'unreadable-file': {
    severity: 'error',
    description: 'A page or spec file is binary or too large to read (a warning when nothing names the file).',
  },
  'symlink-outside-site': {
    severity: 'error',
    description:
      'A symbolic link of the site points outside the site folder; it is never read (a warning when the navigation names no page through it).',
  },
  'too-many-sections': {
    severity: 'warning',
    description: 'A page has more than 10,000 headings; the headings past that are text of its last section.',
  },
  'missing-snippet': {
    severity: 'warning',
    description: 'A page imports or embeds a snippet file that does not exist.',
  },
  'jsx-parse': {
    severity: 'warning',
    description:
      'A `.jsx` or `.js` snippet cannot be parsed as JavaScript with JSX; the components it defines show no text.',
  },
  'snippet-cycle': { severity: 'warning', description: 'Snippets include each other in a cycle.' },
  'snippet-limit': {
    severity: 'warning',
    description: 'Snippets nest more than 8 deep, or one page inlines more than 1,000; the rest are left out.',
  },
  'too-much-expression-text': {
    severity: 'warning',
    description:
      'The `{expressions}` of a page expand to more than 5,000,000 characters of text; the ones past that show no text.',
  },
  // links
  'broken-link': { severity: 'warning', description: 'An internal link reaches no page and no redirect.' },
  'broken-anchor': { severity: 'warning', description: 'A link to `#anchor` names no heading of the target page.' },
  'missing-image': { severity: 'warning', description: 'An image of a page names a file that does not exist.' },
} as const satisfies Record<string, RuleEntry>;

/** A rule id of the catalogue; a diagnostic with any other id is a type error. */
export type RuleId = keyof typeof RULE_CATALOG;

/** The severity the catalogue gives a rule. */
export function ruleSeverity(ruleId: RuleId): Severity {
  return RULE_CATALOG[ruleId].severity;
}
