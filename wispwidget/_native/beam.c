/*
 * beam.c: the stage beam search (docs/solver.md, "Stage beams"), with what the beams of one solve share
 * (BeamMemo), the depth-first last stage (final_dfs) and the guides that act only once a beam has left
 * something out (stall, whole runs).
 */
#include "core.h"

/* a * b for a, b >= 0, saturating at INT64_MAX (widths grow without bound while positions are re-entered) */
int64_t saturating_mul(int64_t a, int64_t b) {
    if (a <= 0 || b <= 0) return 0;
    return a > INT64_MAX / b ? INT64_MAX : a * b;
}

/* What the beams of one solve share: every position one of them examined (its key; its node, which keeps
 * the position and the line to it), so that a later beam that enters it again does not count it again. */
struct BeamMemo {
    Table table;
    NodeStore store;
    Buf mark;   /* per node: the serial number of the last beam that entered it */
    Buf member; /* per node, when the stall rule is on: in a stage under the rule, the beam member whose line entered it */
    uint32_t serial;
};

BeamMemo *memo_new(void) {
    BeamMemo *mm = calloc(1, sizeof *mm);
    if (!mm) return NULL;
    store_init(&mm->store);
    mm->mark.size = sizeof(uint32_t);
    mm->member.size = sizeof(int32_t);
    if (!table_init(&mm->table)) {
        free(mm);
        return NULL;
    }
    return mm;
}

void memo_free(BeamMemo *mm) {
    if (!mm) return;
    table_free(&mm->table);
    store_free(&mm->store);
    free(mm->mark.p);
    free(mm->member.p);
    free(mm);
}

static size_t memo_bytes(const BeamMemo *mm) {
    return table_bytes(&mm->table) + store_bytes(&mm->store) + mm->mark.cap * sizeof(uint32_t) +
           mm->member.cap * sizeof(int32_t);
}

/* Keep a new node in the memo, entered by the present beam; its number, or -1 when out of memory. The member
 * record is kept only where the stall rule can apply. */
static int32_t memo_add(BeamMemo *mm, const Game *g, const wisp_spec *sp, int32_t parent, int32_t move,
                        const State *st) {
    int32_t id = store_add(&mm->store, g, parent, move, st, 0);
    if (id < 0 || !buf_reserve(&mm->mark, (size_t)id + 1) || (sp->stall > 0 && !buf_reserve(&mm->member, (size_t)id + 1)))
        return -1;
    ((uint32_t *)mm->mark.p)[id] = mm->serial;
    return id;
}

/* The stall rule's record of one beam member's line in a stage: the best heuristic it has reached, and the
 * new positions it has entered since. */
typedef struct {
    int64_t best, since;
} Line;

/*
 * The last stage (no stock left) as one complete depth-first search per beam member, each cut off after
 * final_dfs positions. A member's search that runs out of moves proves that member lost; *exhaustive
 * is cleared otherwise. On a win the line is the path to the member, then the search's line.
 * *dfs_bytes gets the largest table one of these searches used.
 */
static int final_stage_dfs(Search *S, const NodeStore *store, const Buf *beam, size_t nbeam, LineOut *out,
                           int *exhaustive, int64_t *dfs_bytes) {
    State s;
    for (size_t i = 0; i < nbeam; i++) {
        int32_t id = prio_id(((const int64_t *)beam->p)[i]);
        const Node *nd = store_node(store, id);
        int64_t limit = S->positions + S->spec->final_dfs, bytes = 0;
        LineOut head = *out;
        head.len = 0;
        if (nd->parent >= 0 && !node_line(store, nd->parent, nd->move, &head)) return WISP_ERROR;
        store_state(store, &S->g, id, &s);
        LineOut tail = {out->moves + head.len, out->cap - head.len, 0};
        int result = dfs(S, &s, limit < S->max_positions ? limit : S->max_positions, &tail, &bytes);
        if (bytes > *dfs_bytes) *dfs_bytes = bytes;
        if (result == WISP_WON) {
            out->len = head.len + tail.len;
            S->stats->max_depth = out->len;
            return WISP_WON;
        }
        if (result == WISP_CANCELLED || result == WISP_ERROR) return result;
        if (result != WISP_LOST) *exhaustive = 0;
        if (S->positions >= S->max_positions || (S->deadline > 0 && now_seconds() > S->deadline)) return WISP_UNKNOWN;
    }
    return *exhaustive ? WISP_LOST : WISP_UNKNOWN;
}

