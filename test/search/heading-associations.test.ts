import { describe, expect, it } from 'vitest';
import { buildSearchArtifact } from '../../pipeline/assemble/build-search-artifact.ts';
import { loadSearchIndex, search } from '../../runtime/search/index.ts';
import { type SectionRecord } from '../../contract/search/index.ts';
import { HeadingAssociationsBuilder } from '../../runtime/search/heading-associations.ts';
import { section } from '../helpers/section-record.ts';

const load = (records: SectionRecord[]) => loadSearchIndex(JSON.parse(JSON.stringify(buildSearchArtifact(records))));
/** Unrelated pages, so that the words of the pages under test are rare enough to matter, as on a real site. */
const others = Array.from({ length: 12 }, (_, number) =>
  section(`guides/other-${number}`, `Guide ${number}`, `Projects, invoices and teams explained, part ${number}.`),
);

describe('the heading terms a site associates with a body term', () => {
  it('associates a body term with the heading terms of at least three sections that hold it, strongest first, as shares of the strongest', () => {
    const builder = new HeadingAssociationsBuilder();
    for (let number = 0; number < 3; number += 1) builder.add(['ping', 'interv'], ['aliv', 'peer']);
    builder.add(['session'], ['aliv', 'client']);
    builder.add(['session'], ['client']);
    builder.add(['session'], ['client']);
    for (let number = 0; number < 6; number += 1) builder.add([`topic${number}`], ['other']);
    const associations = builder.finish();
    expect(associations.get('aliv')?.map((associate) => associate.term)).toEqual(['ping', 'interv']);
    expect(associations.get('aliv')?.[0]?.weight).toBe(1);
    expect(associations.get('client')?.map((associate) => associate.term)).toEqual(['session']);
    expect(associations.has('other')).toBe(false);
  });

  it('keeps at most five associates of a term', () => {
    const builder = new HeadingAssociationsBuilder();
    for (let number = 0; number < 3; number += 1) builder.add(['a', 'b', 'c', 'd', 'e', 'f', 'g'], ['word']);
    for (let number = 0; number < 6; number += 1) builder.add(['h'], ['other']);
    expect(builder.finish().get('word')).toHaveLength(5);
  });
});

describe('a question reaches the page the site heads with its own word for it', () => {
  const pages = (withPingSections: boolean) => [
    ...others,
    section('guides/sessions', 'Sessions', 'A connection checks the other side regularly.'),
    section('spec/ping', 'Ping', 'A connection checks the other side regularly.'),
    ...(withPingSections
      ? ['interval', 'timeout', 'frames'].map((topic) =>
          section(`spec/transport-${topic}`, 'Transport', 'The peer answers while it is alive.', {
            anchor: topic,
            headingPath: [`Ping ${topic}`],
          }),
        )
      : []),
  ];
  const order = (records: SectionRecord[]) =>
    search(load(records), 'check the other side is still alive', { pageSize: 10 })
      .map((result) => result.path)
      .filter((path) => path === 'spec/ping' || path === 'guides/sessions');

  it('ranks the page headed "Ping" first among pages that match about as well when the site heads what is "alive" with "ping"', () => {
    expect(order(pages(false))).toEqual(['guides/sessions', 'spec/ping']);
    expect(order(pages(true))).toEqual(['spec/ping', 'guides/sessions']);
  });
});
