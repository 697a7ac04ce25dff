import type { ChatTarget } from './chat-session.ts';
import { parseShortcut, type KeyboardShortcut } from './keyboard-shortcut.ts';
import type { SupportContact } from './site-settings.ts';

/** The settings of one embed, from the attributes of its `<script>` tag (docs/guides/widget.mdx lists them). */
export interface WidgetOptions {
  target: ChatTarget;
  /** Where the widget's files are: the folder of the script (its chat bundle is beside it). */
  assetBase: string;
  /** The script's CSP nonce, given to the widget's style sheet and the chat bundle's script ('' when none). */
  nonce: string;
  /** `data-label`: the launcher's text (default "Ask AI"). */
  label: string;
  /** `data-launcher="false"`: no launcher; the page opens the panel itself (`window.DocsmithAssistant.open()`). */
  launcher: boolean;
  /** `data-title`: the panel's title (default: the site's name from its docs.json). */
  title?: string;
  /** `data-theme`: `auto` (default: the host's dark class or attribute, else the system's preference), `light` or `dark`. */
  theme: 'auto' | 'light' | 'dark';
  /** `data-color`: the accent, a hex colour (default: docs.json `colors.primary`, and `colors.light` in dark mode). */
  color?: string;
  /** `data-shortcut`: the key that opens and closes the panel (default `mod+i`, ⌘I or Ctrl+I; `none` for none). */
  shortcut: KeyboardShortcut | undefined;
  /** `data-starter-questions`: up to three, separated by `|`, instead of the server's settings (empty: none). */
  starterQuestions?: string[];
  /** `data-support-email`, `data-support-url`: instead of the server's support contact. */
  support?: SupportContact;
}

/** Reads an embed's options from its script tag; an Error names the attribute to fix. */
export function readWidgetOptions(script: HTMLScriptElement): WidgetOptions | Error {
  const data = script.dataset;
  if (!data.domain || !data.key)
    return new Error('add data-domain and data-key to the <script> tag that loads widget.js');
  let baseUrl: string;
  let assetBase: string;
  try {
    assetBase = new URL('.', script.src).href;
    baseUrl = data.api ? new URL(data.api.replace(/\/*$/, '/'), location.href).href : assetBase;
  } catch {
    return new Error(`data-api="${data.api}" is not a URL`);
  }
  const shortcut = parseShortcut(data.shortcut ?? 'mod+i');
  if (shortcut instanceof Error) return new Error(`data-shortcut: ${shortcut.message}`);
  const theme = data.theme ?? 'auto';
  if (theme !== 'auto' && theme !== 'light' && theme !== 'dark')
    return new Error(`data-theme="${theme}" must be auto, light or dark`);
  if (data.color !== undefined && !/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(data.color))
    return new Error(`data-color="${data.color}" must be a hex colour such as #0d9373`);
  const support =
    data.supportEmail || data.supportUrl
      ? {
          ...(data.supportEmail ? { email: data.supportEmail } : {}),
          ...(data.supportUrl ? { url: data.supportUrl } : {}),
        }
      : undefined;
  return {
    target: { baseUrl, domain: data.domain, key: data.key },
    assetBase,
    nonce: script.nonce ?? '',
    label: data.label?.trim() || 'Ask AI',
    launcher: data.launcher !== 'false',
    ...(data.title?.trim() ? { title: data.title.trim() } : {}),
    theme,
    ...(data.color ? { color: data.color } : {}),
    shortcut,
    ...(data.starterQuestions !== undefined
      ? {
          starterQuestions: data.starterQuestions
            .split('|')
            .map((question) => question.trim())
            .filter(Boolean)
            .slice(0, 3),
        }
      : {}),
    ...(support ? { support } : {}),
  };
}
