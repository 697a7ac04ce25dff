"""Step 2 of the built-in word vectors (docs/decisions/0273-built-in-docs-word-vectors.md):

    python3 scripts/docs-word-vectors/train.py <sections.jsonl> runtime/search/docs-word-vectors.json

Learns a vector per term from the sections extract-sections.ts wrote: co-occurrence counts within 5 terms (weighted
1/distance) over each section's heading and body, positive pointwise mutual information with context smoothing
(alpha 0.75), a truncated SVD of rank 128 weighted by the square root of the singular values, rows scaled to unit
length (Levy, Goldberg & Dagan 2015). Terms kept: seen 10+ times in 3+ repositories. Written as JSON: the terms by
frequency, their counts (for SIF weights), and the vectors as signed bytes in base64, each row scaled so its largest
component is 127. Needs numpy and scipy; deterministic for the same input.
"""

import base64
import json
import sys
from collections import Counter, defaultdict

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import svds

MIN_COUNT = 10
MIN_REPOSITORIES = 3
DIMENSIONS = 128
WINDOW = 5
CONTEXT_SMOOTHING = 0.75
FORMAT = 1


def main(sections_file, output_file):
    counts = Counter()
    repositories = defaultdict(set)
    sequences = []
    for line in open(sections_file, encoding="utf-8"):
        section = json.loads(line)
        terms = section["h"] + section["b"]
        sequences.append(terms)
        counts.update(terms)
        for term in set(terms):
            repositories[term].add(section["r"])
    vocabulary = sorted(
        (t for t, c in counts.items() if c >= MIN_COUNT and len(repositories[t]) >= MIN_REPOSITORIES),
        key=lambda t: (-counts[t], t),
    )
    row_of = {term: row for row, term in enumerate(vocabulary)}
    size = len(vocabulary)

    cooccurrences = sp.csr_matrix((size, size), dtype=np.float64)
    rows, columns, values = [], [], []
    for number, terms in enumerate(sequences, 1):
        ids = np.array([row_of[t] for t in terms if t in row_of], dtype=np.int64)
        for distance in range(1, WINDOW + 1):
            if len(ids) <= distance:
                break
            left, right = ids[:-distance], ids[distance:]
            weight = np.full(len(left), 1.0 / distance)
            rows += [left, right]
            columns += [right, left]
            values += [weight, weight]
        if number % 20000 == 0 or number == len(sequences):
            cooccurrences = cooccurrences + sp.csr_matrix(
                (np.concatenate(values), (np.concatenate(rows), np.concatenate(columns))), shape=(size, size)
            )
            rows, columns, values = [], [], []
    cooccurrences.sum_duplicates()

    total = cooccurrences.sum()
    term_totals = np.asarray(cooccurrences.sum(axis=1)).ravel()
    context = term_totals**CONTEXT_SMOOTHING
    context /= context.sum()
    entries = cooccurrences.tocoo()
    pmi = np.log((entries.data / total) / ((term_totals[entries.row] / total) * context[entries.col]))
    positive = pmi > 0
    ppmi = sp.csr_matrix((pmi[positive], (entries.row[positive], entries.col[positive])), shape=(size, size))

    start = np.full(size, 1.0 / np.sqrt(size))
    left, singular, _ = svds(ppmi, k=DIMENSIONS, v0=start)
    order = np.argsort(-singular)
    vectors = left[:, order] * np.sqrt(singular[order])
    # A component's sign is arbitrary: fix it so the largest loading is positive, for a stable file.
    signs = np.sign(vectors[np.abs(vectors).argmax(axis=0), np.arange(DIMENSIONS)])
    vectors *= signs
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True) + 1e-12
    largest = np.abs(vectors).max(axis=1, keepdims=True)
    quantised = np.round(vectors / np.where(largest > 0, largest, 1) * 127).astype(np.int8)

    with open(output_file, "w", encoding="utf-8") as out:
        json.dump(
            {
                "format": FORMAT,
                "dimensions": DIMENSIONS,
                "terms": vocabulary,
                "counts": [int(counts[t]) for t in vocabulary],
                "vectors": base64.b64encode(quantised.tobytes()).decode("ascii"),
            },
            out,
            separators=(",", ":"),
            ensure_ascii=False,
        )
    print(f"{len(sequences)} sections, {sum(counts.values())} terms, {size} kept", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: train.py <sections.jsonl> <docs-word-vectors.json>")
    main(sys.argv[1], sys.argv[2])
