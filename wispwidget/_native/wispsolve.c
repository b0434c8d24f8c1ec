/*
 * wispsolve.c: the tuned solver's core (see docs/solver.md).
 *
 * A compact re-implementation of the engine's rules for one purpose: search
 * (stage beams, depth-first restarts) with an exact transposition table. Python hands over the game's rules
 * as a few integers and the position as bytes; this file never decides a rule
 * the Python engine does not also decide, and tests compare both move
 * generators on random play-outs (wisp_moves / wisp_apply below).
 *
 * Cards are bytes rank << 2 | suit (rank 1..13), as in wispwidget.cards.
 * Pure C99, no dependencies; loaded with ctypes, so it never touches the GIL.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXP 16      /* tableau piles */
#define MAXC 128     /* cards in one pile */
#define MAXSTREAM 128 /* initial waste + stock */
#define MAXF 16      /* foundation piles */
#define KEYMAX (MAXP * (MAXC + 1) + MAXF + 32)

enum { MV_T2T = 0, MV_T2F, MV_W2T, MV_W2F, MV_F2T, MV_F2F, MV_DEAL, MV_DRAW };
enum { MOV_SUITED = 0, MOV_ANY = 1, MOV_SINGLE = 2 };
enum { RES_LOST = 0, RES_WON = 1, RES_UNKNOWN = 2, RES_CANCELLED = 3, RES_ERROR = -1 };

typedef struct {
    int npiles, top, any_suit, movable, empty_any, to_waste, removes_runs, deal_blocked, nfound, found_to_tab,
        ace_between;
    int stream_len, waste0;
    uint8_t stream[MAXSTREAM];
    /* switches (1 = on) */
    int use_tt, use_order, use_dominance, best_first;
    int w[16]; /* heuristic weights (see heuristic) */
    int noise;       /* restarts: random spread added to move-ordering scores */
    int restart_chunk; /* > 0: randomized DFS restarts of this many positions; beams: the DFS run first */
    int beam_width;    /* > 0: stage beam search, this wide at first (see beam_search) */
    int stage_cap;     /* beam: positions explored per beam member in a stage with stock left */
    int final_cap;     /* beam: the same once the stock is used up */
    int beam_growth;   /* beam: each new beam is this many percent as wide as the last */
    int beam_tries;    /* beam: searches at each width, the first with the given weights */
    int beam_jitter;   /* beam: later tries scale each weight by a random 100 +- this many percent */
    int final_dfs;     /* beam: > 0, the last stage is a depth-first search of this many positions per member */
    int dead_test;     /* waste games: prune positions where some card can never reach a foundation */
    int run_test;      /* Spider family, one deck: prune positions where some suit can never be finished */
    int novelty;       /* beam: > 0, a stage position that brings no new card-on-card fact weighs this much more */
    int stall;         /* beam: > 0, once a beam has left something out, a member's line in the last two stages
                          stops after this many new positions without a better heuristic */
    int whole_runs;    /* beam: once a beam has left something out, no move splits a run (splits_run) */
    uint64_t rng;    /* xorshift state for that noise */
} Spec;

typedef struct {
    uint8_t n[MAXP], down[MAXP];
    uint8_t c[MAXP][MAXC];
    int pos;              /* stream cards before pos have left the stock */
    uint64_t present[2];  /* waste games: drawn stream cards still on the waste */
    uint8_t found[MAXF];  /* top card of each foundation, 0 when empty */
    int finished;         /* Spider family: runs that have left */
    int left;             /* cards on the tableau, waste and stock */
} State;

typedef struct {
    uint8_t kind, src, dst, count;
    int score;
} Move;

typedef struct {
    uint8_t kind, pile, data;
} Effect; /* 0 = turned a card in pile; 1 = removed a run of suit data from pile */

/* ---------------------------------------------------------------- rules */

#define RANK(c) ((c) >> 2)
#define SUIT(c) ((c)&3)

static int waste_top_index(const Spec *sp, const State *s) {
    int i;
    (void)sp;
    for (i = s->pos - 1; i >= 0; i--)
        if (s->present[i >> 6] >> (i & 63) & 1) return i;
    return -1;
}

/* Whether face-up card `above`, lying on face-up card `below`, moves together with it (the game's rule). */
static int moves_with(const Spec *sp, uint8_t below, uint8_t above) {
    return sp->movable != MOV_SINGLE && RANK(below) == RANK(above) + 1 &&
           (sp->movable == MOV_ANY || SUIT(below) == SUIT(above));
}

/* Whether move m takes cards off the card they move with (by the game's rule): it splits a run. Where only
 * runs in suit move, it lays them on another card of that card's rank and only trades which of the two is
 * free (the beams' whole-runs guide, see beam_search). */
static int splits_run(const Spec *sp, const State *s, const Move *m) {
    if (m->kind != MV_T2T) return 0;
    int p = m->src, under = s->n[p] - m->count - 1;
    return under >= s->down[p] && moves_with(sp, s->c[p][under], s->c[p][under + 1]);
}

static int run_length(const Spec *sp, const State *s, int p) {
    int n = s->n[p], up = n - s->down[p], k = 1;
    if (up <= 0) return 0;
    while (k < up && moves_with(sp, s->c[p][n - k - 1], s->c[p][n - k])) k++;
    return k;
}

static int tableau_takes(const Spec *sp, const State *s, int d, uint8_t card) {
    if (s->n[d] == 0) return sp->empty_any || RANK(card) == sp->top;
    uint8_t t = s->c[d][s->n[d] - 1];
    return RANK(t) == RANK(card) + 1 && (sp->any_suit || SUIT(t) == SUIT(card));
}

static int foundation_takes(const State *s, int f, uint8_t card) {
    return s->found[f] ? card == s->found[f] + 4 : RANK(card) == 1;
}

static int any_empty(const Spec *sp, const State *s) {
    for (int p = 0; p < sp->npiles; p++)
        if (!s->n[p]) return 1;
    return 0;
}

static int finished_on_top(const Spec *sp, const State *s, int p) {
    int n = s->n[p];
    if (n - s->down[p] < sp->top) return 0;
    uint8_t ace = s->c[p][n - 1];
    if (RANK(ace) != 1) return 0;
    for (int k = 2; k <= sp->top; k++)
        if (s->c[p][n - k] != ace + 4 * (k - 1)) return 0;
    return 1;
}

/* Finished runs leave, then a face-down top turns; effects are pushed for undo. */
static int settle(const Spec *sp, State *s, int p, Effect *fx) {
    int k = 0;
    for (;;) {
        if (sp->removes_runs && finished_on_top(sp, s, p)) {
            uint8_t suit = SUIT(s->c[p][s->n[p] - 1]);
            s->n[p] -= sp->top;
            s->finished++;
            s->left -= sp->top;
            fx[k].kind = 1, fx[k].pile = p, fx[k].data = suit, k++;
        } else if (s->n[p] && s->down[p] == s->n[p]) {
            s->down[p]--;
            fx[k].kind = 0, fx[k].pile = p, fx[k].data = 0, k++;
        } else
            return k;
    }
}

/* Play m; write effects to fx, return how many. */
static int apply(const Spec *sp, State *s, const Move *m, Effect *fx) {
    int k = 0;
    switch (m->kind) {
    case MV_T2T: {
        int a = m->src, b = m->dst, cnt = m->count;
        memcpy(&s->c[b][s->n[b]], &s->c[a][s->n[a] - cnt], cnt);
        s->n[a] -= cnt, s->n[b] += cnt;
        k += settle(sp, s, a, fx + k);
        k += settle(sp, s, b, fx + k);
        break;
    }
    case MV_T2F:
        s->found[m->dst] = s->c[m->src][--s->n[m->src]];
        s->left--;
        k += settle(sp, s, m->src, fx + k);
        break;
    case MV_W2T:
        s->present[m->src >> 6] &= ~(1ULL << (m->src & 63));
        s->c[m->dst][s->n[m->dst]++] = sp->stream[m->src];
        break;
    case MV_W2F:
        s->present[m->src >> 6] &= ~(1ULL << (m->src & 63));
        s->found[m->dst] = sp->stream[m->src];
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
        for (p = 0; p < sp->npiles && s->pos < sp->stream_len; p++) s->c[p][s->n[p]++] = sp->stream[s->pos++];
        for (int q = 0; q < p; q++) k += settle(sp, s, q, fx + k);
        break;
    }
    case MV_DRAW:
        s->present[s->pos >> 6] |= 1ULL << (s->pos & 63);
        s->pos++;
        break;
    }
    return k;
}