/*
 * A stage is the play between two uses of the stock (a deal, or a draw). The beam
 * holds up to `width` positions at the start of a stage. Their stage is explored
 * together, best-first on the heuristic, for at most stage_cap positions per beam
 * member (final_cap once the stock is used up); every position reached that may
 * use the stock yields a candidate, the position after doing so, and the `width`
 * best candidates make the next beam. Positions go into one exact table that all
 * the beams of a solve share (mm), so each is counted once.
 *
 * Three guides, none of which removes a position from a search that may prove a loss:
 * - novelty: a position that shows no card-on-card fact new to its stage waits behind those that do
 *   (sp->novelty is added to its priority), so a capped stage spreads over more arrangements;
 * - stall: once the beam has left something out (so it can no longer prove a loss), a member's line in the
 *   last two stages (after the last use of the stock, and before it) is given up after sp->stall new
 *   positions without a better heuristic than its best;
 * - whole runs: once the beam has left something out, a move that takes part of a run off the card it
 *   moves with (splits_run) is not explored, when sp->whole_runs is set.
 *
 * *exhaustive stays 1 only when no stage was cut off, no candidate was left out and no line given up (stall
 * and whole runs act only after that): the search then examined every reachable position, and WISP_LOST is a
 * proof. Otherwise running out of candidates returns WISP_UNKNOWN.
 */
