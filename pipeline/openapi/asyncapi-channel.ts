import { isRecord } from '../site-model/is-record.ts';

/** One message a channel carries, from a dereferenced AsyncAPI document. */
export interface AsyncApiMessage {
  /** `name`, else the key it is listed under (AsyncAPI 3), else undefined. */
  name?: string;
  title?: string;
  summary?: string;
  description?: string;
  /** The payload schema, when it is an object schema the page can list fields of. */
  payload?: Record<string, unknown>;
}

/**
 * The messages of one direction, from the reader's side as the platform's page shows them: `send` what the reader
 * sends (an AsyncAPI 3 operation with `action: receive` — the action is the documented application's —, AsyncAPI 2
 * `publish`), `receive` what the reader receives (`action: send`, `subscribe`), `message` when no operation names the
 * channel.
 */
export interface AsyncApiMessageGroup {
  direction: 'send' | 'receive' | 'message';
  messages: AsyncApiMessage[];
}

/** One channel of an AsyncAPI document, as a channel page shows it. */
export interface AsyncApiChannel {
  /** The channel's key under `channels` (AsyncAPI 2: its address). */
  id: string;
  address?: string;
  title?: string;
  summary?: string;
  description?: string;
  /** Tag names, in order (the first one names the page's navigation group). */
  tags: string[];
  /** The server URLs the channel is served on (`wss://stream.example.com`). */
  servers: string[];
  parameters: { name: string; description?: string }[];
  /** The channel's bindings whose settings are plain values (`ws: method GET`). */
  bindings: string[];
  messageGroups: AsyncApiMessageGroup[];
}

/** An AsyncAPI document loaded for its channels: its site-relative file (or URL), major version and channels in document order. */
export interface LoadedAsyncApi {
  file: string;
  version: 2 | 3;
  channels: AsyncApiChannel[];
}

/** Every AsyncAPI document of the site, by site-relative file (no leading slash) or URL. */
export type LoadedAsyncApis = Map<string, LoadedAsyncApi>;

/**
 * The channels of a dereferenced AsyncAPI 2.x or 3.x document, in document order, as the platform's parser reads them:
 * AsyncAPI 3 channels with the messages each `send`/`receive` operation on them names, turned to the reader's side
 * and gathered into one list per direction (else the channel's own `messages`), AsyncAPI 2 channels with their
 * `publish` and `subscribe` messages (`oneOf` lists each). Pure.
 */
export function listAsyncApiChannels(document: Record<string, unknown>, version: 2 | 3): AsyncApiChannel[] {
  const channels = isRecord(document.channels) ? document.channels : {};
  const servers = serverUrls(document.servers, version);
  const operations = isRecord(document.operations) ? Object.values(document.operations).filter(isRecord) : [];
  return Object.entries(channels)
    .filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]))
    .map(([id, channel]) => ({
      id,
      ...optionalText('address', version === 2 ? id : channel.address),
      ...optionalText('title', channel.title),
      ...optionalText('summary', channel.summary),
      ...optionalText('description', channel.description),
      tags: tagNames(channel.tags),
      servers,
      parameters: parameterList(channel.parameters),
      bindings: bindingLines(channel.bindings),
      messageGroups:
        version === 2
          ? version2Messages(channel)
          : version3Messages(
              channel,
              operations.filter((operation) => operation.channel === channel),
            ),
    }));
}

