/** Previous/next with wrap-around, for the lightbox and the carousel (SPEC section 4). */
export function wrapIndex(index: number, total: number): number {
  if (total <= 0) return 0;
  return ((index % total) + total) % total;
}
