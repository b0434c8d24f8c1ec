/*
 * entry.c: the core's entry points. wisp_abi reports the ABI and the limits; wisp_solve checks the spec
 * (version, size, every value one the core knows) and the position, then runs the search the spec names:
 * stage beams after a small depth-first search, depth-first restarts, or one complete search.
 *
 * The position bytes: per pile [face-down count, face-up count, cards...]; then [waste length, cards...];
 * [stock length, cards...]; then [foundation count, top cards (0 when empty)...]; then [finished runs].
 */
#include "core.h"

/* Budgets past this are refused: node ids are int32 (and no machine holds that many positions anyway). */
#define MAX_BUDGET ((int64_t)INT32_MAX - 1024)
/* Beam widths stop growing here: a beam this wide is never cut off within any budget. */
#define MAX_WIDTH ((int64_t)1 << 40)

void wisp_abi(wisp_abi_info *out) {
    out->version = WISP_ABI_VERSION;
    out->spec_size = sizeof(wisp_spec);
    out->stats_size = sizeof(wisp_stats);
    out->info_size = sizeof(wisp_abi_info);
    out->plan_settings_size = sizeof(wisp_plan_settings);
    out->plan_stats_size = sizeof(wisp_plan_stats);
    out->max_piles = MAXP, out->max_cards = MAXC, out->max_foundations = MAXF, out->max_stream = MAXSTREAM;
    out->max_moves = MAXMOVES, out->max_rank = MAXRANK;
}

static int is_flag(int32_t v) { return v == 0 || v == 1; }

/* The spec's values, checked: 0, or WISP_BAD_SPEC / WISP_TOO_BIG. */
static int check_spec(const wisp_spec *sp) {
    if (!sp || sp->version != WISP_ABI_VERSION || sp->size != sizeof(wisp_spec)) return WISP_BAD_SPEC;
    if (!is_flag(sp->build) || (sp->movable < 0 || sp->movable > 2) || !is_flag(sp->empty_pile) ||
        !is_flag(sp->stock) || !is_flag(sp->foundations) || sp->algorithm < 0 || sp->algorithm > 3)
        return WISP_BAD_SPEC;
    if (!is_flag(sp->deal_needs_no_empty_pile) || !is_flag(sp->foundation_to_tableau) ||
        !is_flag(sp->ace_between_foundations) || !is_flag(sp->transpositions) || !is_flag(sp->ordering) ||
        !is_flag(sp->dominance) || !is_flag(sp->dead_test) || !is_flag(sp->run_test) || !is_flag(sp->whole_runs) ||
        !is_flag(sp->draw_then_play) || !is_flag(sp->worry_back_then_use))
        return WISP_BAD_SPEC;
    if (sp->piles < 1 || sp->top_rank < 1 || sp->suits < 1 || sp->suits > 4 || sp->copies < 1 ||
        sp->foundation_piles < 0)
        return WISP_BAD_SPEC;
    if (sp->noise < 0 || sp->restart_chunk < 0 || sp->beam_width < 0 || sp->stage_cap < 0 || sp->final_cap < 0 ||
        sp->beam_growth < 0 || sp->beam_tries < 0 || sp->beam_jitter < 0 || sp->beam_jitter > 100 ||
        sp->final_dfs < 0 || sp->novelty < 0 || sp->stall < 0)
        return WISP_BAD_SPEC;
    if (sp->piles > MAXP || sp->top_rank > MAXRANK || sp->foundation_piles > MAXF) return WISP_TOO_BIG;
    if ((int64_t)sp->top_rank * sp->suits * sp->copies > MAXC) return WISP_TOO_BIG;
    return 0;
}

static int valid_card(const Game *g, int c) { return RANK(c) >= 1 && RANK(c) <= g->top; }

