import { describe, expect, it } from 'vitest';
import type {
  PageContext,
  PageReference,
  ContentSection,
  SearchArtifact,
  SearchEmbeddings,
  SectionBody,
} from '../../contract/search/index.ts';
import type {
  Manifest,
  ManifestContent,
  ManifestHeading,
  ManifestNavigationNode,
  ManifestPage,
  ManifestPageRecord,
  ManifestRedirect,
  ManifestSite,
} from '../../schemas/manifest.ts';
import manifestSchema from '../../schemas/manifest.schema.json' with { type: 'json' };
import searchArtifactSchema from '../../schemas/search-artifact.schema.json' with { type: 'json' };
import {
  expectShapeMatchesSchema,
  schemaObjectPointers,
  type SchemaNode,
  type Shape,
} from '../helpers/schema-shape.ts';

// The manifest and search-artifact types are checked against their schemas the way schemas/docs-config.ts is
// checked against docs.schema.json, but in both directions: the compiler makes each shape list every member of its
// type, the test requires the schema object to declare exactly those members (same JSON types, same required
// members, open or closed alike), and every object the schema declares members for must have a shape.

type Operation = NonNullable<ManifestPage['operation']>;
type HandWrittenApi = NonNullable<ManifestPage['api']>;
type Channel = NonNullable<ManifestPage['channel']>;

const operationShape = {
  types: { specFile: ['string'], method: ['string'], path: ['string'] },
  open: false,
  required: ['specFile', 'method', 'path'],
} satisfies Shape<Operation>;
const apiShape = {
  types: { method: ['string'], url: ['string'] },
  open: false,
  required: ['method', 'url'],
} satisfies Shape<HandWrittenApi>;
const channelShape = {
  types: { specFile: ['string'], id: ['string'] },
  open: false,
  required: ['specFile', 'id'],
} satisfies Shape<Channel>;
const contextShape = {
  types: {
    language: ['string'],
    version: ['string'],
    product: ['string'],
    tab: ['string'],
    dropdown: ['string'],
    anchor: ['string'],
    menu: ['string'],
    groups: ['array'],
  },
  open: false,
  required: ['groups'],
} satisfies Shape<PageContext>;
const pageFlags = {
  inNavigation: ['boolean'],
  hidden: ['boolean'],
  noindex: ['boolean'],
  searchable: ['boolean'],
  indexed: ['boolean'],
} as const;

const manifestShapes: Record<string, { shape: { types: object; open: boolean; required: readonly string[] } }> = {
  '': {
    shape: {
      types: {
        formatVersion: ['integer'],
        generator: ['string'],
        domain: ['string'],
        buildId: ['string'],
        site: ['object'],
        navigation: ['array'],
        contents: ['array'],
        pages: ['array'],
        redirects: ['array'],
        artifacts: ['object'],
        diagnostics: ['object'],
      },
      open: false,
      required: [
        'formatVersion',
        'generator',
        'domain',
        'buildId',
        'site',
        'navigation',
        'contents',
        'pages',
        'redirects',
        'artifacts',
        'diagnostics',
      ],
    } satisfies Shape<Manifest>,
  },
  '/properties/artifacts': {
    shape: {
      types: { search: ['object'], agentFiles: ['object'] },
      open: false,
      required: ['search'],
    } satisfies Shape<Manifest['artifacts']>,
  },
  '/properties/artifacts/properties/agentFiles': {
    shape: {
      types: { sha256: ['string'], files: ['integer'] },
      open: false,
      required: ['sha256', 'files'],
    } satisfies Shape<NonNullable<Manifest['artifacts']['agentFiles']>>,
  },
  '/properties/artifacts/properties/search': {
    shape: {
      types: { file: ['string'], sha256: ['string'], bytes: ['integer'], sections: ['integer'] },
      open: false,
      required: ['file', 'sha256', 'bytes', 'sections'],
    } satisfies Shape<Manifest['artifacts']['search']>,
  },
  '/properties/diagnostics': {
    shape: {
      types: { errors: ['integer'], warnings: ['integer'], byRule: ['object'] },
      open: false,
      required: ['errors', 'warnings', 'byRule'],
    } satisfies Shape<Manifest['diagnostics']>,
  },
  '/$defs/site': {
    shape: {
      types: {
        name: ['string'],
        url: ['string'],
        description: ['string'],
        theme: ['string'],
        colors: ['object'],
        logo: [],
        favicon: [],
        navbar: ['object'],
        footer: ['object'],
        banner: ['object'],
        contextual: ['object'],
        errors: ['object'],
        seo: ['object'],
        search: ['object'],
        defaultLanguage: ['string'],
        defaultVersion: ['string'],
        defaultProduct: ['string'],
      },
      open: true,
      required: ['name', 'theme', 'colors'],
    } satisfies Shape<ManifestSite>,
  },
  '/$defs/context': { shape: contextShape },
  '/$defs/heading': {
    shape: {
      types: { depth: ['integer'], text: ['string'], anchor: ['string'] },
      open: false,
      required: ['depth', 'text', 'anchor'],
    } satisfies Shape<ManifestHeading>,
  },
  '/$defs/pageRecord': {
    shape: {
      types: {
        path: ['string'],
        title: ['string'],
        file: ['string'],
        kind: ['string'],
        contentHash: ['string'],
        context: ['object'],
        ...pageFlags,
        operation: ['object'],
        channel: ['object'],
        api: ['object'],
        url: ['string'],
        userGroups: ['array'],
        content: ['integer'],
      },
      open: false,
      required: [
        'path',
        'title',
        'kind',
        'contentHash',
        'context',
        'inNavigation',
        'hidden',
        'noindex',
        'searchable',
        'indexed',
        'content',
      ],
    } satisfies Shape<ManifestPageRecord>,
  },
  '/$defs/pageRecord/properties/operation': { shape: operationShape },
  '/$defs/pageRecord/properties/api': { shape: apiShape },
  '/$defs/pageRecord/properties/channel': { shape: channelShape },
  '/$defs/redirect': {
    shape: {
      types: { source: ['string'], destination: ['string'], permanent: ['boolean'] },
      open: false,
      required: ['source', 'destination', 'permanent'],
    } satisfies Shape<ManifestRedirect>,
  },
  '/$defs/navigationNode': {
    shape: {
      types: { kind: ['string'], label: ['string'], children: ['array'] },
      open: true,
      required: ['kind'],
    } satisfies Shape<ManifestNavigationNode>,
  },
  '/$defs/content': {
    shape: {
      types: { description: ['string'], headings: ['array'] },
      open: false,
      required: ['headings'],
    } satisfies Shape<ManifestContent>,
  },
};

