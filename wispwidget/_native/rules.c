/*
 * rules.c: the game's rules as the core plays them: which moves are legal (gen_moves, with the solver's
 * pruned and ordered form), playing a move and taking it back (apply, unapply), and what follows a move by
 * itself (settle: finished runs leave, a face-down top card turns).
 *
 * This file never decides a rule the Python engine does not also decide; tests/test_native.py compares
 * both move generators on random play-outs of every catalogue game (through the test build's hooks).
 */
#include "core.h"

enum { MV_T2T = WISP_T2T, MV_T2F = WISP_T2F, MV_W2T = WISP_W2T, MV_W2F = WISP_W2F, MV_F2T = WISP_F2T,
       MV_F2F = WISP_F2F, MV_DEAL = WISP_DEAL, MV_DRAW = WISP_DRAW };

static int waste_top_index(const Game *g, const State *s) {
    int i;
    (void)g;
    for (i = s->pos - 1; i >= 0; i--)
        if (s->present[i >> 6] >> (i & 63) & 1) return i;
    return -1;
}

/* Whether move m takes cards off the card they move with (by the game's rule): it splits a run. Where only
 * runs in suit move, it lays them on another card of that card's rank and only trades which of the two is
 * free (the beams' whole-runs guide, see beam_search). */
int splits_run(const Game *g, const State *s, const Move *m) {
    if (m->kind != MV_T2T) return 0;
    int p = m->src, under = s->n[p] - m->count - 1;
    return under >= s->down[p] && moves_with(g, s->c[p][under], s->c[p][under + 1]);
}

static int run_length(const Game *g, const State *s, int p) {
    int n = s->n[p], up = n - s->down[p], k = 1;
    if (up <= 0) return 0;
    while (k < up && moves_with(g, s->c[p][n - k - 1], s->c[p][n - k])) k++;
    return k;
}

static int tableau_takes(const Game *g, const State *s, int d, uint8_t card) {
    if (s->n[d] == 0) return g->empty_any || RANK(card) == g->top;
    uint8_t t = s->c[d][s->n[d] - 1];
    return RANK(t) == RANK(card) + 1 && (g->any_suit || SUIT(t) == SUIT(card));
}

static int foundation_takes(const State *s, int f, uint8_t card) {
    return s->found[f] ? card == s->found[f] + 4 : RANK(card) == 1;
}

static int any_empty(const Game *g, const State *s) {
    for (int p = 0; p < g->npiles; p++)
        if (!s->n[p]) return 1;
    return 0;
}

static int finished_on_top(const Game *g, const State *s, int p) {
    int n = s->n[p];
    if (n - s->down[p] < g->top) return 0;
    uint8_t ace = s->c[p][n - 1];
    if (RANK(ace) != 1) return 0;
    for (int k = 2; k <= g->top; k++)
        if (s->c[p][n - k] != ace + 4 * (k - 1)) return 0;
    return 1;
}

/* Finished runs leave, then a face-down top turns; effects are pushed for undo. */
static int settle(const Game *g, State *s, int p, Effect *fx) {
    int k = 0;
    for (;;) {
        if (g->removes_runs && finished_on_top(g, s, p)) {
            uint8_t suit = SUIT(s->c[p][s->n[p] - 1]);
            s->n[p] -= g->top;
            s->finished++;
            s->left -= g->top;
            fx[k].kind = 1, fx[k].pile = p, fx[k].data = suit, k++;
        } else if (s->n[p] && s->down[p] == s->n[p]) {
            s->down[p]--;
            fx[k].kind = 0, fx[k].pile = p, fx[k].data = 0, k++;
        } else
            return k;
    }
}

/* What happens by itself on every pile of a position just read (a deal's finished runs leave), as after a move. */
void settle_all(const Game *g, State *s) {
    Effect fx[MAXFX];
    for (int p = 0; p < g->npiles; p++) settle(g, s, p, fx);
}

