import { paths } from '@/config/paths';
import type { AccountTabLink } from '@/features/account/components/account-tabs';

const sectionHref = (section: string) => `${paths.appAccount}?section=${section}`;

/** The account page's sections; the children's logins live at their own route. */
export const accountTabLinks: AccountTabLink[] = [
  { tab: 'profile', label: 'Profile', href: paths.appAccount },
  { tab: 'children', label: 'Children', href: paths.appAccountChildren },
  { tab: 'notifications', label: 'Notifications', href: sectionHref('notifications') },
  { tab: 'calendar', label: 'Calendar', href: sectionHref('calendar') },
  { tab: 'data', label: 'Your data', href: sectionHref('data') },
];
