/*
 * table.c: where searches keep positions. The canonical key of a position (make_key), the exact
 * transposition table (keys in one arena, open addressing on their hash), the node store (each kept
 * position's parent, move and bytes, so that a line can be read back), growable buffers and a min-heap.
 *
 * Sizes and offsets are 64-bit (size_t, or a 32-bit low part with a 16-bit high part in the 16-byte
 * slots and nodes), so a table of more than 4 GB of keys keeps working where memory allows it; node ids are
 * int32, which wisp_solve's budget check keeps in range.
 */
#include "core.h"

/* ----------------------------------------------------------- buffers */

int buf_reserve(Buf *b, size_t items) {
    if (items <= b->cap) return 1;
    size_t cap = b->cap ? b->cap : 1024;
    while (cap < items) cap *= 2;
    void *p = realloc(b->p, cap * b->size);
    if (!p) return 0;
    b->p = p, b->cap = cap;
    return 1;
}

int cmp_int64(const void *x, const void *y) {
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return (a > b) - (a < b);
}

/* ----------------------------------------------------------- canonical key */

static int pile_cmp(const State *s, int a, int b) {
    int na = s->n[a], nb = s->n[b], m = na < nb ? na : nb;
    for (int i = 0; i < m; i++) {
        int ca = s->c[a][i] | (i < s->down[a] ? 0x80 : 0), cb = s->c[b][i] | (i < s->down[b] ? 0x80 : 0);
        if (ca != cb) return ca - cb;
    }
    return na - nb;
}

/* Whether a key must hold the foundation tops: whenever they can differ between two positions alike in every
 * other part. Pile for pile (`alike` 0) always: which foundation holds which suit decides where a card may go.
 * With `alike` only in waste games (kept there as before; not needed): the cards on the foundations are the
 * deck less the rest of the key, and each suit's lie Ace up, so how many of its piles reach each rank is how
 * many cards of that rank are there, and the sorted tops follow. */
static int key_holds_foundations(const Game *g, int alike) { return g->nfound > 0 && (g->to_waste || !alike); }

/* The position's key: piles in order (sorted where their order no longer matters), each card with 0x80
 * when face down and each pile ended by 0xFF; the stock's place; in waste games the waste; then the
 * foundation tops where they can differ (key_holds_foundations; sorted with `alike`: foundations are alike).
 * At most KEYMAX bytes. */
int make_key(const Game *g, const State *s, uint8_t *key) { return position_key(g, s, key, 1); }

/* The same with `alike` 0: piles and foundations always in their own order, so equal keys mean the same
 * position pile for pile (a line to it ends where a move from it expects). */
int position_key(const Game *g, const State *s, uint8_t *key, int alike) {
    int order[MAXP], P = g->npiles, k = 0;
    for (int p = 0; p < P; p++) order[p] = p;
    if (alike && (g->to_waste || s->pos >= g->stream_len)) { /* piles are interchangeable: sort them */
        for (int i = 1; i < P; i++) {
            int x = order[i], j = i - 1;
            while (j >= 0 && pile_cmp(s, order[j], x) > 0) order[j + 1] = order[j], j--;
            order[j + 1] = x;
        }
    }
    for (int i = 0; i < P; i++) {
        int p = order[i];
        for (int j = 0; j < s->n[p]; j++) key[k++] = s->c[p][j] | (j < s->down[p] ? 0x80 : 0);
        key[k++] = 0xFF;
    }
    key[k++] = (uint8_t)s->pos;
    if (g->to_waste) memcpy(key + k, s->present, 16), k += 16;
    if (key_holds_foundations(g, alike)) {
        uint8_t tops[MAXF];
        memcpy(tops, s->found, g->nfound);
        for (int i = 1; i < g->nfound && alike; i++) { /* foundations are interchangeable too */
            uint8_t x = tops[i];
            int j = i - 1;
            while (j >= 0 && tops[j] > x) tops[j + 1] = tops[j], j--;
            tops[j + 1] = x;
        }
        memcpy(key + k, tops, g->nfound), k += g->nfound;
    }
    return k;
}

