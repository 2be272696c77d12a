import { describe, expect, it } from "vitest";
import { mailboxOf } from "../../app/lib/mailbox";

/** The key guests' notify-me limits are counted under (decision 046). */
describe("mailboxOf", () => {
  it("folds case, +tags and, for Gmail, dots and googlemail.com", () => {
    for (const variant of ["victim@gmail.com", "Victim+7@gmail.com", "v.i.c.t.i.m@gmail.com", "V.ICTIM+deals@GoogleMail.com", " victim@GMAIL.com "]) {
      expect(mailboxOf(variant), variant).toBe("victim@gmail.com");
    }
  });

  it("keeps dots where the provider may not ignore them, and what is not a tag", () => {
    expect(mailboxOf("b.ob+x@example.com")).toBe("b.ob@example.com");
    expect(mailboxOf("bob@example.com")).not.toBe(mailboxOf("b.ob@example.com"));
    expect(mailboxOf("+only@example.com")).toBe("+only@example.com");
    expect(mailboxOf("...@gmail.com")).toBe("...@gmail.com");
  });
});
