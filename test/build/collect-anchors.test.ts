import { describe, expect, it } from 'vitest';
import { collectAnchors } from '../../pipeline/assemble/collect-anchors.ts';
import { parsePage } from '../../pipeline/content/parse-page.ts';

describe('collectAnchors', () => {
  it('offers the titles of tabs, accordions and steps as anchors, as the platform links to them', () => {
    const text = [
      '# Guide',
      '',
      '<Tabs>',
      '  <Tab title="🧑‍💻 OAuth app setup">Create the app.</Tab>',
      '  <Tab title=\'Using the CLI\' icon="terminal">Run it.</Tab>',
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
    const anchors = collectAnchors([page], [], () => text).byRoute.get('guide');
    expect([...(anchors?.keys() ?? [])]).toEqual([
      'guide',
      'oauthappsetup',
      'usingthecli',
      'whyatoken',
      'installthesdk',
    ]);
    // Each is named by its id, the title slugged as a heading is: what a broken-anchor hint suggests.
    expect([...(anchors?.values() ?? [])].slice(2)).toEqual(['using-the-cli', 'why-a-token', 'install-the-sdk']);
  });

  it("gives accordions and views the platform's transliterated ids, counted per kind, and numbers a repeated tab title from -2", () => {
    const text = [
      '# Questions',
      '',
      '<Accordion title="Café & Crème">Milk first.</Accordion>',
      '<Accordion title="Über uns">About us.</Accordion>',
      '<Accordion title="Über uns">Again.</Accordion>',
      '<Accordion title="docker compose up 报端口冲突">The port is taken.</Accordion>',
      '<Accordion title="管理员登录失败">Reset it.</Accordion>',
      '<View title="Setup: Advanced">A view.</View>',
      '<Tabs><Tab title="Pest">One.</Tab></Tabs>',
      '<Tabs><Tab title="Pest">Two.</Tab></Tabs>',
      '',
    ].join('\n');
    const page = parsePage({ file: 'faq.mdx', text });
    const anchors = collectAnchors([page], [], () => text).byRoute.get('faq');
    // Checked against `generateComponentId` and `remarkComponentIds` of @mintlify/common (sweep 17).
    expect([...(anchors?.values() ?? [])]).toEqual([
      'questions',
      'cafe-and-creme',
      'ueber-uns',
      'ueber-uns-1',
      'docker-compose-up',
      'reset-it.',
      'setup-advanced',
      'pest',
      'pest-2',
    ]);
  });

  it('gives the first accordion whose title slugs to nothing the id of its text, as the platform fills an empty id', () => {
    const text = [
      '# 質問',
      '',
      '<AccordionGroup>',
      '  <Accordion title="簡単なウェルカムコマンド">',
      '    ```text',
      '    -cc set hello -- Hello {user.mention}!',
      '    ```',
      '',
      '    `-cc preview hello` でテストします, see [the guide](https://example.com/x) {/* hidden note */}.',
      '    <Note>Nested **bold** text</Note>',
      '  </Accordion>',
      '  <Accordion title="必要なメッセージ">Second.</Accordion>',
      '  <Accordion title="2 ページ">Third.</Accordion>',
      '</AccordionGroup>',
      '',
    ].join('\n');
    const page = parsePage({ file: 'ja/faq.mdx', text });
    const anchors = collectAnchors([page], [], () => text).byRoute.get('ja/faq');
    // The ids `rehypeUnicodeIds` and `remarkComponentIds` of @mintlify/common 1.0.1211 give this page (sweep 22):
    // code, inline code, link words and nested components' text, not the comment or the link's address.
    expect([...(anchors?.values() ?? [])]).toEqual([
      '質問',
      '-cc-set-hello----hello-{user.mention}!--cc-preview-hello-でテストします,-see-the-guide-.-nested-bold-text',
      '-1',
      '2',
    ]);
  });

  it('slugs a title written in Markdown from its words, as the platform reads such titles', () => {
    const text = [
      '# Guide',
      '',
      '<Tabs>',
      '  <Tab title="Use the [API](https://example.com/api)">Call it.</Tab>',
      '</Tabs>',
      '',
      '<Accordion title="Why `TOKEN` **matters**">Because.</Accordion>',
      '',
    ].join('\n');
    const page = parsePage({ file: 'guide.mdx', text });
    const anchors = collectAnchors([page], [], () => text).byRoute.get('guide');
    expect([...(anchors?.values() ?? [])].slice(1)).toEqual(['use-the-api', 'why-token-matters']);
  });

  it('offers a ParamField or ResponseField as `param-<name>` (`-1`, `-2` when repeated) and the tabs and fields of imported snippets, as the platform renders them on the page', () => {
    const files: Record<string, string> = {
      'reference.mdx': [
        '# Reference',
        '',
        'import Auth from "/snippets/auth.mdx";',
        '',
        '<Auth />',
        '',
        '<ResponseField name="metadata.transaction_annotations" type="object">Notes.</ResponseField>',
        '<ParamField path="type" type="string">Kind.</ParamField>',
        '<ParamField body="type" type="string">Kind again.</ParamField>',
        '',
      ].join('\n'),
      'snippets/auth.mdx': ['<Tabs>', '  <Tab title="API Key">Use a key.</Tab>', '</Tabs>', ''].join('\n'),
    };
    const page = parsePage({
      file: 'reference.mdx',
      text: files['reference.mdx'] as string,
      readSnippet: (file) => files[file],
    });
    const anchors = collectAnchors([page], [], (file) => files[file]).byRoute.get('reference');
    expect([...(anchors?.keys() ?? [])]).toEqual([
      'reference',
      'parammetadatatransactionannotations',
      'pathtype',
      'paramtype',
      'bodytype',
      'paramtype1',
      'apikey',
    ]);
  });

  it("gives a field the platform's slugged id: transliterated, `&` spelled out, repeats counted by slug", () => {
    const text = [
      '# Campos',
      '',
      '<ResponseField name="Descrição" type="string">Texto.</ResponseField>',
      '<ResponseField name="Größe" type="number">Maß.</ResponseField>',
      '<ParamField query="a&b" type="string">Both.</ParamField>',
      '<ResponseField name="Região" type="enum">Uma.</ResponseField>',
      '<ResponseField name="região" type="enum">Outra.</ResponseField>',
      '',
    ].join('\n');
    const page = parsePage({ file: 'campos.mdx', text });
    const anchors = collectAnchors([page], [], () => text).byRoute.get('campos');
    // `generateParamFieldId` of `@mintlify/common` 1.0.1211 on each name, run on this page by its compile.
    expect([...(anchors?.values() ?? [])].slice(1)).toEqual([
      'param-descricao',
      'param-groesse',
      'query-a&b',
      'param-a-and-b',
      'param-regiao',
      'param-regiao-1',
    ]);
  });

  it('leaves links into a page that failed to parse unjudged: it has no known anchors', () => {
    const text = '# Broken\n\n## Quick setup\n\nIn {"tags": ["a"]} prose.\n';
    const page = parsePage({ file: 'broken.mdx', text });
    expect(page.diagnostics.map((diagnostic) => diagnostic.ruleId)).toContain('mdx-parse');
    expect(collectAnchors([page], [], () => text).byRoute.has('broken')).toBe(false);
  });

  it("takes an unchanged page's anchors from the build before, and scans a page again once its text changes", () => {
    const text = '# Guide\n\n<Accordion title="Café">x</Accordion>\n';
    const first = collectAnchors([parsePage({ file: 'guide.mdx', text })], [], () => text);
    const again = collectAnchors([parsePage({ file: 'guide.mdx', text })], [], () => text, first.byPage);
    expect(again.byRoute.get('guide')).toBe(first.byRoute.get('guide'));
    expect([...again.byPage.keys()]).toEqual([...first.byPage.keys()]);
    const edited = `${text}\n## Setup\n`;
    const next = collectAnchors([parsePage({ file: 'guide.mdx', text: edited })], [], () => edited, first.byPage);
    expect([...(next.byRoute.get('guide')?.keys() ?? [])]).toEqual(['guide', 'setup', 'cafe']);
  });
});
