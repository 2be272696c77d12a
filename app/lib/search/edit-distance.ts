/**
 * Typo distance between two words: the optimal-string-alignment form of Damerau–Levenshtein
 * (insert, delete, substitute, or swap two neighbouring letters = 1 edit each), which is how
 * people mistype on a phone ("mlik", "choclate", "bananna"). Gives up early: anything above `max`
 * is reported as `max + 1`, so ranking a few hundred vocabulary words stays cheap.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (!a.length || !b.length) return Math.max(a.length, b.length);
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2] + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return Math.min(previous[b.length], max + 1);
}

/**
 * How many typos a word may carry and still be corrected, by its length: none up to 3 letters
 * (too many real words are one edit apart), 1 from 4 letters, 2 from 8.
 */
export function allowedEdits(word: string): number {
  if (word.length >= 8) return 2;
  if (word.length >= 4) return 1;
  return 0;
}
