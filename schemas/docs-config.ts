/**
 * TypeScript view of schemas/docs.schema.json (the schema is the source of truth and is what validates).
 * Only the members the pipeline reads are typed precisely; the rest stay open.
 */
export interface DocsConfig {
  $schema?: string;
  theme: string;
  name: string;
  description?: string;
  colors: { primary: string; light?: string; dark?: string };
  navigation: NavigationElement & { global?: Record<string, unknown> };
  redirects?: { source: string; destination: string; permanent?: boolean }[];
  api?: { openapi?: ApiSpecReference; asyncapi?: ApiSpecReference; [setting: string]: unknown };
  seo?: { metatags?: Record<string, string>; indexing?: 'navigable' | 'all' };
  search?: { prompt?: string };
  errors?: { '404'?: { redirect?: boolean; title?: string; description?: string } };
  [setting: string]: unknown;
}

/** Where OpenAPI/AsyncAPI specifications come from: a path or URL, several, or a folder to search. */
export type ApiSpecReference = string | (string | ApiSpecObject)[] | ApiSpecObject;

/** A spec with the folder its generated pages go under, and the overlays applied to it. */
export interface ApiSpecObject {
  source: string;
  directory?: string;
  overlays?: string[];
}

/** Any navigation element: the root, a language, version, product, tab, menu item, dropdown, anchor or group. */
export interface NavigationElement {
  languages?: NavigationElement[];
  versions?: NavigationElement[];
  products?: NavigationElement[];
  tabs?: NavigationElement[];
  menu?: NavigationElement[];
  dropdowns?: NavigationElement[];
  anchors?: NavigationElement[];
  groups?: NavigationElement[];
  pages?: (string | NavigationElement)[];
  openapi?: ApiSpecReference;
  asyncapi?: ApiSpecReference;
  language?: string;
  version?: string;
  product?: string;
  tab?: string;
  item?: string;
  dropdown?: string;
  anchor?: string;
  group?: string;
  root?: string;
  hidden?: boolean;
  /** On a hidden tab or group: its pages stay searchable. */
  searchable?: boolean;
  /** On a group: multiplies the search ranking of the pages under it. */
  boost?: number;
  href?: string;
  icon?: string;
  default?: boolean;
  [field: string]: unknown;
}