function version3Messages(
  channel: Record<string, unknown>,
  operations: Record<string, unknown>[],
): AsyncApiMessageGroup[] {
  const channelMessages = isRecord(channel.messages) ? Object.entries(channel.messages) : [];
  const named = (message: unknown): AsyncApiMessage | undefined => {
    const key = channelMessages.find(([, value]) => value === message)?.[0];
    return isRecord(message) ? messageOf(message, key) : undefined;
  };
  const groups: AsyncApiMessageGroup[] = [];
  for (const operation of operations) {
    // The action is the documented application's; the page turns it to the reader's side, as the platform's
    // getChannelData does (its `sendMessages` are those of `receive` operations).
    const direction = operation.action === 'receive' ? 'send' : operation.action === 'send' ? 'receive' : undefined;
    if (!direction) continue;
    const listed = Array.isArray(operation.messages) ? operation.messages : channelMessages.map(([, value]) => value);
    const messages = listed.map(named).filter((message) => message !== undefined);
    if (messages.length === 0) continue;
    // One list per direction, every operation's messages in order, as getChannelData's `sendMessages` and
    // `receiveMessages` are.
    const group = groups.find((existing) => existing.direction === direction);
    if (group) group.messages.push(...messages);
    else groups.push({ direction, messages });
  }
  if (groups.length > 0 || channelMessages.length === 0) return groups;
  return [
    { direction: 'message', messages: channelMessages.map(([, value]) => named(value)).filter((m) => m !== undefined) },
  ];
}

function version2Messages(channel: Record<string, unknown>): AsyncApiMessageGroup[] {
  const groups: AsyncApiMessageGroup[] = [];
  for (const [key, direction] of [
    ['publish', 'send'],
    ['subscribe', 'receive'],
  ] as const) {
    const operation = channel[key];
    if (!isRecord(operation) || !isRecord(operation.message)) continue;
    const { oneOf } = operation.message;
    const listed = Array.isArray(oneOf) ? oneOf : [operation.message];
    const messages = listed.filter(isRecord).map((message) => messageOf(message, undefined));
    if (messages.length > 0) groups.push({ direction, messages });
  }
  return groups;
}

function messageOf(message: Record<string, unknown>, key: string | undefined): AsyncApiMessage {
  const name = typeof message.name === 'string' && message.name.trim() ? message.name : key;
  return {
    ...optionalText('name', name),
    ...optionalText('title', message.title),
    ...optionalText('summary', message.summary),
    ...optionalText('description', message.description),
    ...(isRecord(message.payload) ? { payload: message.payload } : {}),
  };
}

function serverUrls(servers: unknown, version: 2 | 3): string[] {
  if (!isRecord(servers)) return [];
  return Object.values(servers)
    .filter(isRecord)
    .map((server) => {
      if (version === 2) return typeof server.url === 'string' ? server.url : '';
      const host = typeof server.host === 'string' ? server.host : '';
      const protocol = typeof server.protocol === 'string' ? `${server.protocol}://` : '';
      const pathname = typeof server.pathname === 'string' ? server.pathname : '';
      return host ? `${protocol}${host}${pathname}` : '';
    })
    .filter(Boolean);
}

function tagNames(tags: unknown): string[] {
  if (!Array.isArray(tags)) return [];
  return tags.flatMap((tag) => (isRecord(tag) && typeof tag.name === 'string' && tag.name.trim() ? [tag.name] : []));
}

function parameterList(parameters: unknown): AsyncApiChannel['parameters'] {
  if (!isRecord(parameters)) return [];
  return Object.entries(parameters).map(([name, parameter]) => ({
    name,
    ...optionalText('description', isRecord(parameter) ? parameter.description : undefined),
  }));
}

/** `ws: method GET`: a binding's settings that are strings, numbers or booleans (schemas of query and headers left out). */
function bindingLines(bindings: unknown): string[] {
  if (!isRecord(bindings)) return [];
  return Object.entries(bindings).flatMap(([protocol, binding]) => {
    if (!isRecord(binding)) return [];
    const settings = Object.entries(binding)
      .filter(([key, value]) => key !== 'bindingVersion' && ['string', 'number', 'boolean'].includes(typeof value))
      .map(([key, value]) => `${key} ${String(value)}`);
    return settings.length > 0 ? [`${protocol}: ${settings.join(', ')}`] : [];
  });
}

function optionalText<Key extends string>(key: Key, value: unknown): Partial<Record<Key, string>> {
  return typeof value === 'string' && value.trim() !== '' ? ({ [key]: value } as Record<Key, string>) : {};
}
