/**
 * Substitutions' input (decision 043): the store's minutes to answer, and strict counts in the
 * proposal and the answer.
 */
import { describe, expect, it } from "vitest";
import { storeFormFields } from "../../app/lib/schemas/store";
import { answerSchema, callOutcomeSchema, proposeSchema } from "../../app/lib/schemas/substitutions";

const ID = "0123456789abcdef01234567";

describe("the store's minutes to answer a substitution", () => {
  const minutes = storeFormFields.shape.substitutionMinutes;
  it("is a whole number from 1 to 10, 2 when left out", () => {
    expect(minutes.parse("5")).toBe(5);
    expect(minutes.parse(undefined)).toBe(2);
    for (const bad of ["0", "11", "1.5", "two"]) expect(minutes.safeParse(bad).success, bad).toBe(false);
  });
});

describe("a proposal and an answer", () => {
  it("take counts only as JSON whole numbers", () => {
    const base = { _id: ID, productId: ID, replacementId: ID };
    expect(proposeSchema.parse({ ...base, picked: 1 })).toMatchObject({ picked: 1, short: [], higherPrice: false });
    for (const picked of ["1", null, true, [1], 1.5, -1]) expect(proposeSchema.safeParse({ ...base, picked }).success, String(picked)).toBe(false);
    expect(proposeSchema.safeParse({ ...base, picked: 1, quantity: 0 }).success).toBe(false);
    expect(callOutcomeSchema.safeParse({ _id: ID, productId: ID, picked: 0, outcome: "agreed" }).success).toBe(false);
    expect(callOutcomeSchema.safeParse({ _id: ID, productId: ID, picked: 0, outcome: "removed" }).success).toBe(true);
    expect(answerSchema.safeParse({ _id: ID, answer: "yes" }).success).toBe(false);
  });
});
