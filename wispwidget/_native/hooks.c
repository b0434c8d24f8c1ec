/*
 * hooks.c: entry points for the tests only, compiled into the test build (-DWISP_TEST_HOOKS,
 * libwispsolve-test-*.so); the product library has none of them. tests/test_native.py compares the core's
 * move generator and move application with the engine through them.
 */
#ifdef WISP_TEST_HOOKS
#include "core.h"

/* The legal moves of a position (all of them, unpruned), encoded; returns the count, or a negative
 * enum wisp_result (WISP_ERROR when they do not fit in cap). */
int wisp_moves(const wisp_spec *spec, const uint8_t *blob, int64_t blob_len, int32_t *out, int64_t cap) {
    Search S;
    State s;
    Move moves[MAXMOVES];
    int code = read_input(spec, blob, blob_len, &S, &s);
    if (code) return code;
    int n = gen_moves(&S, &s, moves, 0);
    if (n > cap) return WISP_ERROR;
    for (int i = 0; i < n; i++) out[i] = public_move(encode_move(&moves[i]));
    return n;
}

/* 1 when the dead-position test finds the position lost, 0 when not, or a negative enum wisp_result. */
int wisp_hopeless(const wisp_spec *spec, const uint8_t *blob, int64_t blob_len) {
    Search S;
    State s;
    int code = read_input(spec, blob, blob_len, &S, &s);
    if (code) return code;
    return dead(&S.g, &s);
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
    int64_t k = 0;
    for (int p = 0; p < g->npiles; p++) {
        if (k + 2 + s.n[p] > cap) return WISP_ERROR;
        out[k++] = s.down[p], out[k++] = s.n[p] - s.down[p];
        memcpy(out + k, s.c[p], s.n[p]), k += s.n[p];
    }
    int nw = 0;
    uint8_t w[MAXSTREAM];
    for (int i = 0; i < s.pos; i++)
        if (s.present[i >> 6] >> (i & 63) & 1) w[nw++] = g->stream[i];
    if (k + 4 + nw + (g->stream_len - s.pos) + g->nfound > cap) return WISP_ERROR;
    out[k++] = nw, memcpy(out + k, w, nw), k += nw;
    out[k++] = g->stream_len - s.pos, memcpy(out + k, g->stream + s.pos, g->stream_len - s.pos);
    k += g->stream_len - s.pos;
    out[k++] = g->nfound, memcpy(out + k, s.found, g->nfound), k += g->nfound;
    out[k++] = s.finished;
    return (int)k;
}
#endif
