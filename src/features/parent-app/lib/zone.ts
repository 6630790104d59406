/** This device's time zone. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A zone as people read it: "America/New York". */
export const zoneLabel = (zone: string): string => zone.replace(/_/g, ' ');

/**
 * The line that names the family's zone once on a screen, and the device's when it differs (a
 * parent travelling, or a family computer set to another zone).
 */
export function zoneNote(familyZone: string, deviceZone: string): string {
  const line = `Times are shown in your family's time zone (${zoneLabel(familyZone)}).`;
  return familyZone === deviceZone ? line : `${line} This device is set to ${zoneLabel(deviceZone)}.`;
}
