/*
 * core.h: what the core's files share (not part of the ABI; see wisp.h for that).
 *
 * Rooms: rules.c (moves, apply/unapply, settle), dead.c (dead-position tests), table.c (keys, the exact
 * transposition table, the node store, buffers, the heap), heuristic.c, dfs.c, best_first.c, beam.c (the
 * searches), entry.c (reading the spec and the position, wisp_solve), planner.c (the no-peek planner,
 * wisp_plan), hooks.c (test build only).
 *
 * Cards are bytes rank << 2 | suit (rank 1..13), as in wispwidget.cards.
 */
#ifndef WISP_CORE_H
#define WISP_CORE_H

#define _POSIX_C_SOURCE 199309L
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "wisp.h"

/* The core's limits (checked when a spec and position are read, reported by wisp_abi). */
#define MAXP 16       /* tableau piles */
#define MAXC 128      /* cards in play: tableau, waste and stock (so in one pile too) */
#define MAXSTREAM 128 /* initial waste + stock */
#define MAXF 16       /* foundation piles */
#define MAXRANK 13    /* ranks 1..13: a card is a byte below 64 */
#define KEYMAX (MAXC + MAXP + 1 + 16 + MAXF + 8)
/* Effects of one move: each card can turn once and each finished run leave once, per move. */
#define MAXFX (2 * MAXC + MAXP + 8)
/* Moves of one position, bounded from the limits: runs of at most MAXRANK cards from each pile to each
 * other pile, each pile's top to each foundation, the waste top anywhere, foundation tops to piles and to
 * other foundations, and the stock. */
#define MAXMOVES (MAXP * MAXRANK * (MAXP - 1) + MAXP * MAXF + MAXP + MAXF + MAXF * MAXP + MAXF * MAXF + 1)

#define RANK(c) ((c) >> 2)
#define SUIT(c) ((c)&3)

/* The game as the core plays it: the rules and the deal's stream (waste then stock), read-only once read. */
typedef struct {
    int npiles, top, any_suit, movable, empty_any, to_waste, removes_runs, deal_blocked, nfound, found_to_tab,
        ace_between;
    int use_dominance, dead_test, run_test;
    int stream_len, waste0;
    uint8_t stream[MAXSTREAM];
} Game;

typedef struct {
    uint8_t n[MAXP], down[MAXP];
    uint8_t c[MAXP][MAXC];
    int pos;             /* stream cards before pos have left the stock */
    uint64_t present[2]; /* waste games: drawn stream cards still on the waste */
    uint8_t found[MAXF]; /* top card of each foundation, 0 when empty */
    int finished;        /* Spider family: runs that have left */
    int left;            /* cards on the tableau, waste and stock */
} State;

typedef struct {
    uint8_t kind, src, dst, count;
    int score;
} Move;

typedef struct {
    uint8_t kind, pile, data;
} Effect; /* 0 = turned a card in pile; 1 = removed a run of suit data from pile */

/* Where a search writes a winning line. */
typedef struct {
    int32_t *moves;
    int64_t cap, len;
} LineOut;

/*
 * One solve's context: the game and the spec (both read-only), and what the searches change: the weights
 * in force (the spec's, jittered by later beam tries), the random state, the position count and the stats.
 */
typedef struct {
    Game g;
    const wisp_spec *spec;
    int w[WISP_WEIGHTS];
    uint64_t rng;
    int use_tt, use_order, noise;
    int visible_only; /* the heuristic reads face-up cards only (the no-peek planner's searches) */
    int draw_then_play_from; /* draw_then_play (rules.c) holds past this stock place: the depth-first root's */
    int64_t positions, max_positions;
    double deadline;
    volatile int32_t *cancel;
    wisp_stats *stats;
} Search;

/* Whether face-up card `above`, lying on face-up card `below`, moves together with it (the game's rule). */
static inline int moves_with(const Game *g, uint8_t below, uint8_t above) {
    return g->movable != WISP_MOVABLE_SINGLE_CARD && RANK(below) == RANK(above) + 1 &&
           (g->movable == WISP_MOVABLE_ANY_RUN || SUIT(below) == SUIT(above));
}

/* rules.c */
int splits_run(const Game *g, const State *s, const Move *m);
int apply(const Game *g, State *s, const Move *m, Effect *fx);
void settle_all(const Game *g, State *s);
void unapply(const Game *g, State *s, const Move *m, const Effect *fx, int nfx);
int gen_moves(Search *S, const State *s, Move *out, int pruned);
uint64_t next_random(Search *S);
int32_t encode_move(const Move *m);
void decode_move(int32_t x, Move *m);
int32_t public_move(int32_t code);
static inline int is_won(const State *s) { return s->left == 0; }

