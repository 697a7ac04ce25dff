import { describe, expect, it } from 'vitest';
import { collectAnchors } from '../../pipeline/build/collect-anchors.ts';
import { parsePage } from '../../pipeline/content/parse-page.ts';

describe('collectAnchors', () => {
  it('offers the titles of tabs, accordions and steps as anchors, as the platform links to them', () => {
    const text = [
      '# Guide',
      '',
      '<Tabs>',
      '  <Tab title="🧑‍💻 OAuth app setup">Create the app.</Tab>',
      "  <Tab title='Using the CLI' icon=\"terminal\">Run it.</Tab>",
      '</Tabs>',
      '',
      '<Accordion title={"Why a token?"}>Because.</Accordion>',
      '',
      '<Steps>',
      '  <Step title="Install the SDK">npm i</Step>',
      '</Steps>',
      '',
      '<Card title="Not an anchor">Cards link elsewhere.</Card>',
      '',
    ].join('\n');
    const page = parsePage({ file: 'guide.mdx', text });
    const anchors = collectAnchors([page], [], () => text).get('guide');
    expect([...(anchors?.keys() ?? [])]).toEqual(['guide', 'oauthappsetup', 'usingthecli', 'whyatoken', 'installthesdk']);
  });

  it('offers a ResponseField as `param-<name>` and the tabs and fields of imported snippets, as the platform renders them on the page', () => {
    const files: Record<string, string> = {
      'reference.mdx': ['# Reference', '', 'import Auth from "/snippets/auth.mdx";', '', '<Auth />', '', '<ResponseField name="metadata.transaction_annotations" type="object">Notes.</ResponseField>', ''].join('\n'),
      'snippets/auth.mdx': ['<Tabs>', '  <Tab title="API Key">Use a key.</Tab>', '</Tabs>', ''].join('\n'),
    };
    const page = parsePage({ file: 'reference.mdx', text: files['reference.mdx'] as string, readSnippet: (file) => files[file] });
    const anchors = collectAnchors([page], [], (file) => files[file]).get('reference');
    expect([...(anchors?.keys() ?? [])]).toEqual(['reference', 'parammetadatatransactionannotations', 'apikey']);
  });
});
