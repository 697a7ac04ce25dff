/**
 * The host page's mode: a `dark` or `light` class or `data-theme`/`data-mode`/`data-color-scheme` attribute on
 * `<html>` (Mintlify, Docusaurus, Starlight, next-themes), else the system's preference.
 */
export function hostTheme(): 'light' | 'dark' {
  const html = document.documentElement;
  const attribute = (html.dataset.theme ?? html.dataset.mode ?? html.dataset.colorScheme ?? '').toLowerCase();
  if (html.classList.contains('dark') || attribute === 'dark') return 'dark';
  if (html.classList.contains('light') || attribute === 'light') return 'light';
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Calls `onChange` whenever the host's mode may have changed (its `<html>` class or attributes, or the system's preference). */
export function watchHostTheme(onChange: () => void): void {
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', onChange);
  new MutationObserver(onChange).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['class', 'data-theme', 'data-mode', 'data-color-scheme', 'style'],
  });
}
