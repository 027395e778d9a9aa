export const AUTH_COPY = {
  apiToken: 'API Token',
  logout: 'Logout',
  accountMenu: (name: string) => `Account menu for ${name}`,
} as const;

export const AUTH_TESTIDS = {
  avatarMenu: 'avatar-menu',
  apiToken: 'menu-api-token',
  logout: 'menu-logout',
} as const;