/* dead.c */
int dead(const Game *g, const State *s);
int dead_after(const Game *g, const Move *m, const State *s);

/* heuristic.c */
int32_t heuristic(const Search *S, const State *s);
#define FACT_WORDS (64 * 64 / 64)
int new_facts(const Game *g, const State *s, uint64_t *seen);

/* table.c: growable buffers */
typedef struct {
    void *p;
    size_t cap, size;
} Buf;
int buf_reserve(Buf *b, size_t items);

/* table.c: exact transposition table. A slot's key lives in the arena at off_lo | off_hi << 32; len 0 marks
 * an empty slot (a key is never empty). */
typedef struct {
    uint32_t hash; /* the key's hash (its low 32 bits) */
    uint32_t off_lo;
    uint16_t len;
    uint16_t off_hi;
    int32_t id; /* what the key stands for, where a search keeps that (beam_search: its node) */
} Slot;

typedef struct {
    Slot *slots;
    size_t cap, count;
    uint8_t *arena;
    size_t arena_len, arena_cap;
} Table;

int table_init(Table *t);
void table_free(Table *t);
int table_insert_id(Table *t, const uint8_t *key, int len, int32_t **slot_id);
static inline int table_insert(Table *t, const uint8_t *key, int len) { return table_insert_id(t, key, len, NULL); }
static inline size_t table_bytes(const Table *t) { return t->cap * sizeof(Slot) + t->arena_cap; }
int make_key(const Game *g, const State *s, uint8_t *key);
int position_key(const Game *g, const State *s, uint8_t *key, int alike);
uint64_t hash_bytes(const uint8_t *p, int n);

/* table.c: the node store, positions kept so that a line can be read back */
typedef struct {
    int32_t parent, move;
    uint32_t off_lo;
    uint16_t off_hi;
    uint16_t depth;
} Node;

typedef struct {
    Buf nodes, arena;
    size_t n, arena_len;
} NodeStore;

void store_init(NodeStore *ns);
int32_t store_add(NodeStore *ns, const Game *g, int32_t parent, int32_t move, const State *st, uint16_t depth);
static inline const Node *store_node(const NodeStore *ns, int32_t id) { return (const Node *)ns->nodes.p + id; }
void store_state(const NodeStore *ns, const Game *g, int32_t id, State *st);
size_t store_bytes(const NodeStore *ns);
void store_free(NodeStore *ns);
int node_line(const NodeStore *ns, int32_t parent, int32_t last, LineOut *out);

/* table.c: a binary min-heap of int64 items */
int heap_push(Buf *h, size_t *n, int64_t key);
int64_t heap_pop(Buf *h, size_t *n);
/* A heap item: priority << 32 | ~id, so a min-heap pops the lowest score, ties to the newest node. */
static inline int64_t prio_item(int64_t priority, int32_t id) { return priority * 4294967296LL + (0xFFFFFFFFLL - id); }
static inline int32_t prio_id(int64_t item) { return (int32_t)(0xFFFFFFFFLL - (item & 0xFFFFFFFFLL)); }
int cmp_int64(const void *x, const void *y);

/* the searches: dfs.c, best_first.c, beam.c */
double now_seconds(void);
/* Every 1024 positions: publish the count so far in S->stats; cancelled, past the deadline, or 0 to go on. */
int time_to_stop(const Search *S);
int dfs(Search *S, State *s, int64_t limit, LineOut *line, int64_t *peak_bytes);
int best_first(Search *S, State *root, LineOut *line);

typedef struct BeamMemo BeamMemo;
BeamMemo *memo_new(void);
void memo_free(BeamMemo *mm);
int beam_search(Search *S, State *root, int64_t width, LineOut *out, int *exhaustive, BeamMemo *mm);
int64_t saturating_mul(int64_t a, int64_t b);

/* entry.c: reading the spec and the position (also for hooks.c); a solve of a position read (also for planner.c) */
int read_input(const wisp_spec *spec, const uint8_t *blob, int64_t blob_len, Search *S, State *s);
int solve_state(Search *S, State *s, LineOut *line);

/* planner.c: the no-peek planner's plan from a position read (internal move codes; also for hooks.c) */
int plan_position(const wisp_plan_settings *settings, const Search *S, const State *root, double time_limit,
                  volatile int32_t *cancel, int32_t *out_moves, int64_t cap, wisp_plan_stats *stats);

#endif
