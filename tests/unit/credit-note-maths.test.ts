/**
 * The credit note's arithmetic (decision 044) on many awkward invoices: each note totals its refund
 * exactly, no line is ever reversed beyond its value, and the notes of a fully refunded invoice
 * reverse every line's taxable value and tax to the paisa, within or between states.
 */
import { describe, expect, it } from "vitest";
import { computeCreditNote, creditNoteNumber, CreditRefused, type CreditNoteLine } from "~/lib/invoice/credit-note";
import { computeInvoice, type InvoiceMaths } from "~/lib/invoice/maths";

/** A small deterministic generator, so a failure names its case. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

const RATES = [0, 5, 12, 18, 28];

function awkwardInvoice(next: (n: number) => number, intraState: boolean): InvoiceMaths {
  const lines = Array.from({ length: 1 + next(4) }, (_, i) => ({
    name: `Line ${i}`,
    hsn: "",
    gstRate: RATES[next(RATES.length)]!,
    quantity: 1 + next(5),
    unitPrice: 1 + next(70000),
  }));
  const gross = lines.reduce((s, l) => s + l.quantity * l.unitPrice, 0);
  return computeInvoice({ lines, discount: next(3) ? next(Math.max(1, Math.floor(gross / 3))) : 0, tip: next(2) ? 100 * next(200) : 0, intraState });
}

describe("credit notes against an invoice", () => {
  it("on 400 awkward invoices, notes of random sizes total their refunds and reverse exactly the invoice, line by line", () => {
    for (let seed = 1; seed <= 400; seed++) {
      const next = random(seed);
      const invoice = awkwardInvoice(next, seed % 2 === 0);
      const notes: InvoiceMaths[] = [];
      let left = invoice.totals.invoiceValue + invoice.totals.tip;
      while (left > 0) {
        const amount = Math.min(left, 1 + next(Math.max(1, Math.floor(left / 2))));
        const note = computeCreditNote(invoice, notes, { amount });
        expect(note.totals.amountPaid, `seed ${seed}`).toBe(amount);
        notes.push(note);
        left -= amount;
      }
      invoice.lines.forEach((line, i) => {
        const reversed = notes.flatMap((n) => n.lines as CreditNoteLine[]).filter((l) => l.invoiceLine === i);
        const sum = (pick: (l: CreditNoteLine) => number) => reversed.reduce((s, l) => s + pick(l), 0);
        expect(
          { value: sum((l) => l.value), taxable: sum((l) => l.taxable), cgst: sum((l) => l.cgst), sgst: sum((l) => l.sgst), igst: sum((l) => l.igst) },
          `seed ${seed} line ${i}`,
        ).toEqual({
          value: line.value,
          taxable: line.taxable,
          cgst: line.cgst,
          sgst: line.sgst,
          igst: line.igst,
        });
      });
      expect(() => computeCreditNote(invoice, notes, { amount: 1 })).toThrow(CreditRefused);
    }
  });

  it("a refund of named units goes to those lines only, within their value", () => {
    const invoice = computeInvoice({
      lines: [
        { name: "Ghee", hsn: "0405", gstRate: 5, quantity: 2, unitPrice: 64950 },
        { name: "Cola", hsn: "22021010", gstRate: 28, quantity: 3, unitPrice: 3999 },
      ],
      discount: 1001,
      tip: 0,
      intraState: false,
    });
    const cola = invoice.lines[1]!;
    const note = computeCreditNote(invoice, [], { amount: Math.floor(cola.value / 3), lines: [{ line: 1, quantity: 1 }] });
    expect(note.lines).toHaveLength(1);
    expect(note.lines[0]).toMatchObject({ invoiceLine: 1, quantity: 1, gstRate: 28, cgst: 0, sgst: 0 });
    expect(note.lines[0]!.igst).toBeGreaterThan(0);
    // Asked for more than the named line holds: the rest of the line, never another line's value.
    expect(() => computeCreditNote(invoice, [note], { amount: cola.value, lines: [{ line: 1, quantity: 3 }] })).toThrow(CreditRefused);
    expect(() => computeCreditNote(invoice, [], { amount: 100, lines: [{ line: 1, quantity: 4 }] })).toThrow(/no 4 units/);
  });

  it("numbers are at most 16 characters and never shaped like an invoice number", () => {
    expect(creditNoteNumber("BLR", 2026, 12)).toBe("BLR/C2627/000012");
    expect(creditNoteNumber("ZZZ", 2099, 999999).length).toBeLessThanOrEqual(16);
  });
});
