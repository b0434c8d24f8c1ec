/*
 * planner.c: the no-peek planner (docs/honest-play.md, "The planner"). It chooses the next *plan* of an honest
 * player: moves that only rearrange visible cards, then one move that reveals (a deal, a draw, or a move that
 * leaves a face-down card on top, so it turns).
 *
 * It never reads a hidden card. The position it is given holds the face-down cards and the stock in some
 * order (the caller puts them there sorted, so the order says nothing); the planner takes them as a multiset
 * only. Its searches from the position read face-up cards, counts and the stock's size: the heuristic with
 * S->visible_only set, and a move that turns a card is scored with that card still face down (masked_cost).
 * Only in the arrangements it deals itself (determinizations) does a revealing move show a card, and each
 * plan is weighed over the same arrangements.
 *
 * 1. From the position, a best-first search over the moves that reveal nothing (root_positions) finds the
 *    plans: every position it reaches, with every revealing move from there.
 * 2. The turn_plans best plans that turn a card (by the masked cost just after the turn) and the deal_plans
 *    best plans that deal (by the cost before the deal) are weighed in full; with dig_first, no plan that deals
 *    while any plan turns a card.
 * 3. Weighing: the hidden cards are dealt at random into their places `worlds` times. In each arrangement each
 *    plan is played, and a best-first search of after_positions positions over the moves that then reveal
 *    nothing finds the best cost reachable (a move that would turn a card counts with its masked cost). A
 *    plan's value is the mean over the arrangements (with `caution`, a soft maximum that weighs bad outcomes
 *    more): what the revealed cards will most likely allow, with none of them known in advance.
 * 3b. With look_past N (look_past_choice), the look_plans plans of lowest value are weighed again over the same
 *    outcomes, each worth the best next plan's value from the position after the reveal (next_plan_value: the
 *    next plans weighed in N fresh arrangements of the cards still hidden), and the lowest mean worth wins.
 * 4. The plan chosen is returned, by the fewest moves to its position that an A* search of
 *    shortest_positions finds (shortest_path). When no plan is found (no revealing move is reachable within
 *    root_positions), the search runs once more with stuck_positions before the planner says so.
 *
 * The cost is the solver's heuristic (heuristic.c), read from face-up cards only: one guide for both.
 */
#include "core.h"

/* ---------------------------------------------------------------- a set of 64-bit hashes */

typedef struct {
    uint64_t *keys;
    uint32_t *gen; /* a slot is full when its generation is the set's: clearing is one increment */
    size_t cap, count;
    uint32_t cur;
} HashSet;

static int hashset_init(HashSet *h, size_t cap) {
    h->keys = malloc(cap * sizeof(uint64_t));
    h->gen = calloc(cap, sizeof(uint32_t));
    h->cap = cap, h->count = 0, h->cur = 1;
    if (h->keys && h->gen) return 1;
    free(h->keys), free(h->gen);
    h->keys = NULL, h->gen = NULL;
    return 0;
}

static void hashset_free(HashSet *h) { free(h->keys), free(h->gen); }

static void hashset_clear(HashSet *h) { h->cur++, h->count = 0; }

static int hashset_grow(HashSet *h) {
    HashSet n;
    if (!hashset_init(&n, h->cap * 2)) return 0;
    for (size_t i = 0; i < h->cap; i++)
        if (h->gen[i] == h->cur) {
            size_t j = h->keys[i] & (n.cap - 1);
            while (n.gen[j] == n.cur) j = (j + 1) & (n.cap - 1);
            n.keys[j] = h->keys[i], n.gen[j] = n.cur, n.count++;
        }
    hashset_free(h);
    *h = n;
    return 1;
}

/* 1 when new, 0 when already there, -1 out of memory. A search over a few thousand positions keeps 64-bit
 * hashes: a collision would only hide one arrangement from a guide, never make a move illegal. */
static int hashset_add(HashSet *h, uint64_t key) {
    if ((h->count + 1) * 2 > h->cap && !hashset_grow(h)) return -1;
    size_t j = key & (h->cap - 1);
    while (h->gen[j] == h->cur) {
        if (h->keys[j] == key) return 0;
        j = (j + 1) & (h->cap - 1);
    }
    h->keys[j] = key, h->gen[j] = h->cur, h->count++;
    return 1;
}

/* The hash of position_key: `alike` 1 takes interchangeable piles as one position (the searches for plans),
 * 0 tells them apart (the search for a way to one position, pile for pile). */
static uint64_t state_hash(const Game *g, const State *s, int alike) {
    uint8_t key[KEYMAX];
    return hash_bytes(key, position_key(g, s, key, alike));
}

/* ---------------------------------------------------------------- determinizations */

static uint64_t next_u64(uint64_t *r) {
    *r ^= *r << 13, *r ^= *r >> 7, *r ^= *r << 17;
    return *r;
}

/* The hidden cards (face down, and the stock) as a multiset: sorted, so nothing that follows depends on the
 * places they were given in. */
static int hidden_cards(const Game *g, const State *s, uint8_t *out) {
    int k = 0;
    for (int p = 0; p < g->npiles; p++)
        for (int j = 0; j < s->down[p]; j++) out[k++] = s->c[p][j];
    for (int i = s->pos; i < g->stream_len; i++) out[k++] = g->stream[i];
    for (int i = 1; i < k; i++) { /* insertion sort: at most MAXC bytes */
        uint8_t x = out[i];
        int j = i - 1;
        while (j >= 0 && out[j] > x) out[j + 1] = out[j], j--;
        out[j + 1] = x;
    }
    return k;
}

