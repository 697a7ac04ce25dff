import { describe, expect, it } from 'vitest';
import { composeAnswer } from '../../runtime/assistant/compose-answer.ts';

/** A `<Steps>` block as the section text marks it: each step's title after its number, its text indented. */
const TIME_SLOT_STEPS = [
  '1. Open the editor',
  '  Channel menu, Edit Time Slots.',
  '2. Add a slot',
  '  Pick an Hour and Minutes, then Add.',
  '3. Save',
  '  Save Changes. Nothing takes effect until you do.',
].join('\n');

describe('the offline composer quotes lists and steps as the page marks them', () => {
  it('quotes a marked list whole, its long items and the list inside an item included, and nothing after it', () => {
    const connection = {
      number: 1,
      title: 'Enterprise SSO › Add a connection',
      text: [
        'To add an enterprise connection to your project:',
        '1. Log in to the console and select your project.',
        '2. Navigate to Settings > Enterprise connections, where every connection of the project is listed with its state.',
        '3. In the shown modal provide the following data:',
        '  - A Name for the connection.',
        '  - A Metadata URL pointing to the Identity Provider metadata.',
        'Connections take effect at once.',
      ].join('\n'),
    };
    expect(composeAnswer('how do I add an enterprise connection to my project', undefined, [connection]).join(''))
      .toMatchInlineSnapshot(`
        "To add an enterprise connection to your project [1]:

        1. Log in to the console and select your project.
        2. Navigate to Settings > Enterprise connections, where every connection of the project is listed with its state.
        3. In the shown modal provide the following data: A Name for the connection. A Metadata URL pointing to the Identity Provider metadata.

        "
      `);
  });

  it('answers a steps question with the steps right under a heading, captioned with its title', () => {
    const slots = {
      number: 1,
      title: 'Posting time slots',
      text: 'Set the times a channel normally posts, and what depends on them.',
      sections: [
        {
          title: 'Posting time slots › Setting them',
          text: TIME_SLOT_STEPS,
        },
      ],
    };
    const driven = {
      title: 'Posting time slots › What slots actually control',
      text: [
        'You can always schedule a post at a time that is not a slot. What they drive:',
        "1. The calendar's Day view. Its rows are your channels' slots, plus any time that already has a post.",
        '2. RSS auto-posting. When an RSS feed is set to "post on the next available slot", this is the list it picks from.',
        '3. The find-slot API endpoint. The Public API can ask for the next free slot rather than hardcoding times.',
      ].join('\n'),
    };
    // The list of what slots drive holds more of the question's words; the steps to take still answer it.
    expect(
      composeAnswer('how do I set the default posting times of a channel', undefined, [
        { ...slots, sections: [...slots.sections, driven] },
      ]).join(''),
    ).toContain('1. Open the editor: Channel menu, Edit Time Slots.');
    expect(composeAnswer('how do I set the default posting times of a channel', undefined, [slots]).join(''))
      .toMatchInlineSnapshot(`
        "Set the times a channel normally posts, and what depends on them [1]. From Posting time slots › Setting them [1]:

        1. Open the editor: Channel menu, Edit Time Slots.
        2. Add a slot: Pick an Hour and Minutes, then Add.
        3. Save: Save Changes. Nothing takes effect until you do.

        "
      `);
  });

  it('quotes the steps for their line that answers best, whole and in order', () => {
    const slots = {
      number: 1,
      title: 'Posting time slots › Setting them',
      text: TIME_SLOT_STEPS,
    };
    expect(composeAnswer('how do I edit the time slots of a channel', undefined, [slots]).join(''))
      .toMatchInlineSnapshot(`
        "From Posting time slots › Setting them [1]:

        1. Open the editor: Channel menu, Edit Time Slots.
        2. Add a slot: Pick an Hour and Minutes, then Add.
        3. Save: Save Changes. Nothing takes effect until you do.

        "
      `);
  });

  it('adds the procedure of the lead page to a steps answer that leads with its description', () => {
    const scheduling = {
      number: 1,
      title: 'Scan Scheduling',
      text: 'Create, edit, and monitor recurring scans in the cloud.',
      sections: [
        {
          title: 'Scan Scheduling › Create a Schedule From Scans',
          text: [
            'To create a schedule from the Scans page:',
            '1. Navigate to Scans.',
            '2. Click Launch Scan.',
            '3. Select On a schedule.',
            '4. Click Save Schedule.',
          ].join('\n'),
        },
      ],
    };
    expect(composeAnswer('how do I set up a recurring scan in the cloud', undefined, [scheduling]).join(''))
      .toMatchInlineSnapshot(`
        "Create, edit, and monitor recurring scans in the cloud [1]. To create a schedule from the Scans page [1]:

        1. Navigate to Scans.
        2. Click Launch Scan.
        3. Select On a schedule.
        4. Click Save Schedule.

        "
      `);
  });

  it('reads a list item over its sub-items as their intro', () => {
    const configuration = {
      number: 1,
      title: 'Configuration › Environment variables',
      text: [
        '- LOG_LEVEL: Sets application logging verbosity (default: info)',
        '  - Valid values: error, warning, info, debug',
        '- APP_LOG_FORMAT: Sets the log format (default: console)',
        '  - console outputs logs to the console in a human-readable format.',
        "  - datadog_json outputs logs in JSON format, which is compatible with Datadog's logging format.",
      ].join('\n'),
    };
    expect(
      composeAnswer('which environment variable switches the logs to JSON for datadog', undefined, [
        configuration,
      ]).join(''),
    ).toMatchInlineSnapshot(`
      "APP_LOG_FORMAT: Sets the log format (default: console) [1]:

      - console outputs logs to the console in a human-readable format.
      - datadog_json outputs logs in JSON format, which is compatible with Datadog's logging format.

      LOG_LEVEL: Sets application logging verbosity (default: info) [1]. "
    `);
  });

  it('weighs a list by the words of its items: a long list that names everything does not outrank the sentence that answers', () => {
    const machines = {
      number: 1,
      title: 'Machines',
      text: 'The default machine is small-1x which has 0.5 vCPU and 0.5 GB of RAM.',
    };
    const changelog = {
      number: 2,
      title: 'Changelog › v4',
      text: [
        'We made quite a few changes:',
        '- Much simpler setup. The provider and coordinator are now combined into a single supervisor.',
        '- Automatic container cleanup of machines that are no longer needed by any task.',
        '- Resource limits enforced by default. Tasks are limited to the CPU and RAM of the machine preset.',
        '- Support for multiple worker machines, so you can scale your workers horizontally.',
      ].join('\n'),
    };
    expect(
      composeAnswer('which machine preset do tasks use by default, how much cpu and ram', undefined, [
        machines,
        changelog,
      ])[0],
    ).toContain('small-1x');
  });

  it('quotes the list of steps to take after a lead whose own list is no procedure', () => {
    const migration = {
      number: 1,
      title: 'Migrating from Bitly › Which attributes are migrated?',
      text: [
        "Here's a list of attributes that are migrated from Bitly to Dub:",
        '1. Destination URL',
        '2. Short link slug',
        '3. Link tags',
      ].join('\n'),
      sections: [
        {
          title: 'Migrating from Bitly › How to migrate from Bitly to Dub',
          text: [
            'Our migration tool moves your links in a few clicks.',
            '1. Sign in with Bitly',
            '  From your workspace dashboard, click Import from Bitly.',
            '2. Select the domains to migrate',
            '  Pick the domains, then click Confirm import.',
            '3. Configure your domain',
            '  Set the DNS records once the import is done.',
          ].join('\n'),
        },
      ],
    };
    const answer = composeAnswer('move all my short links over from bitly to dub', undefined, [migration]).join('');
    expect(answer).toContain('Import from Bitly');
    expect(answer).toContain('Confirm import');
    expect(answer.indexOf('Sign in with Bitly')).toBeGreaterThan(answer.indexOf('Destination URL'));
  });

  it("walks through a page's one list of steps when its steps name little of the question", () => {
    const notifications = {
      number: 1,
      title: 'Chat notifications',
      text: 'Send billing events to Slack or Discord channels as formatted messages.',
      sections: [
        {
          title: 'Chat notifications › Setup',
          text: [
            '1. Get an incoming webhook URL',
            '  Follow the guide of your chat platform; it gives a URL such as https://discord.com/api/webhooks/....',
            '2. Add the endpoint',
            '  In the dashboard, go to Developer → Webhooks and click Add Endpoint.',
            '3. Enable transformations',
            '  Open the endpoint, switch to the Advanced tab and click Edit transformation.',
          ].join('\n'),
        },
        {
          title: 'Chat notifications › Limits',
          text: 'Throttle the endpoint so a channel is not flooded during bulk migrations.',
        },
      ],
    };
    const answer = composeAnswer('how do I send billing events to a Discord channel?', undefined, [notifications]).join(
      '',
    );
    expect(answer).toContain('Add Endpoint');
    expect(answer).toContain('Edit transformation');
  });

  it('quotes two steps to take as a procedure, not a list of what users can do', () => {
    const spaces = {
      number: 1,
      title: 'Default user spaces',
      text: [
        'Give every eligible user a personal space, provisioned on their next login.',
        'Default user spaces give each eligible user a personal space inside a project, so they have a dedicated place to create and manage their own charts and dashboards without needing an admin to set one up for them.',
      ].join('\n'),
      sections: [
        {
          title: 'Default user spaces › Enabling the feature',
          text: [
            'Default user spaces are configured per project and are off by default.',
            '1. Go to Project Settings → Default user spaces',
            '2. Toggle on Default user spaces',
            'Once enabled, each eligible user gets their space the next time they log in.',
          ].join('\n'),
        },
        {
          title: 'Default user spaces › What users can do in their space',
          text: [
            'Because each user is an admin of their own default space, they can:',
            '- Create charts, dashboards, and nested spaces inside it',
            '- Move existing content they own into it',
            '- Manage access - invite other users or groups, or switch the space between Inherited Access and Restricted Access',
          ].join('\n'),
        },
      ],
    };
    const answer = composeAnswer('how do I turn on personal spaces for every user in a project', undefined, [
      spaces,
    ]).join('');
    expect(answer).toContain('1. Go to Project Settings → Default user spaces\n2. Toggle on Default user spaces');
    expect(answer).not.toContain('Move existing content');
  });
});
