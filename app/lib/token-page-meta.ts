/**
 * Meta for a page whose address carries a mailed token (activation, reset, email change):
 * never send that address on to another site. ("no-referrer" would also blank the Origin of
 * our own form posts, which React Router then refuses as cross-site.)
 */
export function tokenPageMeta(title: string | undefined) {
  return [{ title }, { name: "referrer", content: "same-origin" }];
}