/* The hidden cards dealt at random into the hidden places of (g, s): one arrangement consistent with what is
 * visible, each equally likely whatever order the cards came in. */
static void determinize(Game *g, State *s, const uint8_t *hidden, int nh, uint64_t *rng) {
    uint8_t cards[MAXC];
    memcpy(cards, hidden, nh);
    for (int i = nh - 1; i > 0; i--) {
        int j = (int)(next_u64(rng) % (uint64_t)(i + 1));
        uint8_t t = cards[i];
        cards[i] = cards[j], cards[j] = t;
    }
    int k = 0;
    for (int p = 0; p < g->npiles; p++)
        for (int j = 0; j < s->down[p]; j++) s->c[p][j] = cards[k++];
    for (int i = s->pos; i < g->stream_len; i++) g->stream[i] = cards[k++];
}

/* ---------------------------------------------------------------- costs from visible cards */

static int uses_stock(const Move *m) { return m->kind == WISP_DEAL || m->kind == WISP_DRAW; }

static int turned_any(const Effect *fx, int nfx) {
    for (int i = 0; i < nfx; i++)
        if (fx[i].kind == 0) return 1;
    return 0;
}

/* The cost just after a move that turned cards, without reading them: they go back face down for the
 * heuristic, and each counts as one face-down card fewer. */
static int32_t masked_cost(const Search *S, State *s, const Effect *fx, int nfx) {
    int turned = 0;
    for (int i = 0; i < nfx; i++)
        if (fx[i].kind == 0) s->down[fx[i].pile]++, turned++;
    int32_t h = heuristic(S, s) - S->w[0] * turned;
    for (int i = 0; i < nfx; i++)
        if (fx[i].kind == 0) s->down[fx[i].pile]--;
    return h;
}

#define WON_COST (-1000000000)

/* ---------------------------------------------------------------- a plan's value over its outcomes */

/* e^x for x <= 0, without libm: the series of e^(x/1024), squared ten times (relative error below 1e-10). */
static double exp_neg(double x) {
    if (x < -700) return 0;
    double r = x / 1024, term = 1, sum = 1;
    for (int k = 1; k < 14; k++) term *= r / k, sum += term;
    for (int k = 0; k < 10; k++) sum *= sum;
    return sum;
}

/* ln y for 0 < y <= 1, without libm: the halvings counted, then 2 atanh((y - 1) / (y + 1)) by its series. */
static double log_of(double y) {
    int halvings = 0;
    while (y < 0.5) y *= 2, halvings++;
    double t = (y - 1) / (y + 1), t2 = t * t, power = t, sum = 0;
    for (int k = 1; k < 60; k += 2) sum += power / k, power *= t2;
    return 2 * sum - halvings * 0.69314718055994530942;
}

/* A plan's costs over what its reveal may show, each with its weight (its chance, up to a common factor). */
typedef struct {
    double weight, sum, top; /* total weight; the weighted sum of costs, or of e^((cost - top) / T); top cost */
} Outcomes;

/* With caution T = 0 a plan's value is its mean cost; with T > 0 it is the soft maximum
 * top + T ln E[e^((cost - top) / T)], between the mean (T large) and the worst cost (T small): a chance of a bad
 * outcome counts for more than its share. Kept in range by rescaling whenever a cost above top arrives. */
static void outcome_add(Outcomes *o, int32_t cost, double weight, int32_t caution) {
    if (caution <= 0) {
        o->sum += weight * cost, o->weight += weight;
        return;
    }
    if (o->weight == 0 || cost > o->top) {
        o->sum = o->weight == 0 ? 0 : o->sum * exp_neg((o->top - cost) / (double)caution);
        o->top = cost;
    }
    o->sum += weight * exp_neg((cost - o->top) / (double)caution), o->weight += weight;
}

static double outcome_value(const Outcomes *o, int32_t caution) {
    return caution <= 0 ? o->sum / o->weight : o->top + caution * log_of(o->sum / o->weight);
}

/* ---------------------------------------------------------------- stage search */

typedef struct {
    int32_t node;  /* the position before the revealing move: a node of the root search */
    int32_t move;  /* the revealing move, encoded */
    int32_t cost;  /* its static cost: masked after a turn, before a deal */
    int deal;      /* it uses the stock */
    double value;  /* its mean cost over the arrangements (lower is better) */
} Plan;

/* What one search keeps: its positions (with parent links, for the plans' moves), its heap and seen set. */
typedef struct {
    NodeStore store;
    Buf heap;
    size_t nheap;
    HashSet seen;
} Arena;

static int arena_init(Arena *A) {
    store_init(&A->store);
    A->heap = (Buf){0, 0, sizeof(int64_t)};
    A->nheap = 0;
    return hashset_init(&A->seen, 1 << 12);
}

static void arena_free(Arena *A) {
    store_free(&A->store);
    free(A->heap.p);
    hashset_free(&A->seen);
}

static void arena_reset(Arena *A) {
    A->store.n = 0, A->store.arena_len = 0, A->nheap = 0;
    hashset_clear(&A->seen);
}

/* One planning call's state: its two arenas, the plans found, the deadline and the counts for its stats. */
typedef struct {
    const Search *solver; /* the search as the spec sets it, for solve_choice's solves */
    Arena root, after, next; /* next: the search for the plans after a reveal (look_past) */
    Buf plans, next_plans;
    double deadline;
    volatile int32_t *cancel;
    int64_t positions;
} Planner;

