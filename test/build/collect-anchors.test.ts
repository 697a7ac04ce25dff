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
});