/* Play m; write effects to fx, return how many. */
int apply(const Game *g, State *s, const Move *m, Effect *fx) {
    int k = 0;
    switch (m->kind) {
    case MV_T2T: {
        int a = m->src, b = m->dst, cnt = m->count;
        memcpy(&s->c[b][s->n[b]], &s->c[a][s->n[a] - cnt], cnt);
        s->n[a] -= cnt, s->n[b] += cnt;
        k += settle(g, s, a, fx + k);
        k += settle(g, s, b, fx + k);
        break;
    }
    case MV_T2F:
        s->found[m->dst] = s->c[m->src][--s->n[m->src]];
        s->left--;
        k += settle(g, s, m->src, fx + k);
        break;
    case MV_W2T:
        s->present[m->src >> 6] &= ~(1ULL << (m->src & 63));
        s->c[m->dst][s->n[m->dst]++] = g->stream[m->src];
        if (g->removes_runs) k += settle(g, s, m->dst, fx + k); /* a run finished from the waste leaves */
        break;
    case MV_W2F:
        s->present[m->src >> 6] &= ~(1ULL << (m->src & 63));
        s->found[m->dst] = g->stream[m->src];
        s->left--;
        break;
    case MV_F2T: {
        uint8_t card = s->found[m->src];
        s->found[m->src] = RANK(card) == 1 ? 0 : card - 4;
        s->c[m->dst][s->n[m->dst]++] = card;
        s->left++;
        break;
    }
    case MV_F2F:
        s->found[m->dst] = s->found[m->src];
        s->found[m->src] = 0;
        break;
    case MV_DEAL: {
        int p;
        for (p = 0; p < g->npiles && s->pos < g->stream_len; p++) s->c[p][s->n[p]++] = g->stream[s->pos++];
        for (int q = 0; q < p; q++) k += settle(g, s, q, fx + k);
        break;
    }
    case MV_DRAW:
        s->present[s->pos >> 6] |= 1ULL << (s->pos & 63);
        s->pos++;
        break;
    }
    return k;
}

void unapply(const Game *g, State *s, const Move *m, const Effect *fx, int nfx) {
    for (int i = nfx - 1; i >= 0; i--) {
        int p = fx[i].pile;
        if (fx[i].kind == 0) {
            s->down[p]++;
        } else {
            uint8_t ace = (1 << 2) | fx[i].data;
            for (int r = g->top; r >= 1; r--) s->c[p][s->n[p]++] = ace + 4 * (r - 1);
            s->finished--;
            s->left += g->top;
        }
    }
    switch (m->kind) {
    case MV_T2T: {
        int a = m->src, b = m->dst, cnt = m->count;
        memcpy(&s->c[a][s->n[a]], &s->c[b][s->n[b] - cnt], cnt);
        s->n[a] += cnt, s->n[b] -= cnt;
        break;
    }
    case MV_T2F: {
        uint8_t card = s->found[m->dst];
        s->c[m->src][s->n[m->src]++] = card;
        s->found[m->dst] = RANK(card) == 1 ? 0 : card - 4;
        s->left++;
        break;
    }
    case MV_W2T:
        s->present[m->src >> 6] |= 1ULL << (m->src & 63);
        s->n[m->dst]--;
        break;
    case MV_W2F: {
        uint8_t card = s->found[m->dst];
        s->present[m->src >> 6] |= 1ULL << (m->src & 63);
        s->found[m->dst] = RANK(card) == 1 ? 0 : card - 4;
        s->left++;
        break;
    }
    case MV_F2T: {
        uint8_t card = s->c[m->dst][--s->n[m->dst]];
        s->found[m->src] = card;
        s->left--;
        break;
    }
    case MV_F2F:
        s->found[m->src] = s->found[m->dst];
        s->found[m->dst] = 0;
        break;
    case MV_DEAL: {
        int dealt = m->count; /* set by gen: cards this deal places */
        for (int p = dealt - 1; p >= 0; p--) s->c[p][--s->n[p]] = 0, s->pos--;
        break;
    }
    case MV_DRAW:
        s->pos--;
        s->present[s->pos >> 6] &= ~(1ULL << (s->pos & 63));
        break;
    }
}


