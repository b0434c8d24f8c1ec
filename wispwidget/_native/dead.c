/*
 * dead.c: the dead-position tests, each a least fixpoint over what can ever happen (docs/solver.md, "Dead
 * positions"): hopeless (waste games with single-card moves and building foundations) and unfinishable
 * (the Spider family with one deck). Python decides where each is sound (native.dead_test_is_sound,
 * native.run_test_is_sound) and sets the spec's switches; this file only applies them.
 */
#include "core.h"

/* Whether card c can have somewhere to go, given what can be on foundations and pile tops (see hopeless). */
static int somewhere_to_go(const Game *g, uint8_t c, const uint8_t *on_found, const uint8_t *pile_top,
                           int empty_pile) {
    if (RANK(c) == 1 || on_found[c - 4] || (empty_pile && (g->empty_any || RANK(c) == g->top))) return 1;
    for (int t = (RANK(c) + 1) << 2; RANK(c) < g->top && t < ((RANK(c) + 2) << 2); t++)
        if (pile_top[t] && (g->any_suit || SUIT(t) == SUIT(c))) return 1;
    return 0;
}

/* One step of hopeless for an uncovered card c: it can reach a foundation if its predecessor can (or it is
 * an Ace), and it can move if it has somewhere to go. Returns whether anything changed. */
static int uncovered_card_step(const Game *g, uint8_t c, uint8_t *to_found, uint8_t *moves, uint8_t *on_found,
                               uint8_t *pile_top, int empty_pile) {
    int changed = 0;
    if (!*to_found && (RANK(c) == 1 || on_found[c - 4])) {
        *to_found = 1, changed = 1;
        if (!on_found[c]) on_found[c] = 1, pile_top[c] |= (uint8_t)g->found_to_tab;
    }
    if (!*moves && somewhere_to_go(g, c, on_found, pile_top, empty_pile)) *moves = 1, changed = 1;
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
static int hopeless(const Game *g, const State *s) {
    enum { NI = MAXP * MAXC + MAXSTREAM };
    uint8_t card[NI], moves[NI], to_found[NI], on_found[256] = {0}, pile_top[256] = {0};
    int n = 0;
    for (int f = 0; f < g->nfound; f++)
        for (int c = s->found[f]; RANK(c) >= 1; c -= 4) on_found[c] = 1;
    if (g->found_to_tab) memcpy(pile_top, on_found, sizeof pile_top);
    for (int p = 0; p < g->npiles; p++)
        for (int j = 0; j < s->n[p]; j++) card[n++] = s->c[p][j];
    int first_stream = n;
    for (int w = 0; w < s->pos; w++) /* the waste from its bottom up, then the stock in drawing order */
        if (s->present[w >> 6] >> (w & 63) & 1) card[n++] = g->stream[w];
    int first_stock = n;
    for (int w = s->pos; w < g->stream_len; w++) card[n++] = g->stream[w];
    memset(moves, 0, (size_t)n);
    memset(to_found, 0, (size_t)n);
    int empty_pile = 0;
    for (int p = 0; p < g->npiles; p++) empty_pile |= s->n[p] == 0;
    for (int drawn = first_stock; drawn <= n; drawn++) { /* window by window: cards before drawn exist */
        /* Only the card just drawn is new; if it can go nowhere yet, this window adds nothing. */
        if (drawn > first_stock && !somewhere_to_go(g, card[drawn - 1], on_found, pile_top, empty_pile)) continue;
        /* Everything here only ever grows, so the order of the updates does not change the fixpoint: each
         * card is updated as soon as the cards above it are. */
        for (int changed = 1; changed;) {
            changed = 0;
            int i = first_stream;
            for (int p = g->npiles - 1; p >= 0; p--) {
                i -= s->n[p];
                for (int j = s->n[p] - 1; j >= 0; j--) { /* uncovered: every card above it can move */
                    int k = i + j;
                    if (!pile_top[card[k]]) pile_top[card[k]] = 1, changed = 1;
                    changed |= uncovered_card_step(g, card[k], &to_found[k], &moves[k], on_found, pile_top, empty_pile);
                    if (!moves[k]) break; /* so nothing below it is uncovered */
                    if (j == 0) empty_pile = 1;
                }
            }
            for (int k = drawn - 1, clear = 1; k >= first_stream; k--) {
                if (clear || moves[k]) { /* clear: every card drawn after it has left the waste */
                    changed |= uncovered_card_step(g, card[k], &to_found[k], &moves[k], on_found, pile_top, empty_pile);
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
static int unfinishable(const Game *g, const State *s) {
    uint8_t U[64] = {0}, R[64] = {0}, M[64] = {0}, L[64] = {0}, live[4] = {0}, done[4] = {0};
    int empty = 0, top = g->top;
    for (int p = 0; p < g->npiles; p++) {
        if (s->n[p] == 0) empty = 1;
        for (int j = 0; j < s->n[p]; j++) live[SUIT(s->c[p][j])] = 1;
    }
    for (int i = s->pos; i < g->stream_len; i++) {
        uint8_t c = g->stream[i];
        U[c] = R[c] = 1, live[SUIT(c)] = 1;
    }
    for (int changed = 1; changed;) {
        changed = 0;
        uint8_t up_rank[16] = {0}; /* some card of this rank can be uncovered */
        for (int c = 0; c < 64; c++)
            if (U[c]) up_rank[RANK(c)] = 1;
/* a run based on card C has somewhere to go: an empty pile, or a card one rank higher */
#define PLACE_FOR(C) (empty || (RANK(C) < top && up_rank[RANK(C) + 1]))
        for (int i = s->pos; i < g->stream_len; i++) { /* stock cards */
            uint8_t c = g->stream[i];
            int m = PLACE_FOR(c), l = m || done[SUIT(c)];
            if (m > M[c] || l > L[c]) M[c] |= m, L[c] |= l, changed = 1;
        }
        for (int p = 0; p < g->npiles; p++) {
            int n = s->n[p];
            for (int j = n - 1; j >= 0; j--) { /* from the top: the card on c is updated first */
                uint8_t c = s->c[p][j];
                int cover = j + 1 < n ? s->c[p][j + 1] : -1;
                int u = cover < 0 || L[cover];
                int in_run = cover >= 0 && j >= s->down[p] && moves_with(g, c, (uint8_t)cover);
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
            for (int p = 0; p < g->npiles && ok; p++)
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
int dead(const Game *g, const State *s) {
    return g->run_test ? unfinishable(g, s) : g->dead_test && hopeless(g, s);
}

/* The searches test for dead positions: waste games after draws only (after every move found no more, far
 * slower); the Spider family after every move (its test is cheap, and any move can bury a card for good). */
int dead_after(const Game *g, const Move *m, const State *s) {
    return (g->run_test || m->kind == WISP_DRAW) && dead(g, s);
}