static int out_of_time(const Planner *P) {
    return (P->cancel && *P->cancel) || (P->deadline > 0 && now_seconds() > P->deadline);
}

/*
 * Best-first over the moves that reveal nothing, from start, for at most limit expansions (fewer when the
 * deadline passes). Returns the lowest cost seen: of a position reached, or just after a move that turns a
 * card (masked). With plans, every revealing or winning move met is added there with its position's node.
 * Sets *oom when memory runs out.
 */
static int32_t stage_search(Planner *P, const Search *S, const State *start, int64_t limit, Arena *A, Buf *plans,
                            size_t *nplans, int *oom) {
    const Game *g = &S->g;
    Move moves[MAXMOVES];
    Effect fx[MAXFX];
    State s;
    arena_reset(A);
    int32_t best = heuristic(S, start);
    if (hashset_add(&A->seen, state_hash(g, start, 1)) < 0 || store_add(&A->store, g, -1, 0, start, 0) < 0 ||
        !heap_push(&A->heap, &A->nheap, prio_item(best, 0)))
        goto oom;
    for (int64_t expanded = 0; A->nheap && expanded < limit; expanded++) {
        if ((expanded & 15) == 15 && out_of_time(P)) break;
        int32_t id = prio_id(heap_pop(&A->heap, &A->nheap));
        store_state(&A->store, g, id, &s);
        int nm = gen_moves((Search *)S, &s, moves, 1);
        int32_t here = plans ? heuristic(S, &s) : 0; /* a plan that deals is ranked by the position it deals on */
        P->positions++;
        for (int i = 0; i < nm; i++) {
            Move m = moves[i];
            int nfx = apply(g, &s, &m, fx);
            int32_t c;
            if (is_won(&s) || uses_stock(&m) || turned_any(fx, nfx)) {
                int won = is_won(&s), deal = uses_stock(&m) && !won;
                c = won ? WON_COST : deal ? INT32_MAX : masked_cost(S, &s, fx, nfx);
                if (c < best) best = c;
                if (plans) {
                    if (!buf_reserve(plans, *nplans + 1)) goto oom;
                    Plan *pl = (Plan *)plans->p + (*nplans)++;
                    pl->node = id, pl->move = encode_move(&m), pl->deal = deal;
                    pl->cost = deal ? here : c, pl->value = 0;
                }
            } else {
                int fresh = hashset_add(&A->seen, state_hash(g, &s, 1));
                if (fresh < 0) goto oom;
                if (fresh) {
                    c = heuristic(S, &s);
                    if (c < best) best = c;
                    int32_t child = store_add(&A->store, g, id, encode_move(&m), &s, 0);
                    if (child < 0 || !heap_push(&A->heap, &A->nheap, prio_item(c, child))) goto oom;
                }
            }
            unapply(g, &s, &m, fx, nfx);
        }
    }
    return best;
oom:
    *oom = 1;
    return best;
}

/* The moves from the root search's first node to node id, in order; their count, or -1 past cap. */
static int path_to(const NodeStore *ns, int32_t id, int32_t *out, int cap) {
    int len = 0;
    for (int32_t v = id; store_node(ns, v)->parent >= 0; v = store_node(ns, v)->parent) len++;
    if (len > cap) return -1;
    for (int32_t v = id, i = len - 1; store_node(ns, v)->parent >= 0; v = store_node(ns, v)->parent)
        out[i--] = store_node(ns, v)->move;
    return len;
}

static int by_cost(const void *x, const void *y) {
    const Plan *a = x, *b = y;
    return (a->cost > b->cost) - (a->cost < b->cost);
}

/* Keep the best `turns` plans that turn a card (or win) and the best `deals` plans that use the stock, by their
 * static cost; returns how many are kept (at the front, cheapest first). */
static size_t shortlist(Plan *p, size_t n, int turns, int deals) {
    qsort(p, n, sizeof(Plan), by_cost);
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i].deal ? deals-- <= 0 : turns-- <= 0) continue;
        p[kept++] = p[i];
    }
    return kept;
}

#define MAX_PLAN 4096 /* moves in one plan: far more than any stage needs */

/* The plan (its position a node of `from`) played in the arrangement (W, s): s becomes the position after its
 * reveal. */
static void play_plan(const NodeStore *from, Search *W, State *s, const Plan *plan) {
    int32_t path[MAX_PLAN];
    Effect fx[MAXFX];
    Move m;
    int len = path_to(from, plan->node, path, MAX_PLAN);
    for (int j = 0; j < len; j++) decode_move(path[j], &m), apply(&W->g, s, &m, fx);
    decode_move(plan->move, &m);
    apply(&W->g, s, &m, fx);
}

/* Plan i played in the arrangement (W, world); the lowest cost reachable after it (see stage_search). */
static int32_t after_plan(Planner *P, Search *W, const State *world, const Plan *plan, int64_t limit, int *oom) {
    State s = *world;
    play_plan(&P->root.store, W, &s, plan);
    return is_won(&s) ? WON_COST : stage_search(P, W, &s, limit, &P->after, NULL, NULL, oom);
}

