/** Creates an element with a class (or none for ''). */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  if (className) created.className = className;
  return created;
}

/** The panel's icons: 24-unit stroked paths (a filled one for stop). */
const ICONS = {
  sparkle:
    'M12 3.5l1.9 5.6 5.6 1.9-5.6 1.9-1.9 5.6-1.9-5.6-5.6-1.9 5.6-1.9zM19 15.5l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8z',
  close: 'M6 6l12 12M18 6L6 18',
  newChat: 'M4.5 12a7.5 7.5 0 1 0 2.2-5.3M4.5 4.5v4h4',
  send: 'M12 19V5M5.5 11.5L12 5l6.5 6.5',
  stop: 'M7 7h10v10H7z',
  copy: 'M9 9h10v10H9zM5 15V5h10',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  thumbUp:
    'M7.5 10.5V20H4v-9.5zM7.5 10.5L11 3.5c1.6 0 2.6 1.2 2.2 2.8L12.5 10H18c1.2 0 2.1 1.1 1.8 2.3l-1.5 6c-.3 1-1.1 1.7-2.1 1.7H7.5',
  thumbDown:
    'M7.5 13.5V4H4v9.5zM7.5 13.5l3.5 7c1.6 0 2.6-1.2 2.2-2.8L12.5 14H18c1.2 0 2.1-1.1 1.8-2.3l-1.5-6C18 4.7 17.2 4 16.2 4H7.5',
  retry: 'M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4.5v4h-4',
} as const;

/** A decorative icon (hidden from assistive technology; its button carries the name). */
export function icon(name: keyof typeof ICONS): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('class', `docsmith-icon${name === 'stop' ? ' docsmith-icon-filled' : ''}`);
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', ICONS[name]);
  svg.append(path);
  return svg;
}

/** A button showing an icon, named by `label` for assistive technology and as its tooltip. */
export function iconButton(name: keyof typeof ICONS, label: string, className: string): HTMLButtonElement {
  const button = Object.assign(element('button', className), { type: 'button', title: label });
  button.setAttribute('aria-label', label);
  button.append(icon(name));
  return button;
}
