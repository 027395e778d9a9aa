/** What a public link's token looks like; anything else answers 404 without a database look-up. */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