uint64_t hash_bytes(const uint8_t *p, int n) {
    uint64_t h = 0xcbf29ce484222325ULL;
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x100000001b3ULL;
        h ^= h >> 29;
    }
    for (; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ULL;
    h ^= h >> 32;
    h *= 0xd6e8feb86659fd93ULL;
    h ^= h >> 32;
    return h;
}

/* ----------------------------------------------------------- exact transposition table */

static size_t slot_off(const Slot *s) { return (size_t)s->off_lo | (size_t)s->off_hi << 32; }

void table_free(Table *t) {
    free(t->slots);
    free(t->arena);
}

int table_init(Table *t) {
    t->cap = 1 << 16;
    t->count = 0;
    t->slots = calloc(t->cap, sizeof(Slot));
    t->arena_cap = 1 << 20;
    t->arena_len = 0;
    t->arena = malloc(t->arena_cap);
    if (t->slots && t->arena) return 1;
    table_free(t); /* out of memory: leave nothing allocated, so a failed init needs no clean-up */
    t->slots = NULL, t->arena = NULL;
    return 0;
}

static int table_grow(Table *t) {
    size_t cap = t->cap * 2;
    Slot *slots = calloc(cap, sizeof(Slot));
    if (!slots) return 0;
    for (size_t i = 0; i < t->cap; i++) {
        if (!t->slots[i].len) continue;
        size_t j = t->slots[i].hash & (cap - 1);
        while (slots[j].len) j = (j + 1) & (cap - 1);
        slots[j] = t->slots[i];
    }
    free(t->slots);
    t->slots = slots;
    t->cap = cap;
    return 1;
}

/* 1 inserted (new), 0 already there, -1 out of memory. *slot_id (when not NULL) points at the key's id,
 * -1 for a new key, valid until the next insert. */
int table_insert_id(Table *t, const uint8_t *key, int len, int32_t **slot_id) {
    if ((t->count + 1) * 2 > t->cap && !table_grow(t)) return -1;
    uint32_t h = (uint32_t)hash_bytes(key, len);
    size_t j = h & (t->cap - 1);
    while (t->slots[j].len) {
        Slot *s = &t->slots[j];
        if (s->hash == h && s->len == len && memcmp(t->arena + slot_off(s), key, len) == 0) {
            if (slot_id) *slot_id = &s->id;
            return 0;
        }
        j = (j + 1) & (t->cap - 1);
    }
    if (t->arena_len + len > t->arena_cap) {
        size_t cap = t->arena_cap * 2;
        uint8_t *a = realloc(t->arena, cap);
        if (!a) return -1;
        t->arena = a, t->arena_cap = cap;
    }
    memcpy(t->arena + t->arena_len, key, len);
    Slot *s = &t->slots[j];
    s->hash = h, s->off_lo = (uint32_t)t->arena_len, s->off_hi = (uint16_t)(t->arena_len >> 32), s->len = (uint16_t)len;
    s->id = -1;
    if (slot_id) *slot_id = &s->id;
    t->arena_len += len;
    t->count++;
    return 1;
}

/* ----------------------------------------------------------- the node store */

/* A state in actual pile order, as bytes: piles (0x80 marks face-down) each ended
 * by 0xFF, then pos, finished, the waste bits and the foundation tops. */
static int encode_state(const Game *g, const State *s, uint8_t *out) {
    int k = 0;
    for (int p = 0; p < g->npiles; p++) {
        for (int j = 0; j < s->n[p]; j++) out[k++] = s->c[p][j] | (j < s->down[p] ? 0x80 : 0);
        out[k++] = 0xFF;
    }
    out[k++] = (uint8_t)s->pos;
    out[k++] = (uint8_t)s->finished;
    if (g->to_waste) memcpy(out + k, s->present, 16), k += 16;
    memcpy(out + k, s->found, g->nfound), k += g->nfound;
    return k;
}

