/** A domain as the artifacts folder names its sites: DNS labels of letters, digits and inner hyphens, joined by dots. */
export const DOMAIN_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