/* The face-down place plan i turns, as pile * MAXC + index, when it turns exactly one card; else -1. */
static int turned_place(Planner *P, const Search *S, const State *root, const Plan *plan) {
    int32_t path[MAX_PLAN];
    Effect fx[MAXFX];
    Search W = *S;
    State s = *root;
    Move m;
    int len = path_to(&P->root.store, plan->node, path, MAX_PLAN);
    for (int j = 0; j < len; j++) decode_move(path[j], &m), apply(&W.g, &s, &m, fx);
    decode_move(plan->move, &m);
    int nfx = apply(&W.g, &s, &m, fx), place = -1, turns = 0;
    for (int i = 0; i < nfx; i++)
        if (fx[i].kind == 0) turns++, place = fx[i].pile * MAXC + root->down[fx[i].pile] - 1;
    return turns == 1 ? place : -1;
}

/* The distinct hidden cards (hidden is sorted) as their first index and copies, in a random order from rng; how
 * many there are. */
static int card_kinds(const uint8_t *hidden, int nh, uint64_t *rng, int *first, int *copies) {
    int kinds = 0;
    for (int k = 0; k < nh; k++) {
        if (k == 0 || hidden[k] != hidden[k - 1]) first[kinds] = k, copies[kinds++] = 0;
        copies[kinds - 1]++;
    }
    for (int i = kinds - 1; i > 0; i--) {
        int j = (int)(next_u64(rng) % (uint64_t)(i + 1)), f = first[i], c = copies[i];
        first[i] = first[j], copies[i] = copies[j], first[j] = f, copies[j] = c;
    }
    return kinds;
}

/*
 * Plans that turn exactly one card are weighed over every card it may show: a card's chance is its share of
 * the hidden cards, whatever the other hidden cards are (the search after the turn reveals nothing more).
 * The cards are taken in a random order (from the seed), each for every such plan, so that when time runs out
 * every plan has been weighed over the same cards: the value is then the mean over those (at least the first
 * card; a round the deadline cuts short is dropped); *cards says over how many. 0, or WISP_ERROR.
 */
static int weigh_turns(Planner *P, const Search *S, const State *root, const wisp_plan_settings *st, Plan *plans,
                       size_t n, const uint8_t *hidden, int nh, double *value, int *weighed, int *cards) {
    int first[MAXC], copies[MAXC], oom = 0, code = 0;
    uint64_t rng = 0xD1B54A32D192ED03ULL ^ (uint64_t)(uint32_t)st->seed * 0x94D049BB133111EBULL;
    int kinds = card_kinds(hidden, nh, &rng, first, copies);
    int *place = malloc(n * sizeof(int));
    Outcomes *sum = calloc(n, sizeof(Outcomes)), *kept = calloc(n, sizeof(Outcomes));
    if (!place || !sum || !kept) code = WISP_ERROR;
    int turning = 0;
    for (size_t i = 0; i < n && !code; i++) {
        place[i] = plans[i].deal ? -1 : turned_place(P, S, root, &plans[i]);
        turning += place[i] >= 0;
    }
    for (int r = 0; r < kinds && turning && !code; r++) {
        if (r > 0 && out_of_time(P)) break;
        int k = first[r];
        Search W = *S;
        State world = *root;
        uint8_t rest[MAXC]; /* the other hidden cards fill the other places, in order: nothing reads them */
        memcpy(rest, hidden, k), memcpy(rest + k, hidden + k + 1, nh - k - 1);
        for (int j = world.pos, at = nh - 1 - (W.g.stream_len - world.pos); j < W.g.stream_len; j++)
            W.g.stream[j] = rest[at++];
        for (size_t i = 0; i < n && !oom; i++) {
            if (place[i] < 0) continue;
            for (int p = 0, at = 0; p < W.g.npiles; p++)
                for (int j = 0; j < world.down[p]; j++)
                    world.c[p][j] = p * MAXC + j == place[i] ? hidden[k] : rest[at++];
            outcome_add(&sum[i], after_plan(P, &W, &world, &plans[i], st->after_positions, &oom), copies[r],
                        st->caution);
        }
        if (oom) code = WISP_ERROR;
        if (oom || (r > 0 && out_of_time(P))) break; /* cut short by the deadline: this card is dropped */
        memcpy(kept, sum, n * sizeof(Outcomes));
        *cards = r + 1;
    }
    for (size_t i = 0; i < n && !code; i++)
        if (place[i] >= 0 && kept[i].weight > 0) value[i] = outcome_value(&kept[i], st->caution), weighed[i] = 1;
    free(place), free(sum), free(kept);
    return code;
}

/*
 * The other plans (all of them without exact_turns) are weighed in the same `worlds` random arrangements, a
 * mean over those weighed before time ran out (at least the first; an arrangement the deadline cuts short is
 * dropped). 0, or WISP_ERROR.
 */
static int weigh_in_worlds(Planner *P, const Search *S, const State *root, const wisp_plan_settings *st,
                           Plan *plans, size_t n, const uint8_t *hidden, int nh, double *value, int *weighed,
                           int *worlds) {
    uint64_t rng = 0x9E3779B97F4A7C15ULL ^ (uint64_t)(uint32_t)st->seed * 0xBF58476D1CE4E5B9ULL;
    int oom = 0, left = 0;
    for (size_t i = 0; i < n; i++) left += !weighed[i];
    if (!left) return 0;
    Outcomes *sum = calloc(n, sizeof(Outcomes)), *kept = calloc(n, sizeof(Outcomes));
    for (*worlds = 0; sum && kept && *worlds < st->worlds; ++*worlds) {
        if (*worlds > 0 && out_of_time(P)) break;
        Search W = *S;
        State world = *root;
        determinize(&W.g, &world, hidden, nh, &rng);
        for (size_t i = 0; i < n && !oom; i++)
            if (!weighed[i])
                outcome_add(&sum[i], after_plan(P, &W, &world, &plans[i], st->after_positions, &oom), 1,
                            st->caution);
        if (oom || (*worlds > 0 && out_of_time(P))) break; /* cut short by the deadline: this one is dropped */
        memcpy(kept, sum, n * sizeof(Outcomes));
    }
    int code = !sum || !kept || oom ? WISP_ERROR : 0;
    for (size_t i = 0; i < n && !code; i++)
        if (!weighed[i]) value[i] = outcome_value(&kept[i], st->caution), weighed[i] = 1;
    free(sum), free(kept);
    return code;
}

