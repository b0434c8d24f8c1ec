/*
 * heuristic.c: how promising a position looks (lower is better), a guide for the searches only: it never
 * removes a position. The weights are the search's (Search.w: the spec's, jittered by later beam tries),
 * tuned by benchmarks/tune_weights.py; native.py's SUITED_RUN_WEIGHTS, ANY_RUN_WEIGHTS and FORTY_WEIGHTS
 * name them. Also the beams' novelty facts (new_facts).
 */
#include "core.h"

/* Extra Spider-family features: w[8] a King resting on a card; w[9] a top card no other pile top can
 * take (one rank higher, or an empty pile); w[10] a card whose suited successor lies above it in its pile;
 * w[11] a pile with face-down cards; w[12] each run that moves as one (by the game's rule) covering a pile's
 * face-down cards: no fewer moves take cards off the pile before its next card turns. */
static int32_t spider_extra(const Search *S, const State *s) {
    const Game *g = &S->g;
    const int *w = S->w;
    int32_t h = 0;
    int tops[MAXP], ntops = 0, empty = 0;
    for (int p = 0; p < g->npiles; p++) {
        if (!s->n[p]) empty = 1;
        else if (s->n[p] > s->down[p] || !S->visible_only) tops[ntops++] = s->c[p][s->n[p] - 1];
    }
    for (int p = 0; p < g->npiles; p++) {
        int n = s->n[p], d = s->down[p];
        if (d && (w[11] || w[12])) { /* a pile still to dig: the runs above its face-down cards */
            int runs = 1;
            for (int j = d + 1; j < n; j++) runs += !moves_with(g, s->c[p][j - 1], s->c[p][j]);
            h += w[11] + w[12] * runs;
        }
        if (w[8]) /* a face-up King with a card under it */
            for (int j = s->down[p] > 1 ? s->down[p] : 1; j < n; j++)
                if (RANK(s->c[p][j]) == g->top) h += w[8];
        if (w[9] && n && !empty && (n > d || !S->visible_only)) {
            int r = RANK(s->c[p][n - 1]), ok = 0;
            for (int i = 0; i < ntops && !ok; i++) ok = RANK(tops[i]) == r + 1;
            if (!ok && r != g->top) h += w[9];
        }
        if (w[10])
            for (int j = S->visible_only ? d : 0; j < n; j++) {
                uint8_t succ = s->c[p][j] + 4;
                if (RANK(s->c[p][j]) == g->top) continue;
                for (int k = j + 2; k < n; k++)
                    if (s->c[p][k] == succ) {
                        h += w[10];
                        break;
                    }
            }
    }
    return h;
}

/* Lower is more promising. A guide only: it never removes a position. With S->visible_only (the no-peek
 * planner) it reads no face-down card: a face-down top is no pile's top, and a pair with a face-down card is a
 * break.
 * Spider family w: face-down card, space, break in rank, break in suit only, finished run, undealt card.
 * Forty Thieves w: card left, break, space, buried waste card. */
int32_t heuristic(const Search *S, const State *s) {
    const Game *g = &S->g;
    const int *w = S->w;
    int32_t h = 0;
    if (g->removes_runs) {
        for (int p = 0; p < g->npiles; p++) {
            int n = s->n[p], d = s->down[p];
            h += w[0] * d;
            if (n == 0) h -= w[1];
            for (int j = d + 1; j < n; j++) {
                uint8_t below = s->c[p][j - 1], above = s->c[p][j];
                if (RANK(below) != RANK(above) + 1) h += w[2];
                else if (SUIT(below) != SUIT(above)) h += w[3];
            }
        }
        h -= w[4] * s->finished;
        h += w[5] * (g->stream_len - s->pos);
        if (w[8] || w[9] || w[10] || w[11] || w[12]) h += spider_extra(S, s);
    } else {
        h += w[0] * s->left;
        for (int p = 0; p < g->npiles; p++) {
            int n = s->n[p], hidden = S->visible_only ? s->down[p] : 0; /* pairs with a face-down card: breaks */
            for (int j = 1; j < n; j++) {
                uint8_t below = s->c[p][j - 1], above = s->c[p][j];
                if (j <= hidden || !(RANK(below) == RANK(above) + 1 && SUIT(below) == SUIT(above))) h += w[1];
            }
            if (n == 0) h -= w[2];
        }
        int waste = 0;
        for (int i = 0; i < s->pos; i++) waste += s->present[i >> 6] >> (i & 63) & 1;
        if (waste) h += w[3] * (waste - 1);
    }
    return h;
}

/* Novelty: the facts "card x lies on card y" (y may also be a face-down card or the table) that positions of
 * one stage have shown, one bit each (cards are bytes below 64). */

/* How many facts of s no earlier position of the stage showed; marks them seen. */
int new_facts(const Game *g, const State *s, uint64_t *seen) {
    int fresh = 0;
    for (int p = 0; p < g->npiles; p++)
        for (int i = s->down[p]; i < s->n[p]; i++) {
            int below = i == 0 ? 0 : i == s->down[p] ? 1 : s->c[p][i - 1];
            int fact = s->c[p][i] * 64 + below;
            uint64_t bit = 1ULL << (fact & 63);
            if (!(seen[fact >> 6] & bit)) seen[fact >> 6] |= bit, fresh++;
        }
    return fresh;
}