/* Read the spec and the position into S and s: 0, or a negative enum wisp_result. */
int read_input(const wisp_spec *sp, const uint8_t *blob, int64_t blob_len, Search *S, State *s) {
    int code = check_spec(sp);
    if (code) return code;
    if (!blob || blob_len < 0) return WISP_BAD_POSITION;
    memset(S, 0, sizeof *S);
    memset(s, 0, sizeof *s);
    Game *g = &S->g;
    S->spec = sp;
    g->npiles = sp->piles, g->top = sp->top_rank, g->any_suit = sp->build == WISP_BUILD_ANY_SUIT;
    g->movable = sp->movable, g->empty_any = sp->empty_pile == WISP_EMPTY_ANY;
    g->to_waste = sp->stock == WISP_STOCK_DRAW_TO_WASTE, g->removes_runs = sp->foundations == WISP_FOUNDATIONS_REMOVE_RUNS;
    g->deal_blocked = sp->deal_needs_no_empty_pile, g->nfound = g->removes_runs ? 0 : sp->foundation_piles;
    g->found_to_tab = sp->foundation_to_tableau, g->ace_between = sp->ace_between_foundations;
    g->use_dominance = sp->dominance, g->dead_test = sp->dead_test, g->run_test = sp->run_test;
    memcpy(S->w, sp->weights, sizeof S->w);
    S->rng = 0x9E3779B97F4A7C15ULL ^ (uint64_t)(uint32_t)sp->seed * 0xBF58476D1CE4E5B9ULL;
    S->use_tt = sp->transpositions, S->use_order = sp->ordering, S->noise = sp->noise;
    S->draw_then_play_from = MAXSTREAM; /* off, but in the depth-first searches that turn it on (dfs.c) */
    int64_t i = 0, left = 0;
#define NEED(k) \
    if (i + (k) > blob_len) return WISP_BAD_POSITION
    for (int p = 0; p < g->npiles; p++) {
        NEED(2);
        int nd = blob[i], nu = blob[i + 1];
        i += 2;
        if (nd + nu > MAXC || left + nd + nu > MAXC) return WISP_TOO_BIG;
        if (nd > 0 && nu < 1) return WISP_BAD_POSITION;
        NEED(nd + nu);
        memcpy(s->c[p], blob + i, nd + nu);
        s->down[p] = nd, s->n[p] = nd + nu;
        i += nd + nu;
        left += nd + nu;
    }
    NEED(1);
    int nw = blob[i++];
    NEED(nw);
    if (left + nw > MAXC) return WISP_TOO_BIG;
    memcpy(g->stream, blob + i, nw);
    i += nw;
    NEED(1);
    int ns = blob[i++];
    NEED(ns);
    if (left + nw + ns > MAXC || nw + ns > MAXSTREAM) return WISP_TOO_BIG;
    memcpy(g->stream + nw, blob + i, ns);
    i += ns;
    g->waste0 = nw, g->stream_len = nw + ns;
    s->pos = nw;
    for (int w = 0; w < nw; w++) s->present[w >> 6] |= 1ULL << (w & 63);
    left += nw + ns;
    NEED(1);
    int nf = blob[i++];
    if (nf != g->nfound) return WISP_BAD_POSITION;
    NEED(nf + 1);
    memcpy(s->found, blob + i, nf);
    i += nf;
    s->finished = blob[i++];
    s->left = (int)left;
#undef NEED
    for (int p = 0; p < g->npiles; p++)
        for (int j = 0; j < s->n[p]; j++)
            if (!valid_card(g, s->c[p][j])) return WISP_BAD_POSITION;
    for (int w = 0; w < g->stream_len; w++)
        if (!valid_card(g, g->stream[w])) return WISP_BAD_POSITION;
    for (int f = 0; f < nf; f++)
        if (s->found[f] && !valid_card(g, s->found[f])) return WISP_BAD_POSITION;
    settle_all(g, s);
    return 0;
}

static void fold_bytes(wisp_stats *stats, int64_t bytes) {
    if (bytes > stats->table_bytes) stats->table_bytes = bytes;
}

/* Stage beams: a complete depth-first search settles small trees (a proof of lost) cheaply; then beams of
 * growing width, sharing what they examined (BeamMemo), until one settles the position or the budget is
 * spent. Later tries at a width jitter the weights: into the search's own copy (S->w), never the spec. */
