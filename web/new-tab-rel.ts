/** The `rel` of every link the widget and the playground open in a new tab: the page opened gets no `window.opener` and no `Referer`. */
export const NEW_TAB_REL = 'noopener noreferrer';
