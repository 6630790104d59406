export type DeviceType = 'mobile' | 'tablet' | 'desktop';

export const MOBILE_MAX_WIDTH = 768;
export const TABLET_MAX_WIDTH = 1024;

/** Under 768 px is mobile, under 1024 px tablet, otherwise desktop. */
export function getDeviceType(width: number): DeviceType {
  if (width < MOBILE_MAX_WIDTH) return 'mobile';
  if (width < TABLET_MAX_WIDTH) return 'tablet';
  return 'desktop';
}
