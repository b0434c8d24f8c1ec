/*
 * hooks.c: entry points for the tests only, compiled into the test build (-DWISP_TEST_HOOKS,
 * libwispsolve-test-*.so); the product library has none of them. tests/test_native.py compares the core's
 * move generator and move application with the engine through them.
 */
#ifdef WISP_TEST_HOOKS
#include "core.h"

/* The moves of a position, encoded: all legal ones (pruned = 0), or those the solver's search explores, its
 * pruning rules applied (pruned = 1; in generation order, not the search's), and then, when scores is not NULL,
 * each one's ordering score with the noise off. Returns the count, or a negative enum wisp_result (WISP_ERROR
 * when they do not fit in cap). */
static int moves_of(const wisp_spec *spec, const uint8_t *blob, int64_t blob_len, int32_t *out, int32_t *scores,
                    int64_t cap, int pruned) {
    Search S;
    State s;
    Move moves[MAXMOVES];
    int code = read_input(spec, blob, blob_len, &S, &s);
    if (code) return code;
    S.use_order = 0, S.noise = 0; /* which moves, not their order */
    int n = gen_moves(&S, &s, moves, pruned);
    if (n > cap) return WISP_ERROR;
    for (int i = 0; i < n; i++) {
        out[i] = public_move(encode_move(&moves[i]));
        if (scores) scores[i] = moves[i].score;
    }
    return n;
}

/* A state in the byte layout read_input reads; its length, or WISP_ERROR when it does not fit in cap. */
static int write_position(const Game *g, const State *s, uint8_t *out, int64_t cap) {
    int64_t k = 0;
    for (int p = 0; p < g->npiles; p++) {
        if (k + 2 + s->n[p] > cap) return WISP_ERROR;
        out[k++] = s->down[p], out[k++] = s->n[p] - s->down[p];
        memcpy(out + k, s->c[p], s->n[p]), k += s->n[p];
    }
    int nw = 0;
    uint8_t w[MAXSTREAM];
    for (int i = 0; i < s->pos; i++)
        if (s->present[i >> 6] >> (i & 63) & 1) w[nw++] = g->stream[i];
    if (k + 4 + nw + (g->stream_len - s->pos) + g->nfound > cap) return WISP_ERROR;
    out[k++] = nw, memcpy(out + k, w, nw), k += nw;
    out[k++] = g->stream_len - s->pos, memcpy(out + k, g->stream + s->pos, g->stream_len - s->pos);
    k += g->stream_len - s->pos;
    out[k++] = g->nfound, memcpy(out + k, s->found, g->nfound), k += g->nfound;
    out[k++] = s->finished;
    return (int)k;
}

int wisp_moves(const wisp_spec *spec, const uint8_t *blob, int64_t blob_len, int32_t *out, int64_t cap) {
    return moves_of(spec, blob, blob_len, out, NULL, cap, 0);
}

int wisp_explored_moves(const wisp_spec *spec, const uint8_t *blob, int64_t blob_len, int32_t *out,
                        int32_t *scores, int64_t cap) {
    return moves_of(spec, blob, blob_len, out, scores, cap, 1);
}

/* 1 when the dead-position test finds the position lost, 0 when not, or a negative enum wisp_result. */
int wisp_hopeless(const wisp_spec *spec, const uint8_t *blob, int64_t blob_len) {
    Search S;
    State s;
    int code = read_input(spec, blob, blob_len, &S, &s);
    if (code) return code;
    return dead(&S.g, &s);
}

/* The position's key as the search keeps it (alike 1: make_key) or pile for pile (alike 0), written to out;
 * its length, or a negative enum wisp_result (WISP_ERROR: cap too small). */
int wisp_key(const wisp_spec *spec, const uint8_t *blob, int64_t blob_len, int32_t alike, uint8_t *out,
             int64_t cap) {
    Search S;
    State s;
    uint8_t key[KEYMAX];
    int code = read_input(spec, blob, blob_len, &S, &s);
    if (code) return code;
    int n = position_key(&S.g, &s, key, alike != 0);
    if (n > cap) return WISP_ERROR;
    memcpy(out, key, n);
    return n;
}

/* Apply one encoded move (public form) to a position and write the result in the same byte layout; the
 * length, -2 when the move is not legal, or a negative enum wisp_result (WISP_ERROR: cap too small). */
int wisp_apply(const wisp_spec *spec, const uint8_t *blob, int64_t blob_len, int32_t encoded, uint8_t *out,
               int64_t cap) {
    Search S;
    State s;
    Move m, all[MAXMOVES];
    Effect fx[MAXFX];
    int code = read_input(spec, blob, blob_len, &S, &s);
    if (code) return code;
    const Game *g = &S.g;
    int n = gen_moves(&S, &s, all, 0), found = 0;
    for (int i = 0; i < n && !found; i++)
        if (public_move(encode_move(&all[i])) == encoded) m = all[i], found = 1;
    if (!found) return -2;
    apply(g, &s, &m, fx);
    return write_position(g, &s, out, cap);
}
#endif

