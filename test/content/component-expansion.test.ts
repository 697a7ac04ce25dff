import { describe, expect, it } from 'vitest';
import { MAX_RETURN_BRANCHES } from '../../pipeline/content/component-definitions.ts';
import { MAX_COMPONENT_DEPTH, MAX_EXPANDED_NODES } from '../../pipeline/content/expand-component.ts';
import { parsePage } from '../../pipeline/content/parse-page.ts';

const heroCard = `export const HeroCard = ({ title, description, href, children }) => {
  return (
    <a className="group flex" href={href}>
      <div className="overflow-hidden">
        {children}
      </div>
      <div className="flex flex-col">
        <h3 className="text-lg">
          {title}
        </h3>
        <p className="text-gray-600">
          {description}
        </p>
      </div>
    </a>
  )
}
`;

/** The page's section texts, one string per section, its anchor first. */
function sectionsOf(text: string, snippets: Record<string, string> = {}): string[] {
  const page = parsePage({ file: 'index.mdx', text, readSnippet: (file) => snippets[file] });
  expect(page.diagnostics).toEqual([]);
  return page.sections.map((section) => `[${section.anchor}] ${section.text}`);
}

describe('calls of components defined with a JSX body render the text their body shows', () => {
  it('substitutes string props and children into a page-local component; its headings are text, not page headings', () => {
    const page = parsePage({
      file: 'index.mdx',
      text: `---\ntitle: Home\n---\n\n${heroCard}\n## Start\n\n<HeroCard title="Developer platform" description={"API reference and SDKs"} href="/overview">\n  <img src="/a.png" alt="" />\n\n  Pick a **path**.\n</HeroCard>\n`,
    });
    expect(page.sections.map((section) => [section.anchor, section.text])).toEqual([
      ['start', 'Pick a path.\nDeveloper platform\nAPI reference and SDKs'],
    ]);
    expect(page.headings.map((heading) => heading.text)).toEqual(['Start']);
    expect(page.links.map((link) => link.url)).toContain('/overview');
  });

  it('reads components a .jsx or .mdx snippet exports by name: `props.x`, block bodies, string defaults, `&&` and `? :` on given props', () => {
    const snippets = {
      'snippets/badge.jsx': `import { useState } from "react";\n\nconst Dot = () => <span>•</span>;\n\nexport function Badge(props) {\n  const [open] = useState(false);\n  return <span><Dot /> {props.label}{props.beta && <em> (beta)</em>}{props.note ? <i> {props.note}</i> : " stable"}</span>;\n}\n`,
      'snippets/box.mdx':
        'export const Box = ({ heading = "Box", children }) => <section><h4>{heading}</h4>{children}</section>;\n',
    };
    expect(
      sectionsOf(
        'import { Badge } from "/snippets/badge.jsx";\nimport { Box } from "/snippets/box.mdx";\n\nStatus: <Badge label="Queues" beta />, <Badge label="Cron" note="since 2.1" />.\n\n<Box heading="Limits">\n  Ten a second.\n</Box>\n\n<Box>\n  Untitled.\n</Box>\n',
        snippets,
      ),
    ).toEqual(['[] Status: • Queues (beta) stable, • Cron since 2.1.\nLimits\nTen a second.\nBox\nUntitled.']);
  });

  it('keeps children the body passes through code after what it renders', () => {
    expect(
      sectionsOf(
        'export const Thread = ({ title, children }) => {\n  const rest = children.slice(1);\n  return <div><b>{title}</b>{rest}</div>;\n};\n\n<Thread title="Support">\n  First message.\n</Thread>\n',
      ),
    ).toEqual(['[] Support\nFirst message.']);
  });

  it('drops what it cannot know without running code, and the text around it stays', () => {
    expect(
      sectionsOf(
        'export const Shout = ({ word, items }) => <p>{word.toUpperCase()} {items.map((item) => <b>{item}</b>)} {fetch("/x")} {word}!</p>;\n\n<Shout word="hello" items={["a"]} />\n',
      ),
    ).toEqual(['[] hello!']);
  });

  it('stops a component that calls itself, and a call tree past the node budget keeps its children as written', () => {
    const loop = sectionsOf(
      'export const Loop = ({ children }) => <div>Loop {children}<Loop /></div>;\n\n<Loop>x</Loop>\n',
    );
    // `<Loop>x</Loop>` alone on its line is a block, so each `<div>` it renders is a line of its own.
    expect(loop).toEqual([`[] Loop x${'\nLoop'.repeat(MAX_COMPONENT_DEPTH)}`]);
    const fanOut = Array.from(
      { length: 6 },
      (_, level) =>
        `export const L${level} = () => <div>${Array.from({ length: 10 }, () => `<L${level + 1} />`).join('')}</div>;`,
    ).join('\n');
    const text = sectionsOf(`${fanOut}\nexport const L6 = () => <span>leaf</span>;\n\n<L0>kept</L0>\n`).join('\n');
    expect(text).toBe('[] kept');
    const repeats = Array.from(
      { length: 6 },
      (_, level) =>
        `export const R${level} = ({ children }) => <R${level + 1}>${'{children}'.repeat(10)}</R${level + 1}>;`,
    ).join('\n');
    expect(sectionsOf(`${repeats}\nexport const R6 = ({ children }) => <p>{children}</p>;\n\n<R0>kept</R0>\n`)).toEqual(
      ['[] kept'],
    );
    expect(10 ** 6).toBeGreaterThan(MAX_EXPANDED_NODES);
  });

  it("changes the page's content hash when a .jsx snippet it calls changes", () => {
    const hash = (label: string): string =>
      parsePage({
        file: 'index.mdx',
        text: 'import { Badge } from "/snippets/badge.jsx";\n\n<Badge />\n',
        readSnippet: (file) =>
          file === 'snippets/badge.jsx' ? `export const Badge = () => <b>${label}</b>;\n` : undefined,
      }).contentHash;
    expect(hash('New')).not.toBe(hash('Old'));
  });
});