/* ----------------------------------------------------------- move ordering */

static int suited_run_down(const State *s, int p, int from_top) {
    /* length of the one-suit run ending at the card from_top below the top (0 = top) */
    int n = s->n[p] - from_top, k = 1;
    if (n <= s->down[p]) return 0;
    while (n - k - 1 >= s->down[p]) {
        uint8_t above = s->c[p][n - k], below = s->c[p][n - k - 1];
        if (RANK(below) != RANK(above) + 1 || SUIT(below) != SUIT(above)) break;
        k++;
    }
    return k;
}

static int score_t2t(const Game *g, const State *s, int a, int b, int cnt) {
    int n = s->n[a], up = n - s->down[a], score = cnt;
    uint8_t card = s->c[a][n - cnt];
    if (cnt == up && s->down[a]) score += 1000; /* turns a card */
    if (s->n[b] == 0) {
        score -= 300;
    } else {
        uint8_t t = s->c[b][s->n[b] - 1];
        if (SUIT(t) == SUIT(card)) {
            score += 300;
            if (g->removes_runs) {
                int moved = cnt; /* suited cards from card to the top of the moved group */
                int k = 1;
                while (k < cnt && SUIT(s->c[a][n - cnt + k]) == SUIT(card) &&
                       RANK(s->c[a][n - cnt + k]) + k == RANK(card))
                    k++;
                moved = k == cnt ? cnt : 0;
                if (moved && suited_run_down(s, b, 0) + moved >= g->top) score += 5000;
            }
        }
        if (cnt == n) score += 500; /* empties a pile */
    }
    if (cnt < up) {
        uint8_t under = s->c[a][n - cnt - 1];
        if (RANK(under) == RANK(card) + 1) {
            if (SUIT(under) == SUIT(card)) score -= 800;
            else if (s->n[b] && SUIT(s->c[b][s->n[b] - 1]) == SUIT(card)) score += 100;
            else score -= 500;
        }
    }
    return score;
}

/* ----------------------------------------------------------- move generation */



static int cmp_move(const void *x, const void *y) {
    const Move *a = x, *b = y;
    return (b->score > a->score) - (b->score < a->score);
}

#define ADD(K, S, D, C, SC) \
    do { out[n].kind = (K), out[n].src = (S), out[n].dst = (D), out[n].count = (C), out[n].score = (SC); n++; } while (0)

