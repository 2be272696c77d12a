/**
 * The pick's history note carries, after `COUPON_MARK`, what the pick did to the order's coupon in
 * words for the shopper. The pick writes it and the shopper's order page reads it back with these two
 * functions only (the rest of a pick note is for staff).
 */
const COUPON_MARK = " · Coupon: ";

export function withCouponNote(note: string, couponNote: string | null): string {
  return couponNote ? `${note}${COUPON_MARK}${couponNote}` : note;
}

/** The coupon part of a pick note, or null. */
export function couponNoteOf(note: string | null | undefined): string | null {
  const at = note ? note.indexOf(COUPON_MARK) : -1;
  return at < 0 ? null : note!.slice(at + COUPON_MARK.length);
}