const featureCard = `export const FeatureCard = ({ title, children, href, tag, layout }) => {
  const isInline = layout === 'inline';
  const card = (
    <div className="feature-card">
      {isInline ? <span>{title} ({tag})</span> : <div>{title}</div>}
      <div className="feature-card-desc">{children}</div>
      {tag && !isInline && <span className="feature-card-tag">{tag}</span>}
    </div>
  );
  return href ? <a href={href}>{card}</a> : card;
};
`;

describe('component bodies that build JSX in a local const and return a conditional', () => {
  it('substitute the const and take the branch the props decide, link and all', () => {
    const page = parsePage({
      file: 'index.mdx',
      text: `${featureCard}
<FeatureCard title="Self-custody wallets" href="/wallets" tag="Beta">
  Send crypto
</FeatureCard>
<FeatureCard title="Webhooks" layout="inline" tag="New">
  Monitor status
</FeatureCard>
`,
    });
    expect(page.sections.map((section) => section.text)).toEqual([
      'Self-custody wallets\nSend crypto\nBeta\nWebhooks (New)\nMonitor status',
    ]);
    expect(new Set(page.links.map((link) => link.url))).toEqual(new Set(['/wallets']));
  });

  it('read `if … return` chains, `return x` and `return (a && <jsx/>)`, and a test not known takes the branch with the most text', () => {
    const snippets = {
      'snippets/cards.jsx': `export const Plain = ({ title }) => {\n  const body = <b>{title}</b>;\n  return body;\n};\nexport const Maybe = ({ title }) => {\n  return (title && <i>{title}</i>);\n};\nexport function Tier({ plan, name }) {\n  const label = <em>{name}</em>;\n  if (plan === 'pro') {\n    return <p>Pro: {label}</p>;\n  } else if (!plan) return null;\n  return <p>Free: {label}</p>;\n}\nexport const Linked = ({ href, title }) => {\n  const card = <div>{title}</div>;\n  if (isExternal(href)) return <a href={href}>{card}</a>;\n  return window.compact ? <span /> : card;\n};\n`,
    };
    expect(
      sectionsOf(
        'import { Plain, Maybe, Tier, Linked } from "/snippets/cards.jsx";\n\n<Plain title="One" />\n<Maybe title="Two" />\n<Maybe />\n<Tier plan="pro" name="Three" />\n<Tier plan="free" name="Four" />\n<Tier name="Hidden" />\n<Linked href="https://x.example" title="Five" />\n',
        snippets,
      ),
    ).toEqual(['[] One\nTwo\nPro: Three\nFree: Four\nFive']);
  });

  it('stop at a const naming itself, cost the budget for consts doubling each other, and bound `if` chains', () => {
    expect(
      sectionsOf(
        'export const Self = ({ title }) => {\n  const a = <div>{title}{b}</div>;\n  const b = <p>{a}</p>;\n  const c = <div>{c}</div>;\n  return <section>{a}{c}</section>;\n};\n\n<Self title="Once" />\n',
      ),
    ).toEqual(['[] Once']);
    const doubling = Array.from(
      { length: 40 },
      (_, level) => `  const c${level + 1} = window.q ? c${level} : c${level};`,
    ).join('\n');
    expect(
      sectionsOf(
        `export const Fan = () => {\n  const c0 = <b>x</b>;\n${doubling}\n  return <div>{c40}</div>;\n};\n\n<Fan>kept</Fan>\n`,
      ),
    ).toEqual(['[] kept']);
    const chain = (length: number): string =>
      `export const Chain = ({ n }) => {\n${Array.from({ length }, (_, index) => `  if (n === "${index}") return <b>case ${index}</b>;`).join('\n')}\n  return <b>last</b>;\n};\n\nSee <Chain n="3">kept</Chain>.\n`;
    expect(sectionsOf(chain(MAX_RETURN_BRANCHES))).toEqual(['[] See case 3kept.']);
    expect(sectionsOf(chain(MAX_RETURN_BRANCHES + 1))).toEqual(['[] See kept.']);
    const ternaries = `export const Deep = ({ n }) => {\n  const x = ${Array.from({ length: 300 }, (_, index) => `n === "${index}" ? <b>t${index}</b> : `).join('')}<b>end</b>;\n  return x;\n};\n\n<Deep n="299" />\n`;
    expect(sectionsOf(ternaries)).toEqual(['[] t299']);
  });
});