/*
 * look_past: the worth of the position s after a reveal (in the arrangement W) is what the best next plan from
 * it will most likely leave: the plans a search of after_positions finds from s, the best 3 that turn a card and
 * the best 2 that deal by their static cost, each weighed in look_past fresh arrangements of the cards still
 * hidden (the same for every plan, and for every earlier plan that leaves the same cards hidden: the seed and
 * the hidden multiset choose them), a third of after_positions searched after each reveal; the lowest mean.
 * With no plan in reach, the best cost within reach.
 */
static int32_t next_plan_value(Planner *P, Search *W, const State *s, const wisp_plan_settings *st, int *oom) {
    size_t n = 0;
    int32_t best = stage_search(P, W, s, st->after_positions, &P->next, &P->next_plans, &n, oom);
    uint8_t hidden[MAXC];
    int nh = hidden_cards(&W->g, s, hidden);
    if (*oom || n == 0 || nh == 0 || out_of_time(P)) return best; /* out of time: the caller drops the round */
    Plan *plans = P->next_plans.p;
    n = shortlist(plans, n, 3, 2);
    if (n == 0 || plans[0].cost == WON_COST) return n ? WON_COST : best;
    double sum[5] = {0};
    uint64_t rng =
        0x2545F4914F6CDD1DULL ^ hash_bytes(hidden, nh) ^ (uint64_t)(uint32_t)st->seed * 0x9E3779B97F4A7C15ULL;
    for (int k = 0; k < st->look_past && !*oom && !out_of_time(P); k++) {
        Search V = *W;
        State world = *s;
        determinize(&V.g, &world, hidden, nh, &rng);
        for (size_t i = 0; i < n && !*oom; i++) {
            State t = world;
            play_plan(&P->next.store, &V, &t, &plans[i]);
            sum[i] += is_won(&t) ? WON_COST
                                 : stage_search(P, &V, &t, st->after_positions / 3, &P->after, NULL, NULL, oom);
        }
    }
    double low = sum[0];
    for (size_t i = 1; i < n; i++)
        if (sum[i] < low) low = sum[i];
    return (int32_t)(low / st->look_past);
}

/*
 * look_past: the look_plans plans of lowest value are weighed again, each outcome of its reveal (each card a
 * turn of one card may show, with its share; else `worlds` fresh arrangements, the same for every such plan)
 * worth the best next plan's value from there (next_plan_value). Round r takes the r-th card (in a random order
 * from the seed) of each plan that turns one and the r-th arrangement of each other plan; a round the deadline
 * cuts short is dropped. The plan of lowest mean over the rounds kept; `best` when no round was kept.
 */
static size_t look_past_choice(Planner *P, const Search *S, const State *root, const wisp_plan_settings *st,
                               const Plan *plans, size_t n, const double *value, const int *weighed,
                               const uint8_t *hidden, int nh, size_t best, int *oom) {
    size_t pick[16], m = 0;
    int place[16], first[MAXC], copies[MAXC], kinds = 0, rounds = 0;
    while (m < (size_t)st->look_plans && m < 16) { /* the plans of lowest value, best first */
        size_t at = n;
        for (size_t i = 0; i < n; i++) {
            int taken = 0;
            for (size_t j = 0; j < m; j++) taken |= pick[j] == i;
            if (weighed[i] && !taken && (at == n || value[i] < value[at])) at = i;
        }
        if (at == n) break;
        pick[m++] = at;
    }
    if (m < 2 || out_of_time(P)) return best;
    uint64_t rng = 0xA0761D6478BD642FULL ^ (uint64_t)(uint32_t)st->seed * 0xE7037ED1A0B428DBULL;
    kinds = card_kinds(hidden, nh, &rng, first, copies);
    for (size_t i = 0; i < m; i++) {
        place[i] = plans[pick[i]].deal || !st->exact_turns ? -1 : turned_place(P, S, root, &plans[pick[i]]);
        int want = place[i] >= 0 ? kinds : st->worlds;
        if (want > rounds) rounds = want;
    }
    double sum[16] = {0}, weight[16] = {0}, kept_sum[16] = {0}, kept_weight[16] = {0};
    int kept = 0;
    for (int r = 0; r < rounds && !*oom; r++) {
        Search W = *S, D = *S;
        State world = *root, dealt = *root;
        uint8_t rest[MAXC];
        if (r < kinds) { /* the r-th card in the turned place, the others in order: nothing reads them */
            int k = first[r];
            memcpy(rest, hidden, k), memcpy(rest + k, hidden + k + 1, nh - k - 1);
            for (int j = world.pos, at = nh - 1 - (W.g.stream_len - world.pos); j < W.g.stream_len; j++)
                W.g.stream[j] = rest[at++];
        }
        determinize(&D.g, &dealt, hidden, nh, &rng);
        for (size_t i = 0; i < m && !*oom && !out_of_time(P); i++) {
            int turn = place[i] >= 0;
            if (turn ? r >= kinds : r >= st->worlds) continue;
            State s = turn ? world : dealt;
            Search *V = turn ? &W : &D;
            if (turn)
                for (int p = 0, at = 0; p < V->g.npiles; p++)
                    for (int j = 0; j < s.down[p]; j++)
                        s.c[p][j] = p * MAXC + j == place[i] ? hidden[first[r]] : rest[at++];
            play_plan(&P->root.store, V, &s, &plans[pick[i]]);
            double c = is_won(&s) ? WON_COST : next_plan_value(P, V, &s, st, oom), w = turn ? copies[r] : 1;
            sum[i] += w * c, weight[i] += w;
        }
        if (*oom || out_of_time(P)) break; /* cut short by the deadline: this round is dropped */
        memcpy(kept_sum, sum, sizeof sum), memcpy(kept_weight, weight, sizeof weight), kept = r + 1;
    }
    if (*oom || !kept) return best;
    size_t choice = pick[0];
    double low = kept_sum[0] / kept_weight[0];
    for (size_t i = 1; i < m; i++)
        if (kept_weight[i] > 0 && kept_sum[i] / kept_weight[i] < low)
            low = kept_sum[i] / kept_weight[i], choice = pick[i];
    return choice;
}