/* All legal moves (pruned=0), or the moves the solver explores (pruned=1). */
int gen_moves(Search *S, const State *s, Move *out, int pruned) {
    const Game *g = &S->g;
    int n = 0, P = g->npiles;
    if (is_won(s)) return 0;
    int symmetric = g->to_waste || s->pos >= g->stream_len; /* pile order no longer matters */
    /* draw_then_play_is_sound (soundness.py): a card this search drew (the stock has moved past the search's
     * root), still on the waste's top, is played or covered by the next draw; moves away from the waste would
     * have been made before the draw. Worry-backs stay: one whose use plays the drawn card comes after it. */
    int just_drawn = pruned && s->pos > S->draw_then_play_from && waste_top_index(g, s) == s->pos - 1;
    for (int a = 0; a < P && !just_drawn; a++) {
        int len = run_length(g, s, a);
        for (int cnt = 1; cnt <= len; cnt++) {
            uint8_t card = s->c[a][s->n[a] - cnt];
            int whole = cnt == s->n[a];
            int first_empty_done = 0;
            for (int b = 0; b < P; b++) {
                if (b == a || !tableau_takes(g, s, b, card)) continue;
                if (pruned && s->n[b] == 0 && symmetric) {
                    if (whole || first_empty_done) continue; /* relabels piles: same canonical key */
                    first_empty_done = 1;
                }
                ADD(MV_T2T, a, b, cnt, pruned ? score_t2t(g, s, a, b, cnt) : 0);
            }
            if (cnt == 1 && g->nfound) {
                for (int f = 0; f < g->nfound; f++) {
                    if (!foundation_takes(s, f, card)) continue;
                    if (pruned && g->use_dominance && RANK(card) == 1) {
                        n = 0; /* an Ace to a foundation is always safe: the only move explored */
                        ADD(MV_T2F, a, f, 1, 2000 - 1);
                        return n;
                    }
                    ADD(MV_T2F, a, f, 1, 2000 - RANK(card));
                    if (pruned && RANK(card) == 1) break; /* empty foundations are alike */
                }
            }
        }
    }
    if (g->to_waste) {
        int w = waste_top_index(g, s);
        if (w >= 0) {
            uint8_t card = g->stream[w];
            int first_empty_done = 0;
            for (int b = 0; b < P; b++) {
                if (!tableau_takes(g, s, b, card)) continue;
                if (pruned && s->n[b] == 0) {
                    if (first_empty_done) continue;
                    first_empty_done = 1;
                }
                ADD(MV_W2T, w, b, 1, 200);
            }
            for (int f = 0; f < g->nfound; f++) {
                if (!foundation_takes(s, f, card)) continue;
                if (pruned && g->use_dominance && RANK(card) == 1) {
                    n = 0;
                    ADD(MV_W2F, w, f, 1, 2000 - 1);
                    return n;
                }
                ADD(MV_W2F, w, f, 1, 2000 - RANK(card));
                if (pruned && RANK(card) == 1) break;
            }
        }
    }
    if (g->found_to_tab) { /* even just after a draw: a worry-back the drawn card is then laid on (dfs.c) */
        for (int f = 0; f < g->nfound; f++) {
            if (!s->found[f]) continue;
            int first_empty_done = 0;
            for (int b = 0; b < P; b++) {
                if (!tableau_takes(g, s, b, s->found[f])) continue;
                if (pruned && s->n[b] == 0) {
                    if (first_empty_done) continue;
                    first_empty_done = 1;
                }
                ADD(MV_F2T, f, b, 1, -600);
            }
        }
    }
    if (g->ace_between && !pruned) { /* foundations are alike: the solver never needs these */
        for (int f = 0; f < g->nfound; f++)
            if (s->found[f] && RANK(s->found[f]) == 1)
                for (int h = 0; h < g->nfound; h++)
                    if (h != f && !s->found[h]) ADD(MV_F2F, f, h, 1, 0);
    }
    if (s->pos < g->stream_len && !(g->deal_blocked && any_empty(g, s))) {
        if (g->to_waste) ADD(MV_DRAW, 0, 0, 1, -800);
        else {
            int left = g->stream_len - s->pos;
            ADD(MV_DEAL, 0, 0, left < P ? left : P, S->w[7] ? S->w[7] : -1000);
        }
    }
    if (pruned && S->noise)
        for (int i = 0; i < n; i++) out[i].score += (int)(next_random(S) % (uint64_t)S->noise);
    if (pruned && S->use_order && n > 1) qsort(out, n, sizeof(Move), cmp_move);
    return n;
}

/* xorshift64: the search's only source of randomness, seeded from the spec */
uint64_t next_random(Search *S) {
    S->rng ^= S->rng << 13, S->rng ^= S->rng >> 7, S->rng ^= S->rng << 17;
    return S->rng;
}

int32_t encode_move(const Move *m) {
    return (int32_t)m->kind << 24 | (int32_t)m->src << 16 | (int32_t)m->dst << 8 | m->count;
}

void decode_move(int32_t x, Move *m) {
    m->kind = x >> 24 & 0xFF, m->src = x >> 16 & 0xFF, m->dst = x >> 8 & 0xFF, m->count = x & 0xFF, m->score = 0;
}

/* The public form of a core move (waste indexes and deal sizes are internal). */
int32_t public_move(int32_t code) {
    Move m;
    decode_move(code, &m);
    if (m.kind == MV_W2T || m.kind == MV_W2F) m.src = 0;
    if (m.kind == MV_DEAL) m.count = 1;
    return encode_move(&m);
}