static void decode_state(const Game *g, const uint8_t *in, State *s) {
    int k = 0, left = 0;
    for (int p = 0; p < g->npiles; p++) {
        int n = 0, down = 0;
        while (in[k] != 0xFF) {
            if (in[k] & 0x80) down++;
            s->c[p][n++] = in[k++] & 0x7F;
        }
        k++;
        s->n[p] = n, s->down[p] = down;
        left += n;
    }
    s->pos = in[k++];
    s->finished = in[k++];
    s->present[0] = s->present[1] = 0;
    if (g->to_waste) memcpy(s->present, in + k, 16), k += 16;
    memcpy(s->found, in + k, g->nfound);
    left += g->stream_len - s->pos;
    for (int i = 0; i < s->pos; i++) left += s->present[i >> 6] >> (i & 63) & 1;
    s->left = left;
}

void store_init(NodeStore *ns) {
    memset(ns, 0, sizeof *ns);
    ns->nodes.size = sizeof(Node), ns->arena.size = 1;
}

/* The new node's number, or -1 when out of memory (or past int32 ids). */
int32_t store_add(NodeStore *ns, const Game *g, int32_t parent, int32_t move, const State *st, uint16_t depth) {
    uint8_t bytes[KEYMAX];
    int len = encode_state(g, st, bytes);
    if (ns->n >= INT32_MAX || !buf_reserve(&ns->nodes, ns->n + 1) || !buf_reserve(&ns->arena, ns->arena_len + len))
        return -1;
    Node *nd = (Node *)ns->nodes.p + ns->n;
    nd->parent = parent, nd->move = move, nd->depth = depth;
    nd->off_lo = (uint32_t)ns->arena_len, nd->off_hi = (uint16_t)(ns->arena_len >> 32);
    memcpy((uint8_t *)ns->arena.p + ns->arena_len, bytes, len);
    ns->arena_len += len;
    return (int32_t)ns->n++;
}

void store_state(const NodeStore *ns, const Game *g, int32_t id, State *st) {
    const Node *nd = store_node(ns, id);
    decode_state(g, (const uint8_t *)ns->arena.p + ((size_t)nd->off_lo | (size_t)nd->off_hi << 32), st);
}

size_t store_bytes(const NodeStore *ns) { return ns->nodes.cap * sizeof(Node) + ns->arena.cap; }

void store_free(NodeStore *ns) { free(ns->nodes.p), free(ns->arena.p); }

/* The line to node `parent` then `last`, read back through the parent links; 0 if longer than the room. */
int node_line(const NodeStore *ns, int32_t parent, int32_t last, LineOut *out) {
    const Node *nd = ns->nodes.p;
    int64_t len = 1;
    for (int32_t v = parent; nd[v].parent >= 0; v = nd[v].parent) len++;
    if (len > out->cap) return 0;
    int64_t i = len - 1;
    out->moves[i--] = public_move(last);
    for (int32_t v = parent; nd[v].parent >= 0; v = nd[v].parent) out->moves[i--] = public_move(nd[v].move);
    out->len = len;
    return 1;
}

/* ----------------------------------------------------------- heap */

int heap_push(Buf *h, size_t *n, int64_t key) {
    if (!buf_reserve(h, *n + 1)) return 0;
    int64_t *a = h->p;
    size_t i = (*n)++;
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (a[parent] <= key) break;
        a[i] = a[parent], i = parent;
    }
    a[i] = key;
    return 1;
}

int64_t heap_pop(Buf *h, size_t *n) {
    int64_t *a = h->p, top = a[0], last = a[--*n];
    size_t i = 0;
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        int64_t mv = last;
        if (l < *n && a[l] < mv) m = l, mv = a[l];
        if (r < *n && a[r] < mv) m = r;
        if (m == i) break;
        a[i] = a[m], i = m;
    }
    if (*n) a[i] = last;
    return top;
}