/*
 * solve_hidden: when few cards are hidden the solver weighs the plans. Each is played in `worlds` fresh
 * arrangements of the hidden cards (the same for every plan) and the position after it solved, seeing every
 * card, within solve_positions; the plan won in the most arrangements is chosen (one the budget leaves unsettled
 * counts half), ties to the plan chosen before, then to the lowest value. An arrangement the deadline cuts short
 * is dropped; `best` when none is complete. *solved: the arrangements kept.
 */
static size_t solve_choice(Planner *P, const Search *S, const State *root, const wisp_plan_settings *st,
                           const Plan *plans, size_t n, const double *value, const int *weighed,
                           const uint8_t *hidden, int nh, size_t best, int64_t *solved) {
    uint64_t rng = 0x94D049BB133111EBULL ^ (uint64_t)(uint32_t)st->seed * 0x2545F4914F6CDD1DULL;
    double won[16] = {0}, kept[16] = {0};
    int complete = 0;
    if (n > 16) n = 16;
    for (int r = 0; r < st->worlds && !out_of_time(P); r++) {
        Search V = *S;
        State world = *root;
        determinize(&V.g, &world, hidden, nh, &rng);
        for (size_t i = 0; i < n && !out_of_time(P); i++) {
            Search X = *P->solver;
            State s = world;
            wisp_stats ws;
            LineOut none = {NULL, 0, 0};
            memset(&ws, 0, sizeof ws);
            play_plan(&P->root.store, &V, &s, &plans[i]);
            X.g = V.g, X.positions = 1, X.max_positions = st->solve_positions, X.deadline = P->deadline;
            X.cancel = P->cancel, X.stats = &ws;
            int result = solve_state(&X, &s, &none);
            won[i] += result == WISP_WON ? 1 : result == WISP_LOST ? 0 : 0.5;
            P->positions += ws.positions;
        }
        if (out_of_time(P)) break; /* cut short by the deadline: this arrangement is dropped */
        memcpy(kept, won, sizeof won), complete = r + 1;
    }
    *solved = complete;
    if (!complete) return best;
    size_t choice = best;
    for (size_t i = 0; i < n; i++)
        if (weighed[i] && (kept[i] > kept[choice] || (kept[i] == kept[choice] && choice != best &&
                                                      value[i] < value[choice])))
            choice = i;
    return choice;
}

/* The facts "card x lies on y" of a position, y a card (bytes below 64), pile p's floor (64 + p) or its
 * face-down cards (64 + MAXP + p): those of the position wanted, counted, and a scratch count. */
#define BELOW_KINDS (64 + 2 * MAXP)
typedef struct {
    uint8_t want[64][BELOW_KINDS], seen[64][BELOW_KINDS];
    int total;
} Facts;

static int lies_on(const State *s, int p, int i) {
    return i == 0 ? 64 + p : i == s->down[p] ? 64 + MAXP + p : s->c[p][i - 1];
}

/* How many of the wanted facts s lacks. A move changes one fact (where the lowest card it moves lies), so this
 * is about the fewest moves still needed: the guide of the search for the shortest way. */
static int facts_missing(Facts *F, const Game *g, const State *s) {
    int met = 0;
    for (int p = 0; p < g->npiles; p++)
        for (int i = s->down[p]; i < s->n[p]; i++) {
            int card = s->c[p][i] & 63, below = lies_on(s, p, i);
            met += F->seen[card][below]++ < F->want[card][below];
        }
    for (int p = 0; p < g->npiles; p++)
        for (int i = s->down[p]; i < s->n[p]; i++) F->seen[s->c[p][i] & 63][lies_on(s, p, i)] = 0;
    return F->total - met;
}

/*
 * The fewest moves that reveal nothing from root to target, into out: an A* search guided by facts_missing, of
 * at most limit positions. A search reaches a position by whatever way it met it first, at times dozens of
 * moves that shift cards back and forth; the same position by fewer moves is the same plan, and a person can
 * follow it. The way's length, or -1 when no way shorter than `longest` is found within the limit, the time or
 * memory.
 */
