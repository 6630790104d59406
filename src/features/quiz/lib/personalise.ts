/** Puts the child's first name (or "your child") into a sentence with `{child}` placeholders. */
export function personalise(text: string, childFirstName?: string | null): string {
  const name = childFirstName?.trim();
  const filled = text.replaceAll('{child}', name ? name : 'your child');
  return filled.charAt(0).toUpperCase() + filled.slice(1);
}
