import type { SiteSource } from '../pipeline/site/site-source.ts';
import {
  capitalise,
  seededRandom,
  SYNTHETIC_TOPICS as TOPICS,
  SYNTHETIC_VERBS as VERBS,
  SYNTHETIC_WORDS as WORDS,
} from './synthetic-words.ts';

/** Options of the synthetic site generator. */
export interface SyntheticSiteOptions {
  /** Number of page files (default 1,250). */
  pages?: number;
  /** Share of pages that are byte-identical copies under a `v1/` version, as versioned sites do (default 0.2). */
  copiedShare?: number;
  /** Seed of the deterministic word generator (default 1). */
  seed?: number;
  /** Site name (default `Synthetic`). */
  name?: string;
}

/**
 * Generates a documentation site of realistic shape in memory: tabs > groups > pages, headings at two
 * levels, components (Steps, ParamField, Tabs, Note), code blocks, and a share of byte-identical pages
 * copied under a second version. Deterministic for a given seed.
 */
export function generateSyntheticSite(options: SyntheticSiteOptions = {}): SiteSource {
  const total = options.pages ?? 1250;
  const copied = Math.floor(total * (options.copiedShare ?? 0.2));
  const unique = total - copied;
  const random = seededRandom(options.seed ?? 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const sentence = (length: number): string => {
    const words = Array.from({ length }, () => pick(WORDS));
    return `${words.join(' ').replace(/^./, (first) => first.toUpperCase())}.`;
  };
  const paragraph = (): string =>
    Array.from({ length: 3 + Math.floor(random() * 4) }, () => sentence(8 + Math.floor(random() * 10))).join(' ');

  const files = new Map<string, string>();
  const groups = new Map<string, string[]>();
  for (let index = 0; index < unique; index += 1) {
    const topic = TOPICS[index % TOPICS.length] as string;
    const verb = pick(VERBS);
    const route = `guides/${topic}/${verb}-${topic}-${index}`;
    groups.set(topic, [...(groups.get(topic) ?? []), route]);
    files.set(`${route}.mdx`, pageText(`${capitalise(verb)} the ${topic} (${index})`, topic, verb, paragraph));
  }
  const copiedRoutes: string[] = [];
  for (let index = 0; index < copied; index += 1) {
    const original = [...files.keys()][index] as string;
    const route = `v1/${original.replace(/\.mdx$/, '')}`;
    copiedRoutes.push(route);
    files.set(`${route}.mdx`, files.get(original) as string);
  }
  const config = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: options.name ?? 'Synthetic',
    colors: { primary: '#0F766E' },
    navigation: {
      versions: [
        {
          version: 'v2',
          default: true,
          tabs: [{ tab: 'Guides', groups: [...groups].map(([topic, pages]) => ({ group: capitalise(topic), pages })) }],
        },
        ...(copiedRoutes.length > 0 ? [{ version: 'v1', groups: [{ group: 'Legacy', pages: copiedRoutes }] }] : []),
      ],
    },
  };
  files.set('docs.json', JSON.stringify(config, null, 2));
  return { files };
}

/** The MDX text of one generated page: front matter, headings, Note, Steps, ParamField and a code block. */
export function pageText(title: string, topic: string, verb: string, paragraph: () => string): string {
  return `---
title: "${title}"
description: "How to ${verb} the ${topic} settings of a project."
---

${paragraph()}

## Before you start

${paragraph()}

<Note>
  You need the \`${topic}:write\` permission to ${verb} this setting.
</Note>

## Steps

<Steps>
  <Step title="Open the ${topic} settings">
    ${paragraph()}
  </Step>
  <Step title="Apply the change">
    ${paragraph()}
  </Step>
</Steps>

## API

<ParamField body="${topic}_id" type="string" required>
  Identifier of the ${topic}. ${paragraph()}
</ParamField>

\`\`\`bash
acme ${topic} ${verb} --project my-project --${topic}-id ${topic}_123
\`\`\`

### Troubleshooting

${paragraph()}
`;
}