const searchArtifactShapes: Record<string, { shape: { types: object; open: boolean; required: readonly string[] } }> = {
  '': {
    shape: {
      types: {
        formatVersion: ['integer'],
        engine: ['string'],
        defaults: ['object'],
        fieldWeights: ['object'],
        bm25Params: ['object'],
        bodies: ['array'],
        terms: ['array'],
        sections: ['array'],
        contexts: ['array'],
        pages: ['array'],
        embeddings: ['object'],
        vectors: ['array'],
      },
      open: false,
      required: [
        'formatVersion',
        'engine',
        'defaults',
        'fieldWeights',
        'bm25Params',
        'bodies',
        'terms',
        'sections',
        'contexts',
        'pages',
      ],
    } satisfies Shape<SearchArtifact>,
  },
  '/properties/defaults': {
    shape: { types: { language: ['string'], version: ['string'] }, open: false, required: [] } satisfies Shape<
      SearchArtifact['defaults']
    >,
  },
  '/properties/fieldWeights': {
    shape: {
      types: { title: ['number'], headings: ['number'], body: ['number'] },
      open: false,
      required: ['title', 'headings', 'body'],
    } satisfies Shape<SearchArtifact['fieldWeights']>,
  },
  '/properties/bm25Params': {
    shape: {
      types: { k1: ['number'], b: ['number'], k: ['number'] },
      open: false,
      required: ['k1', 'b', 'k'],
    } satisfies Shape<SearchArtifact['bm25Params']>,
  },
  '/properties/bodies/items': {
    shape: {
      types: {
        headingPath: ['array'],
        title: ['string'],
        text: ['string'],
        description: ['string'],
        keywords: ['array'],
        links: ['integer'],
        language: ['string'],
      },
      open: false,
      required: ['headingPath', 'title', 'text'],
    } satisfies Shape<SectionBody>,
  },
  '/properties/sections/items': {
    shape: {
      types: { content: ['integer'], anchor: ['string'], body: ['integer'] },
      open: false,
      required: ['content', 'anchor', 'body'],
    } satisfies Shape<ContentSection>,
  },
  '/properties/embeddings': {
    shape: {
      types: { model: ['string'], url: ['string'], dimensions: ['integer'], encoding: ['string'] },
      open: false,
      required: ['model', 'url', 'dimensions', 'encoding'],
    } satisfies Shape<SearchEmbeddings>,
  },
  '/properties/contexts/items': { shape: contextShape },
  '/properties/pages/items': {
    shape: {
      types: { path: ['string'], content: ['integer'], context: ['integer'], boost: ['number'], tag: ['string'] },
      open: false,
      required: ['path', 'content', 'context'],
    } satisfies Shape<PageReference>,
  },
};

describe.each([
  ['schemas/manifest.ts', 'schemas/manifest.schema.json', manifestSchema as SchemaNode, manifestShapes],
  [
    'contract/search/search-artifact.ts',
    'schemas/search-artifact.schema.json',
    searchArtifactSchema as SchemaNode,
    searchArtifactShapes,
  ],
] as const)('%s against %s', (_types, _schema, schema, shapes) => {
  it('has a shape for every object the schema declares members for', () => {
    expect(Object.keys(shapes).sort()).toEqual(schemaObjectPointers(schema).sort());
  });

  it.each(
    Object.entries(shapes as Record<string, { shape: { types: object; open: boolean; required: readonly string[] } }>),
  )('declares the members of `%s` as the schema does', (pointer, { shape }) => {
    expectShapeMatchesSchema(schema, pointer, shape);
  });
});
