import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { loadSearchIndex, search } from '../../runtime/search/index.ts';

// Endpoint pages that only name an operation of a remote spec (not fetched offline), and pages with a title only.
const site = siteSourceFromObject({
  'docs.json': JSON.stringify({
    theme: 'mint',
    name: 'Billing',
    colors: { primary: '#0F766E' },
    api: { openapi: 'https://specs.example.com/openapi.yaml' },
    navigation: {
      groups: [
        { group: 'Guide', pages: ['invoices', 'coming-soon'] },
        { group: 'API', pages: ['api/void-invoice', 'api/list-customers'] },
      ],
    },
  }),
  'invoices.mdx': '---\ntitle: Invoices\n---\n\nAn invoice lists what a customer owes for a billing period.\n',
  'coming-soon.mdx': '---\ntitle: Usage alerts\n---\n',
  'api/void-invoice.mdx': '---\nopenapi: "POST /invoices/{lago_id}/void"\ntitle: "Void an invoice"\n---\n',
  'api/list-customers.mdx': '---\nopenapi: openapi.yaml get /customers\nsidebarTitle: List customers\n---\n',
});

describe('indexed pages without text of their own', () => {
  it('get a search record: their title, and the method and path of an operation whose spec was not loaded', async () => {
    const result = await buildSite(site, { domain: 'billing' });
    const records = (path: string) =>
      result.sectionRecords.filter((record) => record.path === path).map(({ title, text }) => ({ title, text }));
    expect(records('api/void-invoice')).toEqual([{ title: 'Void an invoice', text: 'POST /invoices/{lago_id}/void' }]);
    expect(records('api/list-customers')).toEqual([{ title: 'List customers', text: 'GET /customers' }]);
    expect(records('coming-soon')).toEqual([{ title: 'Usage alerts', text: '' }]);
  });

  it('are found by search', async () => {
    const result = await buildSite(site, { domain: 'billing' });
    const index = loadSearchIndex(JSON.parse(JSON.stringify(result.searchArtifact)));
    expect(search(index, 'void an invoice')[0]?.path).toBe('api/void-invoice');
    expect(search(index, 'usage alerts')[0]?.path).toBe('coming-soon');
    expect(search(index, 'GET /customers')[0]?.path).toBe('api/list-customers');
  });
});