static int fewest_moves(Planner *P, const Search *S, const State *root, const State *target, int longest,
                        int64_t limit, int32_t *out) {
    const Game *g = &S->g;
    uint8_t want[KEYMAX], key[KEYMAX];
    Move moves[MAXMOVES];
    Effect fx[MAXFX];
    State s = *target;
    Arena *A = &P->after;
    Facts *F = calloc(1, sizeof(Facts));
    int found = -1;
    if (!F) return -1;
    int want_len = position_key(g, &s, want, 0);
    for (int p = 0; p < g->npiles; p++)
        for (int i = s.down[p]; i < s.n[p]; i++) F->want[s.c[p][i] & 63][lies_on(&s, p, i)]++, F->total++;
    arena_reset(A);
    if (hashset_add(&A->seen, state_hash(g, root, 0)) < 0 || store_add(&A->store, g, -1, 0, root, 0) < 0 ||
        !heap_push(&A->heap, &A->nheap, prio_item(facts_missing(F, g, root), 0)))
        goto done;
    for (int64_t expanded = 0; A->nheap && expanded < limit && found < 0; expanded++) {
        if ((expanded & 63) == 63 && out_of_time(P)) break;
        int32_t at = prio_id(heap_pop(&A->heap, &A->nheap));
        int depth = store_node(&A->store, at)->depth;
        store_state(&A->store, g, at, &s);
        if (position_key(g, &s, key, 0) == want_len && !memcmp(key, want, (size_t)want_len)) {
            found = at;
            break;
        }
        int nm = gen_moves((Search *)S, &s, moves, 1);
        P->positions++;
        for (int i = 0; i < nm; i++) {
            Move m = moves[i];
            int nfx = apply(g, &s, &m, fx), fail = 0;
            if (!is_won(&s) && !uses_stock(&m) && !turned_any(fx, nfx)) {
                int fresh = hashset_add(&A->seen, state_hash(g, &s, 0));
                int left = fresh > 0 ? facts_missing(F, g, &s) : 0, f = depth + 1 + left;
                if (fresh > 0 && f < longest) { /* else no shorter way through it */
                    int32_t child = store_add(&A->store, g, at, encode_move(&m), &s, (uint16_t)(depth + 1));
                    fail = child < 0 || !heap_push(&A->heap, &A->nheap, prio_item(f * 256 + left, child));
                }
                fail |= fresh < 0;
            }
            unapply(g, &s, &m, fx, nfx);
            if (fail) goto done;
        }
    }
done:
    free(F);
    return found >= 0 ? path_to(&A->store, found, out, MAX_PLAN) : -1;
}

/* The fewest moves from root to the position of the root search's node id (the plan chosen): fewest_moves. */
static int shortest_path(Planner *P, const Search *S, const State *root, int32_t id, int longest, int64_t limit,
                         int32_t *out) {
    State target;
    store_state(&P->root.store, &S->g, id, &target);
    return fewest_moves(P, S, root, &target, longest, limit, out);
}

/* The plan (internal move codes), its length, or a negative enum wisp_result. */
static int choose(Planner *P, const Search *S, const State *root, const wisp_plan_settings *st, int32_t *out,
                  int64_t cap, wisp_plan_stats *stats) {
    uint8_t hidden[MAXC];
    int nh = hidden_cards(&S->g, root, hidden), oom = 0;
    size_t nplans = 0;
    if (nh == 0) return 0; /* nothing is hidden: the solver's turn (players.py) */
    stage_search(P, S, root, st->root_positions, &P->root, &P->plans, &nplans, &oom);
    if (!oom && nplans == 0 && st->stuck_positions > st->root_positions && !out_of_time(P))
        stage_search(P, S, root, st->stuck_positions, &P->root, &P->plans, &nplans, &oom);
    if (oom) return WISP_ERROR;
    stats->plans = (int64_t)nplans;
    if (nplans == 0) return 0;
    Plan *plans = P->plans.p;
    int deals = st->deal_plans;
    for (size_t i = 0; i < nplans && st->dig_first && deals; i++)
        if (!plans[i].deal) deals = 0; /* a card can be turned: no plan that deals is weighed */
    size_t n = shortlist(plans, nplans, st->turn_plans, deals), best = 0;
    if (n == 0) n = 1; /* the settings weigh no plan of the kinds found: the cheapest (plans are sorted) */
    stats->weighed = (int64_t)n;
    if (plans[0].cost == WON_COST) n = 1; /* a plan that wins: nothing to weigh */
    double *value = calloc(n, sizeof(double));
    int *weighed = calloc(n, sizeof(int));
    int worlds = 0, cards = 0, code = 0;
    if (!value || !weighed) code = WISP_ERROR;
    if (!code && n > 1 && st->exact_turns)
        code = weigh_turns(P, S, root, st, plans, n, hidden, nh, value, weighed, &cards);
    if (!code && n > 1) code = weigh_in_worlds(P, S, root, st, plans, n, hidden, nh, value, weighed, &worlds);
    for (size_t i = 1; i < n && !code; i++)
        if (weighed[i] && (!weighed[best] || value[i] < value[best])) best = i;
    if (!code && n > 1 && st->look_past > 0) {
        best = look_past_choice(P, S, root, st, plans, n, value, weighed, hidden, nh, best, &oom);
        if (oom) code = WISP_ERROR;
    }
    if (!code && n > 1 && nh <= st->solve_hidden && best < 16)
        best = solve_choice(P, S, root, st, plans, n, value, weighed, hidden, nh, best, &stats->solved);
    for (size_t i = 0; i < n && n > 1 && !code; i++) stats->weighed -= !weighed[i]; /* none should be left out */
    stats->worlds = worlds, stats->cards = cards;
    stats->value = n > 1 && !code ? (int64_t)value[best] : plans[best].cost;
    free(value), free(weighed);
    if (code) return code;
    int32_t path[MAX_PLAN], shorter[MAX_PLAN];
    int len = path_to(&P->root.store, plans[best].node, path, MAX_PLAN);
    int fewer = len > 1 && st->shortest_positions > 0
                    ? shortest_path(P, S, root, plans[best].node, len, st->shortest_positions, shorter) : -1;
    if (fewer >= 0 && fewer < len) memcpy(path, shorter, (size_t)fewer * sizeof(int32_t)), len = fewer;
    if (len < 0 || len + 1 > cap) return WISP_ERROR;
    memcpy(out, path, (size_t)len * sizeof(int32_t));
    out[len] = plans[best].move;
    return len + 1;
}

