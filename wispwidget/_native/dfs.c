/*
 * dfs.c: one complete depth-first search with a fresh exact transposition table (docs/solver.md,
 * "Depth-first"). It runs out of moves only after examining every position reachable under sound pruning:
 * then the position is lost. Used alone, as the restarts' search, before the beams, and as the beams'
 * depth-first last stage.
 */
#define _POSIX_C_SOURCE 199309L
#include <time.h>

#include "core.h"

double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int time_to_stop(const Search *S) {
    S->stats->positions = S->positions; /* published as it goes: a caller's other thread may show progress */
    if (S->cancel && *S->cancel) return WISP_CANCELLED;
    if (S->deadline > 0 && now_seconds() > S->deadline) return WISP_UNKNOWN;
    return 0;
}

typedef struct {
    Move move;    /* the move that led here */
    int fx_start; /* effects of that move, in the effect stack */
    int nfx;
    int mstart, mcount, mnext;
} Frame;

/* Whether move m touches pile b or foundation f: reads or changes it (a deal lays a card on every pile; where an
 * empty pile stops the stock, a draw reads every pile). */
static int touches(const Game *g, const Move *m, int b, int f) {
    switch (m->kind) {
    case WISP_T2T: return m->src == b || m->dst == b;
    case WISP_T2F: return m->src == b || m->dst == f;
    case WISP_W2T: return m->dst == b;
    case WISP_W2F: return m->dst == f;
    case WISP_F2T: return m->src == f || m->dst == b;
    case WISP_F2F: return m->src == f || m->dst == f;
    case WISP_DEAL: return 1;
    default: return g->deal_blocked; /* a draw */
    }
}

/* worry_back_then_use_is_sound (soundness.py): after a move from foundation f to pile b, only another worry-back
 * or a move that touches b or f; they are kept in place, and their count returned. */
static int keep_uses(const Game *g, Move *moves, int n, int b, int f) {
    int k = 0;
    for (int i = 0; i < n; i++)
        if (moves[i].kind == WISP_F2T || touches(g, &moves[i], b, f)) moves[k++] = moves[i];
    return k;
}

/*
 * Search from s until S->positions reaches limit. Returns WISP_*; on WISP_WON the line is in line. s is left
 * as it came (but for a win). *peak_bytes gets the bytes this search's table and stacks took.
 */
int dfs(Search *S, State *s, int64_t limit, LineOut *line, int64_t *peak_bytes) {
    const Game *g = &S->g;
    wisp_stats *stats = S->stats;
    Table table;
    Buf frames = {0, 0, sizeof(Frame)}, moves = {0, 0, sizeof(Move)}, effects = {0, 0, sizeof(Effect)};
    uint8_t key[KEYMAX];
    int result = WISP_UNKNOWN, depth = 0, outer_from = S->draw_then_play_from;
    if (!table_init(&table)) return WISP_ERROR;
    if (S->spec->draw_then_play) S->draw_then_play_from = s->pos; /* this search's root: see gen_moves */
    if (!buf_reserve(&frames, 64) || !buf_reserve(&moves, MAXMOVES * 4) || !buf_reserve(&effects, 1024)) {
        result = WISP_ERROR;
        goto done;
    }
    table_insert(&table, key, make_key(g, s, key));
    {
        Frame *f = frames.p;
        f[0].fx_start = 0, f[0].nfx = 0, f[0].mstart = 0;
        f[0].mcount = gen_moves(S, s, moves.p, 1);
        f[0].mnext = 0;
        stats->moves += f[0].mcount;
    }
    for (;;) {
        Frame *f = (Frame *)frames.p + depth;
        if (f->mnext == f->mcount) {
            if (depth == 0) {
                result = WISP_LOST;
                break;
            }
            unapply(g, s, &f->move, (Effect *)effects.p + f->fx_start, f->nfx);
            depth--;
            continue;
        }
        Move m = ((Move *)moves.p)[f->mstart + f->mnext++];
        int fx_start = f->fx_start + f->nfx;
        if (!buf_reserve(&effects, (size_t)fx_start + MAXFX)) {
            result = WISP_ERROR;
            break;
        }
        int nfx = apply(g, s, &m, (Effect *)effects.p + fx_start);
        if (is_won(s)) {
            depth++;
            if (!buf_reserve(&frames, depth + 1)) {
                result = WISP_ERROR;
                break;
            }
            Frame *won = (Frame *)frames.p + depth; /* all of it: a line too long for line->cap unwinds it */
            won->move = m, won->fx_start = fx_start, won->nfx = nfx;
            result = WISP_WON;
            break;
        }
        /* a worry-back's position is passed through, never kept: what follows it is only its use (keep_uses) */
        int passing = S->spec->worry_back_then_use && m.kind == WISP_F2T && nfx == 0;
        if (S->use_tt && !passing) {
            int fresh = table_insert(&table, key, make_key(g, s, key));
            if (fresh < 0) {
                result = WISP_ERROR;
                break;
            }
            if (!fresh) {
                unapply(g, s, &m, (Effect *)effects.p + fx_start, nfx);
                continue;
            }
        }
        if (S->positions >= limit) {
            unapply(g, s, &m, (Effect *)effects.p + fx_start, nfx);
            result = WISP_UNKNOWN;
            break;
        }
        ++S->positions;
        if (dead_after(g, &m, s)) { /* a lost leaf */
            unapply(g, s, &m, (Effect *)effects.p + fx_start, nfx);
            continue;
        }
        if ((S->positions & 1023) == 0 && (result = time_to_stop(S)) != 0) break;
        result = WISP_UNKNOWN;
        int mstart = f->mstart + f->mcount;
        depth++;
        if (depth > stats->max_depth) stats->max_depth = depth;
        if (!buf_reserve(&frames, depth + 1) || !buf_reserve(&moves, (size_t)mstart + MAXMOVES)) {
            result = WISP_ERROR;
            break;
        }
        f = (Frame *)frames.p + depth;
        f->move = m, f->fx_start = fx_start, f->nfx = nfx;
        f->mstart = mstart;
        f->mcount = gen_moves(S, s, (Move *)moves.p + mstart, 1);
        if (passing) f->mcount = keep_uses(g, (Move *)moves.p + mstart, f->mcount, m.dst, m.src);
        f->mnext = 0;
        stats->moves += f->mcount;
    }
    if (result == WISP_WON) {
        if (depth > line->cap) result = WISP_ERROR;
        else
            for (int i = 1; i <= depth; i++) line->moves[i - 1] = public_move(encode_move(&((Frame *)frames.p)[i].move));
        line->len = depth;
    }
    /* leave s as it came: unwind the path */
    for (int d = depth; d >= 1 && result != WISP_WON; d--) {
        Frame *f = (Frame *)frames.p + d;
        unapply(g, s, &f->move, (Effect *)effects.p + f->fx_start, f->nfx);
    }
done:
    S->draw_then_play_from = outer_from;
    *peak_bytes = (int64_t)table_bytes(&table);
    table_free(&table);
    free(frames.p);
    free(moves.p);
    free(effects.p);
    return result;
}