#ifdef WISP_TEST_HOOKS
/*
 * The planner plays a whole position to the end, as players.PlannerPlayer does, for the settings sweep
 * (benchmarks/planner_settings.py): before each plan the hidden cards are put back in sorted order, so the
 * planner reads them as a multiset only; once nothing is hidden the solver plays (endgame_positions). Returns
 * 1 won, 0 not, or a negative enum wisp_result; out[0] moves played, out[1] plans, out[2] hidden cards left.
 */
static int cmp_byte(const void *x, const void *y) { return *(const uint8_t *)x - *(const uint8_t *)y; }

int wisp_plan_selfplay(const wisp_spec *spec, const wisp_spec *solve_spec, const wisp_plan_settings *settings,
                       const uint8_t *blob, int64_t blob_len, int64_t endgame_positions, int32_t *out) {
    Search S;
    State s;
    wisp_plan_settings st = *settings;
    int32_t line[4096];
    Effect fx[MAXFX];
    int code = read_input(spec, blob, blob_len, &S, &s);
    if (code) return code;
    const Game *g = &S.g;
    int moves = 0, plans = 0, result = 0, hidden = 0;
    while (moves < 600) {
        if (is_won(&s)) {
            result = 1;
            break;
        }
        uint8_t cards[MAXC];
        hidden = 0;
        for (int p = 0; p < g->npiles; p++)
            for (int j = 0; j < s.down[p]; j++) cards[hidden++] = s.c[p][j];
        for (int i = s.pos; i < g->stream_len; i++) cards[hidden++] = g->stream[i];
        if (hidden == 0) { /* the solver, seeing what the player sees: everything */
            uint8_t b[8 * MAXC + 64];
            wisp_stats ws;
            int len = write_position(g, &s, b, sizeof b);
            if (len < 0) return WISP_ERROR;
            result = wisp_solve(solve_spec, b, len, endgame_positions, 0, NULL, line, 4096, &ws) == WISP_WON;
            moves += result ? (int)ws.line_length : 0;
            break;
        }
        Search P = S; /* the planner's copy: the hidden cards in sorted order */
        State ps = s;
        qsort(cards, hidden, 1, cmp_byte);
        int k = 0;
        for (int p = 0; p < g->npiles; p++)
            for (int j = 0; j < ps.down[p]; j++) ps.c[p][j] = cards[k++];
        for (int i = ps.pos; i < g->stream_len; i++) P.g.stream[i] = cards[k++];
        wisp_plan_stats pst;
        st.seed = settings->seed + plans++;
        int n = plan_position(&st, &P, &ps, 0, NULL, line, 4096, &pst);
        if (n < 0) return n;
        if (n == 0) break; /* stuck: no move reachable reveals anything */
        for (int i = 0; i < n; i++) {
            Move m;
            decode_move(line[i], &m);
            apply(g, &s, &m, fx);
        }
        moves += n;
    }
    out[0] = moves, out[1] = plans, out[2] = hidden;
    return result;
}
#endif

#ifdef WISP_TEST_HOOKS
/* 1 when keys and nodes kept past `start` bytes of arena (past 4 GiB: the 64-bit offsets) are found and read
 * back, 0 when not, -1 when out of memory. The arenas are grown to `start` bytes without being written: the
 * system commits only the pages the keys land on. */
int wisp_test_offsets(int64_t start) {
    Table t;
    int ok = 1;
    if (start < 0 || !table_init(&t)) return -1;
    uint8_t *a = realloc(t.arena, (size_t)start + (1 << 20));
    if (!a) {
        table_free(&t);
        return -1;
    }
    t.arena = a, t.arena_cap = (size_t)start + (1 << 20), t.arena_len = (size_t)start;
    uint8_t key[8];
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < 1000; i++) {
            memcpy(key, &i, sizeof i), memcpy(key + 4, &i, sizeof i);
            if (table_insert(&t, key, 8) != (pass == 0)) ok = 0; /* new the first time, found the second */
        }
    table_free(&t);
    NodeStore ns;
    store_init(&ns);
    if (!buf_reserve(&ns.arena, (size_t)start + (1 << 20))) return -1;
    ns.arena_len = (size_t)start;
    Game g;
    State s, back;
    memset(&g, 0, sizeof g), memset(&s, 0, sizeof s), memset(&back, 0, sizeof back);
    g.npiles = 2, s.n[0] = 2, s.down[0] = 1, s.c[0][0] = 13 << 2 | 1, s.c[0][1] = 5 << 2 | 2, s.n[1] = 0;
    int32_t id = store_add(&ns, &g, -1, 0, &s, 7);
    if (id < 0) ok = -1;
    else {
        store_state(&ns, &g, id, &back);
        ok &= back.n[0] == 2 && back.down[0] == 1 && back.c[0][0] == s.c[0][0] && back.c[0][1] == s.c[0][1] &&
              store_node(&ns, id)->depth == 7;
    }
    store_free(&ns);
    return ok;
}
#endif

#ifdef WISP_TEST_HOOKS
/* x + INT32_MAX: signed overflow for x > 0, so a sanitized build's report shows that the sanitizers are armed. */
int wisp_test_canary(int32_t x) {
    volatile int32_t big = INT32_MAX;
    return x + big;
}
#endif