static int check_settings(const wisp_plan_settings *st) {
    if (!st || st->version != WISP_ABI_VERSION || st->size != sizeof(wisp_plan_settings)) return WISP_BAD_SPEC;
    if (st->root_positions < 1 || st->stuck_positions < 0 || st->turn_plans < 0 || st->deal_plans < 0 ||
        st->turn_plans + st->deal_plans < 1 || st->worlds < 1 || st->after_positions < 0 ||
        (st->exact_turns != 0 && st->exact_turns != 1) || st->caution < 0 ||
        (st->dig_first != 0 && st->dig_first != 1) || st->shortest_positions < 0 || st->look_past < 0 ||
        st->look_plans < 1 || st->solve_hidden < 0 || st->solve_positions < 1)
        return WISP_BAD_SPEC;
    return 0;
}

/* The plan from (S, root) in internal move codes: see wisp_plan. */
int plan_position(const wisp_plan_settings *settings, const Search *S, const State *root, double time_limit,
                  volatile int32_t *cancel, int32_t *out_moves, int64_t cap, wisp_plan_stats *stats) {
    Planner P;
    memset(&P, 0, sizeof P);
    P.plans = (Buf){0, 0, sizeof(Plan)};
    P.next_plans = (Buf){0, 0, sizeof(Plan)};
    P.deadline = time_limit > 0 ? now_seconds() + time_limit : 0;
    P.cancel = cancel, P.solver = S;
    if (!arena_init(&P.root) || !arena_init(&P.after) || !arena_init(&P.next)) {
        arena_free(&P.root), arena_free(&P.after), arena_free(&P.next);
        return WISP_ERROR;
    }
    Search W = *S;
    W.use_order = 0, W.noise = 0, W.visible_only = 1; /* the guide reads face-up cards only */
    int n = choose(&P, &W, root, settings, out_moves, cap, stats);
    stats->positions = P.positions;
    if (n >= 0 && cancel && *cancel) n = WISP_PLAN_CANCELLED;
    arena_free(&P.root), arena_free(&P.after), arena_free(&P.next);
    free(P.plans.p), free(P.next_plans.p);
    return n;
}

int wisp_plan(const wisp_spec *spec, const wisp_plan_settings *settings, const uint8_t *blob, int64_t blob_len,
              double time_limit, volatile int32_t *cancel, int32_t *out_moves, int64_t cap, wisp_plan_stats *stats) {
    Search S;
    State root;
    if (!stats) return WISP_BAD_SPEC;
    memset(stats, 0, sizeof *stats);
    int code = check_settings(settings);
    if (!code) code = read_input(spec, blob, blob_len, &S, &root);
    if (code) return code;
    if (cap < 0 || (cap > 0 && !out_moves)) return WISP_TOO_BIG;
    int n = plan_position(settings, &S, &root, time_limit, cancel, out_moves, cap, stats);
    for (int i = 0; i < n; i++) out_moves[i] = public_move(out_moves[i]);
    return n;
}

/* The fewest moves that reveal nothing from one position to another (see wisp.h). */
int wisp_fewest_moves(const wisp_spec *spec, const uint8_t *from, int64_t from_len, const uint8_t *to,
                      int64_t to_len, int64_t max_positions, int32_t longest, int32_t *out_moves, int64_t cap) {
    Search S, T;
    State start, target;
    int code = read_input(spec, from, from_len, &S, &start);
    if (!code) code = read_input(spec, to, to_len, &T, &target);
    if (code) return code;
    if (max_positions < 1 || longest < 1 || cap < 0 || (cap > 0 && !out_moves)) return WISP_BAD_SPEC;
    Planner P; /* fewest_moves uses its `after` arena only */
    memset(&P, 0, sizeof P);
    if (!arena_init(&P.after)) {
        arena_free(&P.after);
        return WISP_ERROR;
    }
    int32_t path[MAX_PLAN];
    int n = fewest_moves(&P, &S, &start, &target, longest < MAX_PLAN ? longest : MAX_PLAN, max_positions, path);
    arena_free(&P.after);
    if (n < 0) return WISP_NOT_FOUND;
    if (n > cap) return WISP_ERROR;
    for (int i = 0; i < n; i++) out_moves[i] = public_move(path[i]);
    return n;
}
