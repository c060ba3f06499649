// The naive BM25 baseline of bench/construe: texts lower-cased and split on non-alphanumerics
// (no stemming, stop words, synonyms or hierarchy), Okapi BM25 (k1 1.2, b 0.75), ties by
// text order. Returns a search giving the indices of the best `limit` texts, best first.
export function naiveBm25(texts) {
  const tokens = (text) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const postings = new Map();
  const lengths = texts.map((text, doc) => {
    const words = tokens(text);
    const counts = new Map();
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    for (const [word, tf] of counts) {
      if (!postings.has(word)) postings.set(word, []);
      postings.get(word).push(doc, tf);
    }
    return words.length;
  });
  const average = lengths.reduce((sum, length) => sum + length, 0) / lengths.length;
  const n = lengths.length;
  return (query, limit) => {
    const scores = new Map();
    for (const word of new Set(tokens(query))) {
      const list = postings.get(word);
      if (!list) continue;
      const df = list.length / 2;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (let i = 0; i < list.length; i += 2) {
        const [doc, tf] = [list[i], list[i + 1]];
        const norm = 1 - 0.75 + (0.75 * lengths[doc]) / average;
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * 2.2) / (tf + 1.2 * norm));
      }
    }
    return [...scores]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([doc]) => doc);
  };
}