int beam_search(Search *S, State *root, int64_t width, LineOut *out, int *exhaustive, BeamMemo *mm) {
    const Game *g = &S->g;
    const wisp_spec *sp = S->spec;
    wisp_stats *stats = S->stats;
    Buf heap = {0, 0, sizeof(int64_t)}, beam = {0, 0, sizeof(int64_t)}, cands = {0, 0, sizeof(int64_t)};
    Buf lines = {0, 0, sizeof(Line)}; /* under the stall rule: one per member of the beam */
    uint64_t seen[FACT_WORDS];
    size_t nheap = 0, nbeam = 0, ncands = 0;
    uint8_t key[KEYMAX];
    Move moves[MAXMOVES];
    Effect fx[MAXFX];
    State s;
    int result = WISP_UNKNOWN;
    int32_t won_parent = -1, won_move = 0, *slot_id;
    int64_t dfs_bytes = 0;
    *exhaustive = 1;
    mm->serial++;
    if (mm->store.n == 0) { /* the first beam: the root is node 0 */
        if (table_insert_id(&mm->table, key, make_key(g, root, key), &slot_id) < 0) goto oom;
        if ((*slot_id = memo_add(mm, g, sp, -1, 0, root)) < 0) goto oom;
    }
    ((uint32_t *)mm->mark.p)[0] = mm->serial;
    if (!buf_reserve(&beam, 1)) goto oom;
    ((int64_t *)beam.p)[0] = prio_item(0, 0), nbeam = 1;
    for (;;) {
        store_state(&mm->store, g, prio_id(((int64_t *)beam.p)[0]), &s);
        int final = s.pos >= g->stream_len;
        int64_t limit = saturating_mul(width, final ? sp->final_cap : sp->stage_cap), explored = 0;
        nheap = 0, ncands = 0;
        if (final && sp->final_dfs > 0) {
            result = final_stage_dfs(S, &mm->store, &beam, nbeam, out, exhaustive, &dfs_bytes);
            goto done;
        }
        /* the stall rule only where the beam can no longer prove a loss anyway */
        int last_use = s.pos + (g->to_waste ? 1 : g->npiles) >= g->stream_len; /* the next use is the last */
        int stalls = (final || last_use) && sp->stall > 0 && !*exhaustive;
        Line *line = NULL;
        int32_t *member = NULL;
        memset(seen, 0, sizeof seen);
        if (stalls && !buf_reserve(&lines, nbeam)) goto oom;
        for (size_t i = 0; i < nbeam; i++) {
            int32_t id = prio_id(((int64_t *)beam.p)[i]);
            store_state(&mm->store, g, id, &s);
            int64_t h = heuristic(S, &s);
            if (sp->novelty) new_facts(g, &s, seen);
            if (stalls) {
                ((int32_t *)mm->member.p)[id] = (int32_t)i;
                ((Line *)lines.p)[i] = (Line){h, 0};
            }
            if (!heap_push(&heap, &nheap, prio_item(h, id))) goto oom;
        }
        member = mm->member.p;
        while (nheap) {
            if (explored >= limit) {
                *exhaustive = 0;
                break;
            }
            int32_t id = prio_id(heap_pop(&heap, &nheap)), owner = stalls ? member[id] : 0;
            if (stalls) {
                line = (Line *)lines.p + owner;
                if (line->since >= sp->stall) continue; /* a line given up (*exhaustive is already 0) */
            }
            store_state(&mm->store, g, id, &s);
            int nm = gen_moves(S, &s, moves, 1);
            stats->moves += nm;
            for (int i = 0; i < nm; i++) {
                Move m = moves[i];
                if (sp->whole_runs && !*exhaustive && splits_run(g, &s, &m)) continue;
                int nfx = apply(g, &s, &m, fx);
                if (is_won(&s)) {
                    won_parent = id, won_move = encode_move(&m);
                    result = WISP_WON;
                    goto done;
                }
                int fresh = table_insert_id(&mm->table, key, make_key(g, &s, key), &slot_id);
                if (fresh < 0) goto oom;
                int32_t child = *slot_id;
                if (fresh) {
                    if (S->positions >= S->max_positions) goto done;
                    ++S->positions;
                    if (dead_after(g, &m, &s)) { /* lost: it goes no further (its id stays -1) */
                        unapply(g, &s, &m, fx, nfx);
                        continue;
                    }
                    if ((child = *slot_id = memo_add(mm, g, sp, id, encode_move(&m), &s)) < 0) goto oom;
                    member = mm->member.p;
                    if (stalls) line->since++;
                } else { /* examined before: by this beam (skip it), or by an earlier one (enter it again) */
                    uint32_t *mark = mm->mark.p;
                    if (child < 0 || mark[child] == mm->serial) {
                        unapply(g, &s, &m, fx, nfx);
                        continue;
                    }
                    mark[child] = mm->serial;
                }
                if ((++explored & 1023) == 0) { /* every 1024 entered: a later beam may enter many it does not count */
                    int stop = time_to_stop(S);
                    if (stop) {
                        result = stop;
                        goto done;
                    }
                }
                int64_t h = heuristic(S, &s), priority = h;
                int uses_stock = m.kind == WISP_DEAL || m.kind == WISP_DRAW;
                if (sp->novelty && !uses_stock && new_facts(g, &s, seen) == 0) priority += sp->novelty;
                if (stalls) {
                    member[child] = owner;
                    if (h < line->best) *line = (Line){h, 0};
                }
                int64_t item = prio_item(priority, child);
                if (uses_stock) { /* a candidate for the next stage */
                    if (!buf_reserve(&cands, ncands + 1)) goto oom;
                    ((int64_t *)cands.p)[ncands++] = item;
                } else if (!heap_push(&heap, &nheap, item))
                    goto oom;
                unapply(g, &s, &m, fx, nfx);
            }
        }
        if (final || ncands == 0) {
            result = *exhaustive ? WISP_LOST : WISP_UNKNOWN;
            goto done;
        }
        /* the next beam: the best candidates */
        int64_t *c = cands.p;
        qsort(c, ncands, sizeof(int64_t), cmp_int64);
        if ((int64_t)ncands > width) *exhaustive = 0, ncands = (size_t)width;
        if (!buf_reserve(&beam, ncands)) goto oom;
        memcpy(beam.p, c, ncands * sizeof(int64_t));
        nbeam = ncands;
    }
oom:
    result = WISP_ERROR;
done:
    /* won_parent stays -1 when a depth-first last stage won: it wrote the whole line itself */
    if (result == WISP_WON && won_parent >= 0 && !node_line(&mm->store, won_parent, won_move, out))
        result = WISP_ERROR;
    if (result == WISP_WON) stats->max_depth = out->len;
    {
        int64_t bytes_used =
            (int64_t)(memo_bytes(mm) + (heap.cap + beam.cap + cands.cap) * sizeof(int64_t) + lines.cap * sizeof(Line)) + dfs_bytes;
        if (bytes_used > stats->table_bytes) stats->table_bytes = bytes_used;
    }
    free(heap.p), free(beam.p), free(cands.p), free(lines.p);
    return result;
}