static int beams(Search *S, State *s, LineOut *line) {
    const wisp_spec *sp = S->spec;
    int64_t bytes = 0, limit = S->positions + sp->restart_chunk;
    int result = dfs(S, s, limit < S->max_positions ? limit : S->max_positions, line, &bytes);
    fold_bytes(S->stats, bytes);
    S->stats->passes = 1;
    BeamMemo *memo = memo_new();
    if (!memo) return WISP_ERROR;
    for (int64_t width = sp->beam_width; result == WISP_UNKNOWN && S->positions < S->max_positions;) {
        for (int t = 0; t < sp->beam_tries && result == WISP_UNKNOWN && S->positions < S->max_positions; t++) {
            int exhaustive, spread = 2 * sp->beam_jitter + 1;
            if (S->deadline > 0 && now_seconds() > S->deadline) break;
            for (int i = 0; i < WISP_WEIGHTS; i++)
                S->w[i] = t == 0 ? sp->weights[i]
                                 : (int)((int64_t)sp->weights[i] *
                                         (100 - sp->beam_jitter + (int)(next_random(S) % (uint64_t)spread)) / 100);
            result = beam_search(S, s, width, line, &exhaustive, memo);
            S->stats->passes++;
            if (S->cancel && *S->cancel && result == WISP_UNKNOWN) result = WISP_CANCELLED;
        }
        if (S->deadline > 0 && now_seconds() > S->deadline) break;
        int64_t grown = saturating_mul(width, sp->beam_growth) / 100; /* saturating: see MAX_WIDTH */
        width = grown > width ? grown : width + 1;
        if (width > MAX_WIDTH) width = MAX_WIDTH;
    }
    memo_free(memo);
    memcpy(S->w, sp->weights, sizeof S->w);
    return result;
}

/* Restarts: each is a complete DFS with a fresh table and its own random tie-breaks, cut off after
 * restart_chunk positions (growing). One that runs out of moves before its cut-off has searched
 * everything: a proof of lost. */
static int restarts(Search *S, State *s, LineOut *line) {
    int result = WISP_UNKNOWN;
    for (int64_t chunk = S->spec->restart_chunk;; chunk += chunk / 4) {
        /* when less than eight restarts' worth is left, the last restart gets all of it: a lost game
         * tree up to that size is then proved lost, where a smaller cut-off would prove nothing */
        int64_t rest = S->max_positions - S->positions, bytes = 0;
        if (rest < saturating_mul(8, chunk)) chunk = rest;
        int64_t limit = S->positions + chunk < S->max_positions ? S->positions + chunk : S->max_positions;
        result = dfs(S, s, limit, line, &bytes);
        fold_bytes(S->stats, bytes);
        S->stats->passes++;
        if (result != WISP_UNKNOWN || S->positions >= S->max_positions) break;
        if (S->deadline > 0 && now_seconds() > S->deadline) break;
    }
    return result;
}

/* The solve of s with S's budget, deadline, cancel flag and stats (the caller sets them; S->positions 1). */
int solve_state(Search *S, State *s, LineOut *line) {
    const wisp_spec *spec = S->spec;
    wisp_stats *stats = S->stats;
    stats->positions = 1;
    if (is_won(s)) return WISP_WON;
    if (dead(&S->g, s)) return WISP_LOST;
    int result, alg = spec->algorithm;
    if (alg == WISP_ALG_BEAM && spec->beam_width > 0) {
        result = beams(S, s, line);
    } else if ((alg == WISP_ALG_BEAM || alg == WISP_ALG_RESTARTS) && spec->restart_chunk > 0) {
        result = restarts(S, s, line);
    } else if (alg == WISP_ALG_BEST_FIRST) {
        result = best_first(S, s, line);
        stats->passes = 1;
    } else {
        int64_t bytes = 0;
        result = dfs(S, s, S->max_positions, line, &bytes);
        fold_bytes(stats, bytes);
        stats->passes = 1;
    }
    stats->positions = S->positions;
    stats->line_length = result == WISP_WON ? line->len : 0;
    return result;
}

int wisp_solve(const wisp_spec *spec, const uint8_t *blob, int64_t blob_len, int64_t max_positions,
               double time_limit, volatile int32_t *cancel, int32_t *out_moves, int64_t cap, wisp_stats *stats) {
    Search S;
    State s;
    if (!stats) return WISP_BAD_SPEC;
    memset(stats, 0, sizeof *stats);
    int code = read_input(spec, blob, blob_len, &S, &s);
    if (code) return code;
    if (max_positions < 1 || max_positions > MAX_BUDGET || cap < 0 || (cap > 0 && !out_moves)) return WISP_TOO_BIG;
    S.positions = 1, S.max_positions = max_positions;
    S.deadline = time_limit > 0 ? now_seconds() + time_limit : 0;
    S.cancel = cancel, S.stats = stats;
    LineOut line = {out_moves, cap, 0};
    return solve_state(&S, &s, &line);
}
