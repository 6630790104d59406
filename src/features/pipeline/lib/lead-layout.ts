/** From Tailwind's `lg` on, a lead's details lie beside the list (over its right-hand columns). */
export const DETAILS_BESIDE_QUERY = '(min-width: 1024px)';

/** Where an open lead's details go. */
export type DetailsPlacement = 'beside' | 'under-row' | 'above-list';

/**
 * Wide, beside the list, held in view as it scrolls. Narrower, the list takes the whole width, so
 * the details open right under the lead's row, where the lead was tapped, not below all 25 rows;
 * a lead opened from a link that is not on this page has no row: its details come first.
 */
export function detailsPlacement(wide: boolean, leadOnPage: boolean): DetailsPlacement {
  if (wide) return 'beside';
  return leadOnPage ? 'under-row' : 'above-list';
}

/**
 * The columns a phone leaves out (below `md`): where the lead came from, the child and the
 * assignee are in the lead's details; the name, status and age of the lead stay in view.
 */
export const WIDE_ONLY_COLUMN = 'hidden md:table-cell';
