/**
 * A public page's key: its path as React Router would match it (case-insensitive, trailing
 * slashes ignored). Every public page has a static path, so finding it is a lookup.
 */
export const pageKey = (pathname: string) => (pathname.replace(/\/+$/, '') || '/').toLowerCase();