static void unapply(const Spec *sp, State *s, const Move *m, const Effect *fx, int nfx) {
    for (int i = nfx - 1; i >= 0; i--) {
        int p = fx[i].pile;
        if (fx[i].kind == 0) {
            s->down[p]++;
        } else {
            uint8_t ace = (1 << 2) | fx[i].data;
            for (int r = sp->top; r >= 1; r--) s->c[p][s->n[p]++] = ace + 4 * (r - 1);
            s->finished--;
            s->left += sp->top;
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

static int is_won(const State *s) { return s->left == 0; }

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

static int score_t2t(const Spec *sp, const State *s, int a, int b, int cnt) {
    int n = s->n[a], up = n - s->down[a], score = cnt;
    uint8_t card = s->c[a][n - cnt];
    if (cnt == up && s->down[a]) score += 1000; /* turns a card */
    if (s->n[b] == 0) {
        score -= 300;
    } else {
        uint8_t t = s->c[b][s->n[b] - 1];
        if (SUIT(t) == SUIT(card)) {
            score += 300;
            if (sp->removes_runs) {
                int moved = cnt; /* suited cards from card to the top of the moved group */
                int k = 1;
                while (k < cnt && SUIT(s->c[a][n - cnt + k]) == SUIT(card) &&
                       RANK(s->c[a][n - cnt + k]) + k == RANK(card))
                    k++;
                moved = k == cnt ? cnt : 0;
                if (moved && suited_run_down(s, b, 0) + moved >= sp->top) score += 5000;
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

/* xorshift64: the search's only source of randomness, seeded from the spec */
static uint64_t next_random(const Spec *sp) {
    Spec *mut = (Spec *)sp;
    mut->rng ^= mut->rng << 13, mut->rng ^= mut->rng >> 7, mut->rng ^= mut->rng << 17;
    return mut->rng;
}

static int cmp_int64(const void *x, const void *y) {
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return (a > b) - (a < b);
}

static int cmp_move(const void *x, const void *y) {
    const Move *a = x, *b = y;
    return (b->score > a->score) - (b->score < a->score);
}

#define ADD(K, S, D, C, SC) \
    do { out[n].kind = (K), out[n].src = (S), out[n].dst = (D), out[n].count = (C), out[n].score = (SC); n++; } while (0)

/* All legal moves (pruned=0), or the moves the solver explores (pruned=1). */
static int gen_moves(const Spec *sp, const State *s, Move *out, int pruned) {
    int n = 0, P = sp->npiles;
    if (is_won(s)) return 0;
    int symmetric = sp->to_waste || s->pos >= sp->stream_len; /* pile order no longer matters */
    for (int a = 0; a < P; a++) {
        int len = run_length(sp, s, a);
        for (int cnt = 1; cnt <= len; cnt++) {
            uint8_t card = s->c[a][s->n[a] - cnt];
            int whole = cnt == s->n[a];
            int first_empty_done = 0;
            for (int b = 0; b < P; b++) {
                if (b == a || !tableau_takes(sp, s, b, card)) continue;
                if (pruned && s->n[b] == 0 && symmetric) {
                    if (whole || first_empty_done) continue; /* relabels piles: same canonical key */
                    first_empty_done = 1;
                }
                ADD(MV_T2T, a, b, cnt, pruned ? score_t2t(sp, s, a, b, cnt) : 0);
            }
            if (cnt == 1 && sp->nfound) {
                for (int f = 0; f < sp->nfound; f++) {
                    if (!foundation_takes(s, f, card)) continue;
                    if (pruned && sp->use_dominance && RANK(card) == 1) {
                        n = 0; /* an Ace to a foundation is always safe: the only move explored */
                        ADD(MV_T2F, a, f, 1, 0);
                        return n;
                    }
                    ADD(MV_T2F, a, f, 1, 2000 - RANK(card));
                    if (pruned && RANK(card) == 1) break; /* empty foundations are alike */
                }
            }
        }
    }
    if (sp->to_waste) {
        int w = waste_top_index(sp, s);
        if (w >= 0) {
            uint8_t card = sp->stream[w];
            int first_empty_done = 0;
            for (int b = 0; b < P; b++) {
                if (!tableau_takes(sp, s, b, card)) continue;
                if (pruned && s->n[b] == 0) {
                    if (first_empty_done) continue;
                    first_empty_done = 1;
                }
                ADD(MV_W2T, w, b, 1, 200);
            }
            for (int f = 0; f < sp->nfound; f++) {
                if (!foundation_takes(s, f, card)) continue;
                if (pruned && sp->use_dominance && RANK(card) == 1) {
                    n = 0;
                    ADD(MV_W2F, w, f, 1, 0);
                    return n;
                }
                ADD(MV_W2F, w, f, 1, 2000 - RANK(card));
                if (pruned && RANK(card) == 1) break;
            }
        }
    }
    if (sp->found_to_tab) {
        for (int f = 0; f < sp->nfound; f++) {
            if (!s->found[f]) continue;
            int first_empty_done = 0;
            for (int b = 0; b < P; b++) {
                if (!tableau_takes(sp, s, b, s->found[f])) continue;
                if (pruned && s->n[b] == 0) {
                    if (first_empty_done) continue;
                    first_empty_done = 1;
                }
                ADD(MV_F2T, f, b, 1, -600);
            }
        }
    }
    if (sp->ace_between && !pruned) { /* foundations are alike: the solver never needs these */
        for (int f = 0; f < sp->nfound; f++)
            if (s->found[f] && RANK(s->found[f]) == 1)
                for (int g = 0; g < sp->nfound; g++)
                    if (g != f && !s->found[g]) ADD(MV_F2F, f, g, 1, 0);
    }
    if (s->pos < sp->stream_len && !(sp->deal_blocked && any_empty(sp, s))) {
        if (sp->to_waste) ADD(MV_DRAW, 0, 0, 1, -800);
        else {
            int left = sp->stream_len - s->pos;
            ADD(MV_DEAL, 0, 0, left < P ? left : P, sp->w[7] ? sp->w[7] : -1000);
        }
    }
    if (pruned && sp->noise)
        for (int i = 0; i < n; i++) out[i].score += (int)(next_random(sp) % (uint64_t)sp->noise);
    if (pruned && sp->use_order && n > 1) qsort(out, n, sizeof(Move), cmp_move);
    return n;
}

/* ----------------------------------------------------------- dead positions (waste games) */

/* Whether card c can have somewhere to go, given what can be on foundations and pile tops (see hopeless). */
static int somewhere_to_go(const Spec *sp, uint8_t c, const uint8_t *on_found, const uint8_t *pile_top,
                           int empty_pile) {
    if (RANK(c) == 1 || on_found[c - 4] || (empty_pile && (sp->empty_any || RANK(c) == sp->top))) return 1;
    for (int t = (RANK(c) + 1) << 2; RANK(c) < sp->top && t < ((RANK(c) + 2) << 2); t++)
        if (pile_top[t] && (sp->any_suit || SUIT(t) == SUIT(c))) return 1;
    return 0;
}

/* One step of hopeless for an uncovered card c: it can reach a foundation if its predecessor can (or it is
 * an Ace), and it can move if it has somewhere to go. Returns whether anything changed. */
static int uncovered_card_step(const Spec *sp, uint8_t c, uint8_t *to_found, uint8_t *moves, uint8_t *on_found,
                               uint8_t *pile_top, int empty_pile) {
    int changed = 0;
    if (!*to_found && (RANK(c) == 1 || on_found[c - 4])) {
        *to_found = 1, changed = 1;
        if (!on_found[c]) on_found[c] = 1, pile_top[c] |= (uint8_t)sp->found_to_tab;
    }
    if (!*moves && somewhere_to_go(sp, c, on_found, pile_top, empty_pile)) *moves = 1, changed = 1;
    return changed;
}

/*
 * Whether some card can never reach a foundation, so the position is lost. For games with a waste and no
 * redeal, where only single cards move and foundations build up in suit (the caller checks).
 *
 * A least fixpoint over what can ever happen, ignoring when within a window of time: a card can be
 * uncovered once every card above it (in its pile, or on the waste) can move. A card can move once it can
 * be uncovered and it has somewhere to go: a foundation (it is an Ace, or its predecessor can be on a
 * foundation), a pile (its successor can be a pile's top: uncovered in a pile, moved there from the waste,
 * or back from a foundation) or an empty pile (some pile can be emptied, for a King, or for any card where
 * empty piles take anything). The stock is taken in drawing order: window t is the time before the
 * (t+1)-th draw from now, when only the first t stock cards have reached the waste, each lying on the one
 * drawn before it. What can happen in window t is computed with just those cards, starting from what could
 * happen in window t-1, so a stock card can move at the time it is drawn only if it has somewhere to go by
 * then, and later only once every card drawn after it has left the waste. Every real event satisfies
 * these conditions when it happens, so the fixpoint contains all of them; a card it never lets reach a
 * foundation can really never get there, and the game cannot be won.
 */
static int hopeless(const Spec *sp, const State *s) {
    enum { NI = MAXP * MAXC + MAXSTREAM };
    uint8_t card[NI], moves[NI], to_found[NI], on_found[256] = {0}, pile_top[256] = {0};
    int n = 0;
    for (int f = 0; f < sp->nfound; f++)
        for (int c = s->found[f]; RANK(c) >= 1; c -= 4) on_found[c] = 1;
    if (sp->found_to_tab) memcpy(pile_top, on_found, sizeof pile_top);
    for (int p = 0; p < sp->npiles; p++)
        for (int j = 0; j < s->n[p]; j++) card[n++] = s->c[p][j];
    int first_stream = n;
    for (int w = 0; w < s->pos; w++) /* the waste from its bottom up, then the stock in drawing order */
        if (s->present[w >> 6] >> (w & 63) & 1) card[n++] = sp->stream[w];
    int first_stock = n;
    for (int w = s->pos; w < sp->stream_len; w++) card[n++] = sp->stream[w];
    memset(moves, 0, (size_t)n);
    memset(to_found, 0, (size_t)n);
    int empty_pile = 0;
    for (int p = 0; p < sp->npiles; p++) empty_pile |= s->n[p] == 0;
    for (int drawn = first_stock; drawn <= n; drawn++) { /* window by window: cards before drawn exist */
        /* Only the card just drawn is new; if it can go nowhere yet, this window adds nothing. */
        if (drawn > first_stock && !somewhere_to_go(sp, card[drawn - 1], on_found, pile_top, empty_pile)) continue;
        /* Everything here only ever grows, so the order of the updates does not change the fixpoint: each
         * card is updated as soon as the cards above it are. */
        for (int changed = 1; changed;) {
            changed = 0;
            int i = first_stream;
            for (int p = sp->npiles - 1; p >= 0; p--) {
                i -= s->n[p];
                for (int j = s->n[p] - 1; j >= 0; j--) { /* uncovered: every card above it can move */
                    int k = i + j;
                    if (!pile_top[card[k]]) pile_top[card[k]] = 1, changed = 1;
                    changed |= uncovered_card_step(sp, card[k], &to_found[k], &moves[k], on_found, pile_top, empty_pile);
                    if (!moves[k]) break; /* so nothing below it is uncovered */
                    if (j == 0) empty_pile = 1;
                }
            }
            for (int k = drawn - 1, clear = 1; k >= first_stream; k--) {
                if (clear || moves[k]) { /* clear: every card drawn after it has left the waste */
                    changed |= uncovered_card_step(sp, card[k], &to_found[k], &moves[k], on_found, pile_top, empty_pile);
                    if (moves[k]) pile_top[card[k]] = 1; /* it can be laid on a pile */
                }
                clear &= moves[k];
            }
        }
    }
    for (int i = 0; i < n; i++)
        if (!to_found[i]) return 1;
    return 0;
}

/* Spider family, one deck (each card unique), builds whatever the suits, empty piles take anything: 1 when
 * some suit can never be finished (docs/solver.md). A least fixpoint over what can ever happen, each fact
 * only growing: a card can be uncovered once the card now on it can leave (the top now is uncovered); it can
 * be the base of a moving run once uncovered, or while it is face up and the card now on it is its
 * predecessor in a run and can be such a base; it can move once it can be a base and has somewhere to go (a
 * card one rank higher that can be uncovered, or an empty pile); it can leave by moving, or in its suit's
 * finished run once it can be a base; a pile can be emptied once its bottom card can leave. A suit can be
 * finished only if each of its cards but the King is on its successor now, or can move while that successor
 * can be uncovered. A stock card is taken as uncovered and a base from the start (a deal lays it face up on
 * a top), and as able to land on its successor (a deal might put it there). */
static int unfinishable(const Spec *sp, const State *s) {
    uint8_t U[64] = {0}, R[64] = {0}, M[64] = {0}, L[64] = {0}, live[4] = {0}, done[4] = {0};
    int empty = 0, top = sp->top;
    for (int p = 0; p < sp->npiles; p++) {
        if (s->n[p] == 0) empty = 1;
        for (int j = 0; j < s->n[p]; j++) live[SUIT(s->c[p][j])] = 1;
    }
    for (int i = s->pos; i < sp->stream_len; i++) {
        uint8_t c = sp->stream[i];
        U[c] = R[c] = 1, live[SUIT(c)] = 1;
    }
    for (int changed = 1; changed;) {
        changed = 0;
        uint8_t up_rank[16] = {0}; /* some card of this rank can be uncovered */
        for (int c = 0; c < 64; c++)
            if (U[c]) up_rank[RANK(c)] = 1;
/* a run based on card C has somewhere to go: an empty pile, or a card one rank higher */
#define PLACE_FOR(C) (empty || (RANK(C) < top && up_rank[RANK(C) + 1]))
        for (int i = s->pos; i < sp->stream_len; i++) { /* stock cards */
            uint8_t c = sp->stream[i];
            int m = PLACE_FOR(c), l = m || done[SUIT(c)];
            if (m > M[c] || l > L[c]) M[c] |= m, L[c] |= l, changed = 1;
        }
        for (int p = 0; p < sp->npiles; p++) {
            int n = s->n[p];
            for (int j = n - 1; j >= 0; j--) { /* from the top: the card on c is updated first */
                uint8_t c = s->c[p][j];
                int cover = j + 1 < n ? s->c[p][j + 1] : -1;
                int u = cover < 0 || L[cover];
                int in_run = cover >= 0 && j >= s->down[p] && moves_with(sp, c, (uint8_t)cover);
                int r = u || (in_run && R[cover]);
                int m = r && PLACE_FOR(c);
                int l = m || (r && done[SUIT(c)]);
                if (u > U[c] || r > R[c] || m > M[c] || l > L[c]) {
                    U[c] |= u, R[c] |= r, M[c] |= m, L[c] |= l, changed = 1;
                    if (u) up_rank[RANK(c)] = 1;
                }
            }
            if (n && !empty && L[s->c[p][0]]) empty = 1, changed = 1;
        }
        for (int suit = 0; suit < 4; suit++) {
            if (!live[suit] || done[suit]) continue;
            int ok = 1;
            for (int p = 0; p < sp->npiles && ok; p++)
                for (int j = 0; j < s->n[p] && ok; j++) {
                    uint8_t c = s->c[p][j];
                    if (SUIT(c) != suit || RANK(c) == top) continue;
                    ok = (j > 0 && s->c[p][j - 1] == c + 4) || (M[c] && U[c + 4]);
                }
            if (ok) done[suit] = 1, changed = 1;
        }
    }
#undef PLACE_FOR
    for (int suit = 0; suit < 4; suit++)
        if (live[suit] && !done[suit]) return 1;
    return 0;
}

/* The game's dead-position test, where its data allows one: 1 when the position is proved lost. */
static int dead(const Spec *sp, const State *s) {
    return sp->run_test ? unfinishable(sp, s) : sp->dead_test && hopeless(sp, s);
}

/* The searches test for dead positions: waste games after draws only (after every move found no more, far
 * slower); the Spider family after every move (its test is cheap, and any move can bury a card for good). */
static int dead_after(const Spec *sp, const Move *m, const State *s) {
    return (sp->run_test || m->kind == MV_DRAW) && dead(sp, s);
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

static int make_key(const Spec *sp, const State *s, uint8_t *key) {
    int order[MAXP], P = sp->npiles, k = 0;
    for (int p = 0; p < P; p++) order[p] = p;
    if (sp->to_waste || s->pos >= sp->stream_len) { /* piles are interchangeable: sort them */
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
    if (sp->to_waste) {
        memcpy(key + k, s->present, 16), k += 16;
        uint8_t tops[MAXF];
        memcpy(tops, s->found, sp->nfound);
        for (int i = 1; i < sp->nfound; i++) { /* foundations are interchangeable too */
            uint8_t x = tops[i];
            int j = i - 1;
            while (j >= 0 && tops[j] > x) tops[j + 1] = tops[j], j--;
            tops[j + 1] = x;
        }
        memcpy(key + k, tops, sp->nfound), k += sp->nfound;
    }
    return k;
}

static uint64_t hash_bytes(const uint8_t *p, int n) {
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

typedef struct {
    uint32_t hash; /* the key's hash (its low 32 bits) */
    uint32_t off;
    uint16_t len;
    uint16_t used;
    int32_t id; /* what the key stands for, where a search keeps that (beam_search: its node) */
} Slot;

typedef struct {
    Slot *slots;
    size_t cap, count;
    uint8_t *arena;
    size_t arena_len, arena_cap;
} Table;

static void table_free(Table *t) {
    free(t->slots);
    free(t->arena);
}

static int table_init(Table *t) {
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
        if (!t->slots[i].used) continue;
        size_t j = t->slots[i].hash & (cap - 1);
        while (slots[j].used) j = (j + 1) & (cap - 1);
        slots[j] = t->slots[i];
    }
    free(t->slots);
    t->slots = slots;
    t->cap = cap;
    return 1;
}

/* 1 inserted (new), 0 already there, -1 out of memory. *slot_id (when not NULL) points at the key's id,
 * -1 for a new key, valid until the next insert. */
static int table_insert_id(Table *t, const uint8_t *key, int len, int32_t **slot_id) {
    if ((t->count + 1) * 2 > t->cap && !table_grow(t)) return -1;
    uint32_t h = (uint32_t)hash_bytes(key, len);
    size_t j = h & (t->cap - 1);
    while (t->slots[j].used) {
        Slot *s = &t->slots[j];
        if (s->hash == h && s->len == len && memcmp(t->arena + s->off, key, len) == 0) {
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
    t->slots[j].hash = h, t->slots[j].off = (uint32_t)t->arena_len, t->slots[j].len = len, t->slots[j].used = 1;
    t->slots[j].id = -1;
    if (slot_id) *slot_id = &t->slots[j].id;
    t->arena_len += len;
    t->count++;
    return 1;
}

/* 1 inserted (new), 0 already there, -1 out of memory. */
static int table_insert(Table *t, const uint8_t *key, int len) { return table_insert_id(t, key, len, NULL); }

/* ----------------------------------------------------------- loading from Python */

/* spec ints: npiles top any_suit movable empty_any to_waste removes_runs deal_blocked nfound found_to_tab
 * ace_between use_tt use_order use_dominance best_first w[0..7] noise seed restart_chunk
 * beam_width stage_cap final_cap w[8..15] beam_growth beam_tries beam_jitter final_dfs dead_test run_test
 * novelty stall whole_runs.
 * blob: per pile [ndown, nup, cards...]; then [waste_len, cards...]; [stock_len, cards...];
 * then [nfound, top cards...]; then [finished]. */
static int load(const int32_t *si, const uint8_t *blob, int blob_len, Spec *sp, State *s) {
    int i = 0, left = 0;
    memset(sp, 0, sizeof *sp);
    memset(s, 0, sizeof *s);
    sp->npiles = si[0], sp->top = si[1], sp->any_suit = si[2], sp->movable = si[3], sp->empty_any = si[4];
    sp->to_waste = si[5], sp->removes_runs = si[6], sp->deal_blocked = si[7], sp->nfound = si[8];
    sp->found_to_tab = si[9], sp->ace_between = si[10], sp->use_tt = si[11], sp->use_order = si[12];
    sp->use_dominance = si[13];
    sp->best_first = si[14];
    for (int i = 0; i < 8; i++) sp->w[i] = si[15 + i];
    sp->noise = si[23];
    sp->rng = 0x9E3779B97F4A7C15ULL ^ (uint64_t)(uint32_t)si[24] * 0xBF58476D1CE4E5B9ULL;
    sp->restart_chunk = si[25];
    sp->beam_width = si[26], sp->stage_cap = si[27], sp->final_cap = si[28];
    for (int i = 8; i < 16; i++) sp->w[i] = si[29 + i - 8];
    sp->beam_growth = si[37], sp->beam_tries = si[38], sp->beam_jitter = si[39], sp->final_dfs = si[40];
    sp->dead_test = si[41], sp->run_test = si[42];
    sp->novelty = si[43], sp->stall = si[44], sp->whole_runs = si[45];
    if (sp->npiles < 1 || sp->npiles > MAXP || sp->nfound < 0 || sp->nfound > MAXF) return 0;
#define NEED(k) if (i + (k) > blob_len) return 0
    for (int p = 0; p < sp->npiles; p++) {
        NEED(2);
        int nd = blob[i], nu = blob[i + 1];
        i += 2;
        if (nd + nu > MAXC) return 0;
        NEED(nd + nu);
        memcpy(s->c[p], blob + i, nd + nu);
        s->down[p] = nd, s->n[p] = nd + nu;
        i += nd + nu;
        left += nd + nu;
    }
    NEED(1);
    int nw = blob[i++];
    NEED(nw);
    memcpy(sp->stream, blob + i, nw);
    i += nw;
    NEED(1);
    int ns = blob[i++];
    NEED(ns);
    if (nw + ns > MAXSTREAM) return 0;
    memcpy(sp->stream + nw, blob + i, ns);
    i += ns;
    sp->waste0 = nw, sp->stream_len = nw + ns;
    s->pos = nw;
    for (int w = 0; w < nw; w++) s->present[w >> 6] |= 1ULL << (w & 63);
    left += nw + ns;
    NEED(1);
    int nf = blob[i++];
    if (nf != sp->nfound) return 0;
    NEED(nf + 1);
    memcpy(s->found, blob + i, nf);
    i += nf;
    s->finished = blob[i++];
    s->left = left;
    return left <= MAXC; /* a pile can never outgrow its array */
}

static int32_t encode_move(const Move *m) {
    return (int32_t)m->kind << 24 | (int32_t)m->src << 16 | (int32_t)m->dst << 8 | m->count;
}

static void decode_move(int32_t x, Move *m) {
    m->kind = x >> 24 & 0xFF, m->src = x >> 16 & 0xFF, m->dst = x >> 8 & 0xFF, m->count = x & 0xFF, m->score = 0;
}

/* ----------------------------------------------------------- exported: testing hooks */

#define MAXMOVES 4096

/* The legal moves of a position (all of them, unpruned), encoded; returns the count or -1. */
int wisp_moves(const int32_t *si, const uint8_t *blob, int blob_len, int32_t *out, int cap) {
    Spec sp;
    State s;
    Move moves[MAXMOVES];
    if (!load(si, blob, blob_len, &sp, &s)) return -1;
    int n = gen_moves(&sp, &s, moves, 0);
    if (n > cap) return -1;
    for (int i = 0; i < n; i++) {
        Move m = moves[i];
        if (m.kind == MV_W2T || m.kind == MV_W2F) m.src = 0; /* waste index is internal */
        if (m.kind == MV_DEAL) m.count = 1;
        out[i] = encode_move(&m);
    }
    return n;
}

/* ----------------------------------------------------------- the search */

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

typedef struct {
    Move move;     /* the move that led here */
    int fx_start;  /* effects of that move, in the effect stack */
    int nfx;
    int mstart, mcount, mnext;
} Frame;

typedef struct {
    void *p;
    size_t cap, size;
} Buf;

static int buf_reserve(Buf *b, size_t items) {
    if (items <= b->cap) return 1;
    size_t cap = b->cap ? b->cap : 1024;
    while (cap < items) cap *= 2;
    void *p = realloc(b->p, cap * b->size);
    if (!p) return 0;
    b->p = p, b->cap = cap;
    return 1;
}

/*
 * One depth-first search from s with a fresh exact transposition table.
 * Returns RES_*; on RES_WON the line is in out_moves/out_len. *positions counts
 * the distinct positions examined, and goes on from its value on entry.
 */
static int dfs(Spec *sp, State *s, int64_t *positions, int64_t max_positions, double deadline,
               volatile int32_t *cancel, int32_t *out_moves, int cap, int64_t *out_len, int64_t *stats) {
    Table table;
    Buf frames = {0, 0, sizeof(Frame)}, moves = {0, 0, sizeof(Move)}, effects = {0, 0, sizeof(Effect)};
    uint8_t key[KEYMAX];
    int result = RES_UNKNOWN, depth = 0;
    if (!table_init(&table)) return RES_ERROR;
    if (!buf_reserve(&frames, 64) || !buf_reserve(&moves, MAXMOVES * 4) || !buf_reserve(&effects, 1024)) {
        result = RES_ERROR;
        goto done;
    }
    table_insert(&table, key, make_key(sp, s, key));
    {
        Frame *f = frames.p;
        f[0].fx_start = 0, f[0].nfx = 0, f[0].mstart = 0;
        f[0].mcount = gen_moves(sp, s, moves.p, 1);
        f[0].mnext = 0;
        stats[4] += f[0].mcount;
    }
    for (;;) {
        Frame *f = (Frame *)frames.p + depth;
        if (f->mnext == f->mcount) {
            if (depth == 0) {
                result = RES_LOST;
                break;
            }
            unapply(sp, s, &f->move, (Effect *)effects.p + f->fx_start, f->nfx);
            depth--;
            continue;
        }
        Move m = ((Move *)moves.p)[f->mstart + f->mnext++];
        int fx_start = f->fx_start + f->nfx;
        if (!buf_reserve(&effects, fx_start + 4 * MAXP + 8)) {
            result = RES_ERROR;
            break;
        }
        int nfx = apply(sp, s, &m, (Effect *)effects.p + fx_start);
        if (is_won(s)) {
            depth++;
            if (!buf_reserve(&frames, depth + 1)) {
                result = RES_ERROR;
                break;
            }
            ((Frame *)frames.p)[depth].move = m;
            result = RES_WON;
            break;
        }
        if (sp->use_tt) {
            int fresh = table_insert(&table, key, make_key(sp, s, key));
            if (fresh < 0) {
                result = RES_ERROR;
                break;
            }
            if (!fresh) {
                unapply(sp, s, &m, (Effect *)effects.p + fx_start, nfx);
                continue;
            }
        }
        if (*positions >= max_positions) {
            unapply(sp, s, &m, (Effect *)effects.p + fx_start, nfx);
            result = RES_UNKNOWN;
            break;
        }
        ++*positions;
        if (dead_after(sp, &m, s)) { /* a lost leaf */
            unapply(sp, s, &m, (Effect *)effects.p + fx_start, nfx);
            continue;
        }
        if ((*positions & 1023) == 0) {
            if (cancel && *cancel) {
                result = RES_CANCELLED;
                break;
            }
            if (deadline > 0 && now_seconds() > deadline) {
                result = RES_UNKNOWN;
                break;
            }
        }
        int mstart = f->mstart + f->mcount;
        depth++;
        if (depth > stats[3]) stats[3] = depth;
        if (!buf_reserve(&frames, depth + 1) || !buf_reserve(&moves, mstart + MAXMOVES)) {
            result = RES_ERROR;
            break;
        }
        f = (Frame *)frames.p + depth;
        f->move = m, f->fx_start = fx_start, f->nfx = nfx;
        f->mstart = mstart;
        f->mcount = gen_moves(sp, s, (Move *)moves.p + mstart, 1);
        f->mnext = 0;
        stats[4] += f->mcount;
    }
    if (result == RES_WON) {
        if (depth > cap) result = RES_ERROR;
        else
            for (int i = 1; i <= depth; i++) {
                Move m = ((Frame *)frames.p)[i].move;
                if (m.kind == MV_W2T || m.kind == MV_W2F) m.src = 0;
                if (m.kind == MV_DEAL) m.count = 1;
                out_moves[i - 1] = encode_move(&m);
            }
        *out_len = depth;
    }
    /* leave s as it came: unwind the path */
    for (int d = depth; d >= 1 && result != RES_WON; d--) {
        Frame *f = (Frame *)frames.p + d;
        unapply(sp, s, &f->move, (Effect *)effects.p + f->fx_start, f->nfx);
    }
done : {
    int64_t bytes = (int64_t)(table.cap * sizeof(Slot) + table.arena_cap);
    if (bytes > stats[2]) stats[2] = bytes;
}
    table_free(&table);
    free(frames.p);
    free(moves.p);
    free(effects.p);
    return result;
}

/* ----------------------------------------------------------- best-first search */

/* A state in actual pile order, as bytes: piles (0x80 marks face-down) each ended
 * by 0xFF, then pos, finished, the waste bits and the foundation tops. */
static int encode_state(const Spec *sp, const State *s, uint8_t *out) {
    int k = 0;
    for (int p = 0; p < sp->npiles; p++) {
        for (int j = 0; j < s->n[p]; j++) out[k++] = s->c[p][j] | (j < s->down[p] ? 0x80 : 0);
        out[k++] = 0xFF;
    }
    out[k++] = (uint8_t)s->pos;
    out[k++] = (uint8_t)s->finished;
    if (sp->to_waste) memcpy(out + k, s->present, 16), k += 16;
    memcpy(out + k, s->found, sp->nfound), k += sp->nfound;
    return k;
}

static void decode_state(const Spec *sp, const uint8_t *in, State *s) {
    int k = 0, left = 0;
    for (int p = 0; p < sp->npiles; p++) {
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
    if (sp->to_waste) memcpy(s->present, in + k, 16), k += 16;
    memcpy(s->found, in + k, sp->nfound);
    left += sp->stream_len - s->pos;
    for (int i = 0; i < s->pos; i++) left += s->present[i >> 6] >> (i & 63) & 1;
    s->left = left;
}

/* Extra Spider-family features: w[8] a King resting on a card; w[9] a top card no other pile top can
 * take (one rank higher, or an empty pile); w[10] a card whose suited successor lies above it in its pile;
 * w[11] a pile with face-down cards; w[12] each run that moves as one (by the game's rule) covering a pile's
 * face-down cards: no fewer moves take cards off the pile before its next card turns. */
static int32_t spider_extra(const Spec *sp, const State *s) {
    const int *w = sp->w;
    int32_t h = 0;
    int tops[MAXP], ntops = 0, empty = 0;
    for (int p = 0; p < sp->npiles; p++) {
        if (s->n[p]) tops[ntops++] = s->c[p][s->n[p] - 1];
        else empty = 1;
    }
    for (int p = 0; p < sp->npiles; p++) {
        int n = s->n[p], d = s->down[p];
        if (d && (w[11] || w[12])) { /* a pile still to dig: the runs above its face-down cards */
            int runs = 1;
            for (int j = d + 1; j < n; j++) runs += !moves_with(sp, s->c[p][j - 1], s->c[p][j]);
            h += w[11] + w[12] * runs;
        }
        if (w[8]) /* a face-up King with a card under it */
            for (int j = s->down[p] > 1 ? s->down[p] : 1; j < n; j++)
                if (RANK(s->c[p][j]) == sp->top) h += w[8];
        if (w[9] && n && !empty) {
            int r = RANK(s->c[p][n - 1]), ok = 0;
            for (int i = 0; i < ntops && !ok; i++) ok = RANK(tops[i]) == r + 1;
            if (!ok && r != sp->top) h += w[9];
        }
        if (w[10])
            for (int j = 0; j < n; j++) {
                uint8_t succ = s->c[p][j] + 4;
                if (RANK(s->c[p][j]) == sp->top) continue;
                for (int k = j + 2; k < n; k++)
                    if (s->c[p][k] == succ) {
                        h += w[10];
                        break;
                    }
            }
    }
    return h;
}

/* Lower is more promising. A guide only: it never removes a position.
 * Spider family w: face-down card, space, break in rank, break in suit only, finished run, undealt card.
 * Forty Thieves w: card left, break, space, buried waste card. */
static int32_t heuristic(const Spec *sp, const State *s) {
    const int *w = sp->w;
    int32_t h = 0;
    if (sp->removes_runs) {
        for (int p = 0; p < sp->npiles; p++) {
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
        h += w[5] * (sp->stream_len - s->pos);
        if (w[8] || w[9] || w[10] || w[11] || w[12]) h += spider_extra(sp, s);
    } else {
        h += w[0] * s->left;
        for (int p = 0; p < sp->npiles; p++) {
            int n = s->n[p];
            for (int j = 1; j < n; j++) {
                uint8_t below = s->c[p][j - 1], above = s->c[p][j];
                if (!(RANK(below) == RANK(above) + 1 && SUIT(below) == SUIT(above))) h += w[1];
            }
            if (n == 0) h -= w[2];
        }
        int waste = 0;
        for (int i = 0; i < s->pos; i++) waste += s->present[i >> 6] >> (i & 63) & 1;
        if (waste) h += w[3] * (waste - 1);
    }
    return h;
}

static int heap_push(Buf *h, size_t *n, int64_t key) {
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

static int64_t heap_pop(Buf *h, size_t *n) {
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

typedef struct {
    int32_t parent, move;
    uint32_t off;
    uint16_t len;
    uint16_t depth;
} Node;

/* The public form of a core move (waste indexes and deal sizes are internal). */
static int32_t public_move(int32_t code) {
    Move m;
    decode_move(code, &m);
    if (m.kind == MV_W2T || m.kind == MV_W2F) m.src = 0;
    if (m.kind == MV_DEAL) m.count = 1;
    return encode_move(&m);
}

/* The line to node `parent` then `last`, read back through the parent links; 0 if longer than cap. */
static int node_line(const Buf *nodes, int32_t parent, int32_t last, int32_t *out_moves, int cap, int64_t *out_len) {
    const Node *nd = nodes->p;
    int64_t len = 1;
    for (int32_t v = parent; nd[v].parent >= 0; v = nd[v].parent) len++;
    if (len > cap) return 0;
    int64_t i = len - 1;
    out_moves[i--] = public_move(last);
    for (int32_t v = parent; nd[v].parent >= 0; v = nd[v].parent) out_moves[i--] = public_move(nd[v].move);
    *out_len = len;
    return 1;
}

/* The positions a search keeps so that a line can be read back: each node's parent, the move from it,
 * and the position's bytes (encode_state). */
typedef struct {
    Buf nodes, arena;
    size_t n, arena_len;
} NodeStore;

static void store_init(NodeStore *ns) {
    memset(ns, 0, sizeof *ns);
    ns->nodes.size = sizeof(Node), ns->arena.size = 1;
}

/* The new node's number, or -1 when out of memory. */
static int32_t store_add(NodeStore *ns, const Spec *sp, int32_t parent, int32_t move, const State *st, uint16_t depth) {
    uint8_t bytes[KEYMAX];
    int len = encode_state(sp, st, bytes);
    if (!buf_reserve(&ns->nodes, ns->n + 1) || !buf_reserve(&ns->arena, ns->arena_len + len)) return -1;
    Node *nd = (Node *)ns->nodes.p + ns->n;
    nd->parent = parent, nd->move = move, nd->off = (uint32_t)ns->arena_len, nd->len = (uint16_t)len, nd->depth = depth;
    memcpy((uint8_t *)ns->arena.p + ns->arena_len, bytes, len);
    ns->arena_len += len;
    return (int32_t)ns->n++;
}

static const Node *store_node(const NodeStore *ns, int32_t id) { return (const Node *)ns->nodes.p + id; }

static void store_state(const NodeStore *ns, const Spec *sp, int32_t id, State *st) {
    decode_state(sp, (const uint8_t *)ns->arena.p + store_node(ns, id)->off, st);
}

static size_t store_bytes(const NodeStore *ns) { return ns->nodes.cap * sizeof(Node) + ns->arena.cap; }

static void store_free(NodeStore *ns) { free(ns->nodes.p), free(ns->arena.p); }

/* A heap item: priority << 32 | ~id, so a min-heap pops the lowest score, ties to the newest node. */
static int64_t prio_item(int64_t priority, int32_t id) { return priority * 4294967296LL + (0xFFFFFFFFLL - id); }

static int32_t prio_id(int64_t item) { return (int32_t)(0xFFFFFFFFLL - (item & 0xFFFFFFFFLL)); }

static int best_first(Spec *sp, State *root, int64_t *positions, int64_t max_positions, double deadline,
                      volatile int32_t *cancel, int32_t *out_moves, int cap, int64_t *out_len, int64_t *stats) {
    Table table;
    NodeStore store;
    Buf heap = {0, 0, sizeof(int64_t)};
    size_t nheap = 0;
    uint8_t key[KEYMAX];
    Move moves[MAXMOVES];
    Effect fx[4 * MAXP + 8];
    State s;
    int result = RES_LOST;
    int32_t won_parent = -1, won_move = 0;
    store_init(&store);
    if (!table_init(&table)) return RES_ERROR;
    table_insert(&table, key, make_key(sp, root, key));
/* Keep state ST, reached from PARENT by MOVE, and queue it by heuristic plus w[6] per move of depth. */
#define ADD_NODE(PARENT, MOVE, ST, DEPTH)                                                                  \
    do {                                                                                                   \
        int32_t id_ = store_add(&store, sp, (PARENT), (MOVE), (ST), (DEPTH));                              \
        int64_t f_ = (int64_t)heuristic(sp, (ST)) + (int64_t)sp->w[6] * (DEPTH);                           \
        if (id_ < 0 || !heap_push(&heap, &nheap, prio_item(f_, id_))) {                                   \
            result = RES_ERROR;                                                                            \
            goto done;                                                                                     \
        }                                                                                                  \
    } while (0)
    ADD_NODE(-1, 0, root, 0);
    while (nheap) {
        int32_t id = prio_id(heap_pop(&heap, &nheap));
        int depth = store_node(&store, id)->depth;
        store_state(&store, sp, id, &s);
        int nm = gen_moves(sp, &s, moves, 1);
        stats[4] += nm;
        for (int i = 0; i < nm; i++) {
            Move m = moves[i];
            int nfx = apply(sp, &s, &m, fx);
            if (is_won(&s)) {
                won_parent = id, won_move = encode_move(&m);
                result = RES_WON;
                goto done;
            }
            int fresh = sp->use_tt ? table_insert(&table, key, make_key(sp, &s, key)) : 1;
            if (fresh < 0) {
                result = RES_ERROR;
                goto done;
            }
            if (fresh) {
                if (*positions >= max_positions) {
                    result = RES_UNKNOWN;
                    goto done;
                }
                ++*positions;
                ADD_NODE(id, encode_move(&m), &s, depth < 65535 ? depth + 1 : 65535);
                if ((*positions & 1023) == 0) {
                    if (cancel && *cancel) {
                        result = RES_CANCELLED;
                        goto done;
                    }
                    if (deadline > 0 && now_seconds() > deadline) {
                        result = RES_UNKNOWN;
                        goto done;
                    }
                }
            }
            unapply(sp, &s, &m, fx, nfx);
        }
    }
done:
    if (result == RES_WON && !node_line(&store.nodes, won_parent, won_move, out_moves, cap, out_len)) result = RES_ERROR;
    if (result == RES_WON) stats[3] = *out_len;
    {
        int64_t bytes_used =
            (int64_t)(table.cap * sizeof(Slot) + table.arena_cap + store_bytes(&store) + heap.cap * sizeof(int64_t));
        if (bytes_used > stats[2]) stats[2] = bytes_used;
    }
    table_free(&table);
    store_free(&store);
    free(heap.p);
    return result;
#undef ADD_NODE
}

/* ----------------------------------------------------------- stage beam search */

/*
 * The last stage (no stock left) as one complete depth-first search per beam member, each cut off after
 * final_dfs positions. A member's search that runs out of moves proves that member lost; *exhaustive
 * is cleared otherwise. On a win the line is the path to the member, then the search's line.
 * *dfs_bytes gets the largest table one of these searches used.
 */
static int final_stage_dfs(Spec *sp, const NodeStore *store, const Buf *beam, size_t nbeam, int64_t *positions,
                           int64_t max_positions, double deadline, volatile int32_t *cancel, int32_t *out_moves,
                           int cap, int64_t *out_len, int64_t *stats, int *exhaustive, int64_t *dfs_bytes) {
    State s;
    for (size_t i = 0; i < nbeam; i++) {
        int32_t id = prio_id(((const int64_t *)beam->p)[i]);
        const Node *nd = store_node(store, id);
        int64_t head = 0, tail = 0, limit = *positions + sp->final_dfs, table_peak = stats[2];
        if (nd->parent >= 0 && !node_line(&store->nodes, nd->parent, nd->move, out_moves, cap, &head)) return RES_ERROR;
        store_state(store, sp, id, &s);
        stats[2] = 0;
        int result = dfs(sp, &s, positions, limit < max_positions ? limit : max_positions, deadline, cancel,
                         out_moves + head, cap - (int)head, &tail, stats);
        if (stats[2] > *dfs_bytes) *dfs_bytes = stats[2];
        stats[2] = table_peak;
        if (result == RES_WON) {
            *out_len = head + tail;
            stats[3] = *out_len;
            return RES_WON;
        }
        if (result == RES_CANCELLED || result == RES_ERROR) return result;
        if (result != RES_LOST) *exhaustive = 0;
        if (*positions >= max_positions || (deadline > 0 && now_seconds() > deadline)) return RES_UNKNOWN;
    }
    return *exhaustive ? RES_LOST : RES_UNKNOWN;
}

/* What the beams of one solve share: every position one of them examined (its key; its node, which keeps
 * the position and the line to it), so that a later beam that enters it again does not count it again. */
typedef struct {
    Table table;
    NodeStore store;
    Buf mark;   /* per node: the serial number of the last beam that entered it */
    Buf member; /* per node, when sp->stall > 0: in a stage under the rule, the beam member whose line entered it */
    uint32_t serial;
} BeamMemo;

static int memo_init(BeamMemo *mm) {
    memset(mm, 0, sizeof *mm);
    store_init(&mm->store);
    mm->mark.size = sizeof(uint32_t);
    mm->member.size = sizeof(int32_t);
    return table_init(&mm->table);
}

static void memo_free(BeamMemo *mm) {
    table_free(&mm->table);
    store_free(&mm->store);
    free(mm->mark.p);
    free(mm->member.p);
}

static size_t memo_bytes(const BeamMemo *mm) {
    return mm->table.cap * sizeof(Slot) + mm->table.arena_cap + store_bytes(&mm->store) + mm->mark.cap * sizeof(uint32_t) +
           mm->member.cap * sizeof(int32_t);
}

/* Keep a new node in the memo, entered by the present beam; its number, or -1 when out of memory. The member
 * record is kept only where the stall rule can apply. */
static int32_t memo_add(BeamMemo *mm, const Spec *sp, int32_t parent, int32_t move, const State *st) {
    int32_t id = store_add(&mm->store, sp, parent, move, st, 0);
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

/* Novelty: the facts "card x lies on card y" (y may also be a face-down card or the table) that positions of
 * one stage have shown, one bit each (cards are bytes below 64). */
#define FACT_WORDS (64 * 64 / 64)

/* How many facts of s no earlier position of the stage showed; marks them seen. */
static int new_facts(const Spec *sp, const State *s, uint64_t *seen) {
    int fresh = 0;
    for (int p = 0; p < sp->npiles; p++)
        for (int i = s->down[p]; i < s->n[p]; i++) {
            int below = i == 0 ? 0 : i == s->down[p] ? 1 : s->c[p][i - 1];
            int fact = s->c[p][i] * 64 + below;
            uint64_t bit = 1ULL << (fact & 63);
            if (!(seen[fact >> 6] & bit)) seen[fact >> 6] |= bit, fresh++;
        }
    return fresh;
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
 * and whole runs act only after that): the search then examined every reachable position, and RES_LOST is a
 * proof. Otherwise running out of candidates returns RES_UNKNOWN.
 */
static int beam_search(Spec *sp, State *root, int64_t width, int64_t *positions, int64_t max_positions,
                       double deadline, volatile int32_t *cancel, int32_t *out_moves, int cap, int64_t *out_len,
                       int64_t *stats, int *exhaustive, BeamMemo *mm) {
    Buf heap = {0, 0, sizeof(int64_t)}, beam = {0, 0, sizeof(int64_t)}, cands = {0, 0, sizeof(int64_t)};
    Buf lines = {0, 0, sizeof(Line)}; /* under the stall rule: one per member of the beam */
    uint64_t seen[FACT_WORDS];
    size_t nheap = 0, nbeam = 0, ncands = 0;
    uint8_t key[KEYMAX];
    Move moves[MAXMOVES];
    Effect fx[4 * MAXP + 8];
    State s;
    int result = RES_UNKNOWN;
    int32_t won_parent = -1, won_move = 0, *slot_id;
    int64_t dfs_bytes = 0;
    *exhaustive = 1;
    mm->serial++;
    if (mm->store.n == 0) { /* the first beam: the root is node 0 */
        if (table_insert_id(&mm->table, key, make_key(sp, root, key), &slot_id) < 0) goto oom;
        if ((*slot_id = memo_add(mm, sp, -1, 0, root)) < 0) goto oom;
    }
    ((uint32_t *)mm->mark.p)[0] = mm->serial;
    if (!buf_reserve(&beam, 1)) goto oom;
    ((int64_t *)beam.p)[0] = prio_item(0, 0), nbeam = 1;
    for (;;) {
        store_state(&mm->store, sp, prio_id(((int64_t *)beam.p)[0]), &s);
        int final = s.pos >= sp->stream_len;
        int64_t limit = (int64_t)width * (final ? sp->final_cap : sp->stage_cap), explored = 0;
        nheap = 0, ncands = 0;
        if (final && sp->final_dfs > 0) {
            result = final_stage_dfs(sp, &mm->store, &beam, nbeam, positions, max_positions, deadline, cancel,
                                     out_moves, cap, out_len, stats, exhaustive, &dfs_bytes);
            goto done;
        }
        /* the stall rule only where the beam can no longer prove a loss anyway */
        int last_use = s.pos + (sp->to_waste ? 1 : sp->npiles) >= sp->stream_len; /* the next use is the last */
        int stalls = (final || last_use) && sp->stall > 0 && !*exhaustive;
        Line *line = NULL;
        int32_t *member = NULL;
        memset(seen, 0, sizeof seen);
        if (stalls && !buf_reserve(&lines, nbeam)) goto oom;
        for (size_t i = 0; i < nbeam; i++) {
            int32_t id = prio_id(((int64_t *)beam.p)[i]);
            store_state(&mm->store, sp, id, &s);
            int64_t h = heuristic(sp, &s);
            if (sp->novelty) new_facts(sp, &s, seen);
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
            store_state(&mm->store, sp, id, &s);
            int nm = gen_moves(sp, &s, moves, 1);
            stats[4] += nm;
            for (int i = 0; i < nm; i++) {
                Move m = moves[i];
                if (sp->whole_runs && !*exhaustive && splits_run(sp, &s, &m)) continue;
                int nfx = apply(sp, &s, &m, fx);
                if (is_won(&s)) {
                    won_parent = id, won_move = encode_move(&m);
                    result = RES_WON;
                    goto done;
                }
                int fresh = table_insert_id(&mm->table, key, make_key(sp, &s, key), &slot_id);
                if (fresh < 0) goto oom;
                int32_t child = *slot_id;
                if (fresh) {
                    if (*positions >= max_positions) goto done;
                    ++*positions;
                    if (dead_after(sp, &m, &s)) { /* lost: it goes no further (its id stays -1) */
                        unapply(sp, &s, &m, fx, nfx);
                        continue;
                    }
                    if ((child = *slot_id = memo_add(mm, sp, id, encode_move(&m), &s)) < 0) goto oom;
                    member = mm->member.p;
                    if (stalls) line->since++;
                } else { /* examined before: by this beam (skip it), or by an earlier one (enter it again) */
                    uint32_t *mark = mm->mark.p;
                    if (child < 0 || mark[child] == mm->serial) {
                        unapply(sp, &s, &m, fx, nfx);
                        continue;
                    }
                    mark[child] = mm->serial;
                }
                if ((++explored & 1023) == 0) { /* every 1024 entered: a later beam may enter many it does not count */
                    if (cancel && *cancel) {
                        result = RES_CANCELLED;
                        goto done;
                    }
                    if (deadline > 0 && now_seconds() > deadline) goto done;
                }
                int64_t h = heuristic(sp, &s), priority = h;
                int uses_stock = m.kind == MV_DEAL || m.kind == MV_DRAW;
                if (sp->novelty && !uses_stock && new_facts(sp, &s, seen) == 0) priority += sp->novelty;
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
                unapply(sp, &s, &m, fx, nfx);
            }
        }
        if (final || ncands == 0) {
            result = *exhaustive ? RES_LOST : RES_UNKNOWN;
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
    result = RES_ERROR;
done:
    /* won_parent stays -1 when a depth-first last stage won: it wrote the whole line itself */
    if (result == RES_WON && won_parent >= 0 && !node_line(&mm->store.nodes, won_parent, won_move, out_moves, cap, out_len))
        result = RES_ERROR;
    if (result == RES_WON) stats[3] = *out_len;
    {
        int64_t bytes_used =
            (int64_t)(memo_bytes(mm) + (heap.cap + beam.cap + cands.cap) * sizeof(int64_t) + lines.cap * sizeof(Line)) + dfs_bytes;
        if (bytes_used > stats[2]) stats[2] = bytes_used;
    }
    free(heap.p), free(beam.p), free(cands.p), free(lines.p);
    return result;
}

/*
 * Solve from a position. Returns RES_*; writes the winning line to out_moves
 * (encoded, at most cap) and stats: [0] positions, [1] line length, [2] peak
 * table bytes, [3] max depth, [4] moves generated, [5] pass that settled it.
 *
 * Stage beams (beam_width > 0, after a complete depth-first search of restart_chunk positions), restarts
 * (restart_chunk > 0), or one complete search (depth-first or best-first).
 */
int wisp_solve(const int32_t *si, const uint8_t *blob, int blob_len, int64_t max_positions, double time_limit,
               volatile int32_t *cancel, int32_t *out_moves, int cap, int64_t *stats) {
    Spec sp;
    State s;
    int64_t positions = 1;
    double deadline = time_limit > 0 ? now_seconds() + time_limit : 0;
    memset(stats, 0, 6 * sizeof(int64_t));
    if (!load(si, blob, blob_len, &sp, &s)) return RES_ERROR;
    stats[0] = 1;
    if (is_won(&s)) return RES_WON;
    if (dead(&sp, &s)) return RES_LOST;
    int result = RES_LOST;
    typedef int (*SearchFn)(Spec *, State *, int64_t *, int64_t, double, volatile int32_t *, int32_t *, int,
                            int64_t *, int64_t *);
    SearchFn search = sp.best_first ? best_first : dfs;
    if (sp.beam_width > 0) {
        /* A complete depth-first search settles small trees (a proof of lost) cheaply; then beams of
         * growing width, sharing what they examined (BeamMemo), until one settles the position or the
         * budget is spent. */
        int64_t limit = positions + sp.restart_chunk < max_positions ? positions + sp.restart_chunk : max_positions;
        result = dfs(&sp, &s, &positions, limit, deadline, cancel, out_moves, cap, &stats[1], stats);
        stats[5] = 1;
        int base[16];
        BeamMemo memo;
        memcpy(base, sp.w, sizeof base);
        if (!memo_init(&memo)) return RES_ERROR;
        for (int64_t width = sp.beam_width; result == RES_UNKNOWN && positions < max_positions;) {
            for (int t = 0; t < sp.beam_tries && result == RES_UNKNOWN && positions < max_positions; t++) {
                int exhaustive, spread = 2 * sp.beam_jitter + 1;
                if (deadline > 0 && now_seconds() > deadline) break;
                for (int i = 0; i < 16; i++)
                    sp.w[i] = t == 0 ? base[i] : base[i] * (100 - sp.beam_jitter + (int)(next_random(&sp) % spread)) / 100;
                result = beam_search(&sp, &s, width, &positions, max_positions, deadline, cancel, out_moves, cap,
                                     &stats[1], stats, &exhaustive, &memo);
                stats[5]++;
                if (cancel && *cancel && result == RES_UNKNOWN) result = RES_CANCELLED;
            }
            if (deadline > 0 && now_seconds() > deadline) break;
            width = width * sp.beam_growth / 100 > width ? width * sp.beam_growth / 100 : width + 1;
        }
        memo_free(&memo);
        memcpy(sp.w, base, sizeof base);
        stats[0] = positions;
        return result;
    }
    if (sp.restart_chunk > 0 && !sp.best_first) {
        /* Restarts: each is a complete DFS with a fresh table and its own random
         * tie-breaks, cut off after restart_chunk positions (growing). One that runs out of
         * moves before its cut-off has searched everything: a proof of lost. */
        for (int64_t chunk = sp.restart_chunk;; chunk += chunk / 4) {
            /* when less than eight restarts' worth is left, the last restart gets all of it: a lost game
             * tree up to that size is then proved lost, where a smaller cut-off would prove nothing */
            if (max_positions - positions < 8 * chunk) chunk = max_positions - positions;
            int64_t limit = positions + chunk < max_positions ? positions + chunk : max_positions;
            result = dfs(&sp, &s, &positions, limit, deadline, cancel, out_moves, cap, &stats[1], stats);
            stats[5]++;
            if (result != RES_UNKNOWN || positions >= max_positions) break;
            if (deadline > 0 && now_seconds() > deadline) break;
        }
        stats[0] = positions;
        return result;
    }
    result = search(&sp, &s, &positions, max_positions, deadline, cancel, out_moves, cap, &stats[1], stats);
    stats[5] = 1;
    stats[0] = positions;
    return result;
}

/* 1 when the dead-position test finds the position lost (for tests), 0 when not, -1 on a bad input. */
int wisp_hopeless(const int32_t *si, const uint8_t *blob, int blob_len) {
    Spec sp;
    State s;
    if (!load(si, blob, blob_len, &sp, &s)) return -1;
    return dead(&sp, &s);
}

/* Apply one encoded move to a position and write the result blob (for differential tests). */
int wisp_apply(const int32_t *si, const uint8_t *blob, int blob_len, int32_t encoded, uint8_t *out, int cap) {
    Spec sp;
    State s;
    Move m, all[MAXMOVES];
    Effect fx[4 * MAXP];
    if (!load(si, blob, blob_len, &sp, &s)) return -1;
    decode_move(encoded, &m);
    int n = gen_moves(&sp, &s, all, 0), found = 0;
    for (int i = 0; i < n; i++) {
        Move x = all[i];
        if (x.kind == MV_W2T || x.kind == MV_W2F) x.src = 0;
        if (x.kind == MV_DEAL) x.count = 1;
        if (encode_move(&x) == encoded) {
            m = all[i];
            found = 1;
            break;
        }
    }
    if (!found) return -2;
    apply(&sp, &s, &m, fx);
    /* write the same blob layout back */
    int k = 0;
    for (int p = 0; p < sp.npiles; p++) {
        if (k + 2 + s.n[p] > cap) return -1;
        out[k++] = s.down[p], out[k++] = s.n[p] - s.down[p];
        memcpy(out + k, s.c[p], s.n[p]), k += s.n[p];
    }
    int nw = 0;
    uint8_t w[MAXSTREAM];
    for (int i = 0; i < s.pos; i++)
        if (s.present[i >> 6] >> (i & 63) & 1) w[nw++] = sp.stream[i];
    if (k + 3 + nw + (sp.stream_len - s.pos) + sp.nfound > cap) return -1;
    out[k++] = nw, memcpy(out + k, w, nw), k += nw;
    out[k++] = sp.stream_len - s.pos, memcpy(out + k, sp.stream + s.pos, sp.stream_len - s.pos);
    k += sp.stream_len - s.pos;
    out[k++] = sp.nfound, memcpy(out + k, s.found, sp.nfound), k += sp.nfound;
    out[k++] = s.finished;
    return k;
}
