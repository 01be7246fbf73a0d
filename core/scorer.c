/* The compiled twin of core.scorer.BoardScorer.score: the same walk over the same arrays.
   Built on first use by core/compiled.py (cc -O2 -shared); nothing else needs it. */
#include <stdint.h>
#include <stdlib.h>

typedef struct {
    const uint32_t *mask, *first, *kids, *offset;
    uint32_t *seen;
    uint32_t stamp, terminal;
    int cells, min_length;
    const int32_t *points;
    int32_t neighbours[64][8];
    int32_t degree[64];
    uint32_t heads[64], tails[64], around[64];
    int64_t total;
} scorer;

static void visit(scorer *s, uint32_t node, int cell, uint64_t used, uint32_t index, int length) {
    uint32_t m = s->mask[node];
    if ((m & s->terminal) && length >= s->min_length && s->seen[index] != s->stamp) {
        s->seen[index] = s->stamp;
        s->total += s->points[length];
    }
    if (!(m & s->around[cell])) return;
    uint32_t base = s->first[node];
    for (int t = 0; t < s->degree[cell]; t++) {
        int j = s->neighbours[cell][t];
        uint32_t bit = s->heads[j];
        if (((used >> j) & 1) || !(m & bit)) continue;
        uint32_t edge = base + (uint32_t)__builtin_popcount(m & (bit - 1));
        uint32_t child = s->kids[edge], at = index + s->offset[edge];
        uint32_t tail = s->tails[j];
        if (tail) {
            uint32_t cm = s->mask[child];
            if (!(cm & tail)) continue;
            uint32_t e2 = s->first[child] + (uint32_t)__builtin_popcount(cm & (tail - 1));
            visit(s, s->kids[e2], j, used | (1ull << j), at + s->offset[e2], length + 2);
        } else {
            visit(s, child, j, used | (1ull << j), at, length + 1);
        }
    }
}

void *bs_new(const uint32_t *mask, const uint32_t *first, const uint32_t *kids,
             const uint32_t *offset, uint32_t *seen, uint32_t terminal, int cells,
             const int32_t *neighbours, const int32_t *points, int min_length) {
    if (cells < 1 || cells > 64) return 0;
    scorer *s = calloc(1, sizeof(scorer));
    if (!s) return 0;
    s->mask = mask; s->first = first; s->kids = kids; s->offset = offset; s->seen = seen;
    s->terminal = terminal; s->cells = cells; s->points = points; s->min_length = min_length;
    for (int c = 0; c < cells; c++) {
        for (int t = 0; t < 8; t++) {
            int j = neighbours[c * 8 + t];
            if (j < 0) break;
            s->neighbours[c][s->degree[c]++] = j;
        }
    }
    return s;
}

void bs_free(void *p) { free(p); }

/* heads: each cell's first letter bit; tails: a qu face's u bit, else 0; stamp: fresh, nonzero. */
int64_t bs_score(void *p, const uint32_t *heads, const uint32_t *tails, uint32_t stamp) {
    scorer *s = p;
    s->stamp = stamp;
    s->total = 0;
    for (int c = 0; c < s->cells; c++) { s->heads[c] = heads[c]; s->tails[c] = tails[c]; }
    for (int c = 0; c < s->cells; c++) {
        uint32_t m = 0;
        for (int t = 0; t < s->degree[c]; t++) m |= s->heads[s->neighbours[c][t]];
        s->around[c] = m;
    }
    uint32_t root = s->mask[0];
    for (int c = 0; c < s->cells; c++) {
        uint32_t bit = s->heads[c];
        if (!(root & bit)) continue;
        uint32_t edge = s->first[0] + (uint32_t)__builtin_popcount(root & (bit - 1));
        uint32_t node = s->kids[edge], at = s->offset[edge];
        if (s->tails[c]) {
            uint32_t cm = s->mask[node], tail = s->tails[c];
            if (!(cm & tail)) continue;
            uint32_t e2 = s->first[node] + (uint32_t)__builtin_popcount(cm & (tail - 1));
            visit(s, s->kids[e2], c, 1ull << c, at + s->offset[e2], 2);
        } else {
            visit(s, node, c, 1ull << c, at, 1);
        }
    }
    return s->total;
}
