/** Words as a person lists them: 'a', 'a and b', 'a, b and c' (an empty list is ''). Browser-safe. */
export function andList(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
