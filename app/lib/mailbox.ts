/**
 * The mailbox an email address reaches, for counting (decision 046): lower-cased, without a
 * `+tag`, and for providers that ignore dots in the local part (Gmail) without dots, so
 * `V.ictim+7@GoogleMail.com` and `victim@gmail.com` count as one inbox. Mail still goes to the
 * address as typed; this is only the key its limits are counted under.
 */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

export function mailboxOf(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 1) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS[domain]) {
    domain = DOTLESS_DOMAINS[domain];
    local = local.replace(/\./g, "") || local;
  }
  return `${local}@${domain}`;
}
