/*
 * wisp.h: the C solver core's public ABI (see docs/solver.md, "The C core").
 *
 * Python (wispwidget/search/native.py) reads this file: it builds its ctypes mirror of wisp_spec from the
 * WISP_SPEC_FIELDS list and its constants from the enums below, and refuses a library whose wisp_abi()
 * reports another version or other struct sizes. Adding a search setting is one line in WISP_SPEC_FIELDS
 * (and the field of the same name in native.Strategy); its meaning lives in the search that reads it.
 *
 * Everything here is plain C99 with fixed-size integer fields, so the struct layout is the same for every
 * compiler that targets one platform.
 */
#ifndef WISP_H
#define WISP_H

#include <stdint.h>

/* 5: wisp_plan_stats.cards; 7: wisp_spec.draw_then_play, worry_back_then_use */
#define WISP_ABI_VERSION 7

/* What a solve found, or why it could not start. */
enum wisp_result {
    WISP_LOST = 0,
    WISP_WON = 1,
    WISP_UNKNOWN = 2,
    WISP_CANCELLED = 3,
    WISP_ERROR = -1,        /* out of memory, or a line longer than the room given for it */
    WISP_BAD_SPEC = -2,     /* the spec's version, size or a value the core does not know */
    WISP_BAD_POSITION = -3, /* the position bytes do not read as a position of the spec's game */
    WISP_TOO_BIG = -4,      /* the game is beyond the core's limits (wisp_abi: max_piles, ...) */
    WISP_PLAN_CANCELLED = -5, /* wisp_plan was cancelled (its other results are plan lengths) */
    WISP_NOT_FOUND = -6       /* wisp_fewest_moves found no way shorter than the one it was given */
};

/* Moves as the core encodes them: kind << 24 | src << 16 | dst << 8 | count. */
enum wisp_move_kind {
    WISP_T2T = 0, WISP_T2F = 1, WISP_W2T = 2, WISP_W2F = 3, WISP_F2T = 4, WISP_F2F = 5, WISP_DEAL = 6, WISP_DRAW = 7
};

/* The rules, one enum per rule of wispwidget.games.spec. */
enum wisp_build { WISP_BUILD_SAME_SUIT = 0, WISP_BUILD_ANY_SUIT = 1 };
enum wisp_movable { WISP_MOVABLE_SUITED_RUN = 0, WISP_MOVABLE_ANY_RUN = 1, WISP_MOVABLE_SINGLE_CARD = 2 };
enum wisp_empty_pile { WISP_EMPTY_TOP_RANK_ONLY = 0, WISP_EMPTY_ANY = 1 };
enum wisp_stock { WISP_STOCK_DEAL_TO_PILES = 0, WISP_STOCK_DRAW_TO_WASTE = 1 };
enum wisp_foundations { WISP_FOUNDATIONS_BUILD_UP_IN_SUIT = 0, WISP_FOUNDATIONS_REMOVE_RUNS = 1 };
enum wisp_algorithm { WISP_ALG_BEAM = 0, WISP_ALG_RESTARTS = 1, WISP_ALG_DFS = 2, WISP_ALG_BEST_FIRST = 3 };

#define WISP_WEIGHTS 16

/*
 * The spec: the game's rules, the pruning switches and the search settings, read-only during a solve.
 * F(type, name, doc) is one field, A(type, name, count, doc) an array. Keep one field per line: Python
 * parses this list.
 */
#define WISP_SPEC_FIELDS(F, A)                                                                                 \
    /* rules */                                                                                                \
    F(int32_t, piles, "tableau piles")                                                                         \
    F(int32_t, top_rank, "the deck's highest rank")                                                            \
    F(int32_t, suits, "suits in the deck")                                                                     \
    F(int32_t, copies, "copies of the deck")                                                                   \
    F(int32_t, build, "enum wisp_build")                                                                       \
    F(int32_t, movable, "enum wisp_movable")                                                                   \
    F(int32_t, empty_pile, "enum wisp_empty_pile")                                                             \
    F(int32_t, stock, "enum wisp_stock")                                                                       \
    F(int32_t, foundations, "enum wisp_foundations")                                                           \
    F(int32_t, deal_needs_no_empty_pile, "0 or 1")                                                             \
    F(int32_t, foundation_piles, "building foundations (0 where runs are removed)")                            \
    F(int32_t, foundation_to_tableau, "0 or 1")                                                                \
    F(int32_t, ace_between_foundations, "0 or 1")                                                              \
    /* pruning switches (1 = on); the sound ones only where Python found them sound */                        \
    F(int32_t, transpositions, "exact transposition table")                                                   \
    F(int32_t, ordering, "move ordering")                                                                      \
    F(int32_t, dominance, "an Ace goes to a foundation at once")                                              \
    F(int32_t, dead_test, "waste games: prune positions where a card can never reach a foundation")           \
    F(int32_t, run_test, "Spider family, one deck: prune positions where a suit can never be finished")       \
    F(int32_t, draw_then_play, "waste games: a card the search drew is played or covered before other moves")  \
    F(int32_t, worry_back_then_use, "depth-first: a card brought back from a foundation is used by the next move") \
    /* search settings: the fields of native.Strategy */                                                      \
    F(int32_t, algorithm, "enum wisp_algorithm")                                                              \
    A(int32_t, weights, WISP_WEIGHTS, "heuristic weights (heuristic.c)")                                      \
    F(int32_t, noise, "random spread added to move-ordering scores")                                          \
    F(int32_t, seed, "the search's random seed")                                                              \
    F(int32_t, restart_chunk, "restarts: the first restart's size; beam: the depth-first search tried first") \
    F(int32_t, beam_width, "beam: the first beam's width")                                                    \
    F(int32_t, stage_cap, "beam: positions explored per unit of width in a stage with stock left")           \
    F(int32_t, final_cap, "beam: the same once the stock is used up")                                         \
    F(int32_t, beam_growth, "beam: each width is this many percent of the last")                              \
    F(int32_t, beam_tries, "beam: searches at each width")                                                    \
    F(int32_t, beam_jitter, "beam: later tries scale each weight by 100 +- this many percent")                \
    F(int32_t, final_dfs, "beam: > 0, the last stage is a depth-first search this big per member")           \
    F(int32_t, novelty, "beam: added to the priority of a position with no new card-on-card fact")            \
    F(int32_t, stall, "beam: once a beam left something out, a line ends after this many without gain")      \
    F(int32_t, whole_runs, "beam: once a beam left something out, no move splits a run")

#define WISP_SPEC_FIELD_(type, name, doc) type name;
#define WISP_SPEC_ARRAY_(type, name, count, doc) type name[count];

typedef struct wisp_spec {
    uint32_t version; /* WISP_ABI_VERSION */
    uint32_t size;    /* sizeof(wisp_spec) */
    WISP_SPEC_FIELDS(WISP_SPEC_FIELD_, WISP_SPEC_ARRAY_)
} wisp_spec;

/*
 * The no-peek planner's settings (planner.c), read-only during a plan; the same list form as the spec's.
 */
#define WISP_PLAN_FIELDS(F, A)                                                                                 \
    F(int32_t, root_positions, "positions the search from the position examines for plans")                  \
    F(int32_t, stuck_positions, "the same, once more, when the first search found no plan")                   \
    F(int32_t, turn_plans, "plans that turn a card weighed in full (the best by their cost)")                 \
    F(int32_t, deal_plans, "plans that deal or draw weighed in full (the best by their cost)")                \
    F(int32_t, worlds, "arrangements of the hidden cards each plan is weighed in")                           \
    F(int32_t, after_positions, "positions searched after a plan's revealing move, in each arrangement")      \
    F(int32_t, exact_turns, "1: a plan that turns one card is weighed over every card it may show")         \
    F(int32_t, caution, "0: a plan's value is the mean of its costs; T > 0: their soft maximum at T")          \
    F(int32_t, dig_first, "1: no plan that deals is weighed while a plan that turns a card is in reach")      \
    F(int32_t, shortest_positions, "positions the search for the fewest moves to the chosen plan examines")   \
    F(int32_t, look_past, "0: off; N: the best plans weighed again by the next plan's value, in N arrangements") \
    F(int32_t, look_plans, "how many of the best plans look_past weighs again")                               \
    F(int32_t, solve_hidden, "0: off; H: with at most H cards hidden, the plans are weighed by the solver")     \
    F(int32_t, solve_positions, "positions each of solve_hidden's solves examines")                          \
    F(int32_t, seed, "the planner's random seed")

typedef struct wisp_plan_settings {
    uint32_t version; /* WISP_ABI_VERSION */
    uint32_t size;    /* sizeof(wisp_plan_settings) */
    WISP_PLAN_FIELDS(WISP_SPEC_FIELD_, WISP_SPEC_ARRAY_)
} wisp_plan_settings;

/* What a plan measured. */
typedef struct wisp_plan_stats {
    int64_t positions; /* positions expanded by all of its searches */
    int64_t plans;     /* plans found */
    int64_t weighed;   /* plans weighed (those that turn one card over `cards`, the others in `worlds`) */
    int64_t worlds;    /* arrangements they were weighed in (fewer than asked when time ran out) */
    int64_t cards;     /* cards each plan that turns one was weighed over (fewer than may show when time ran out) */
    int64_t value;     /* the chosen plan's mean cost over them (the heuristic's scale, lower is better) */
    int64_t solved;    /* arrangements the solver weighed the plans in (solve_hidden), 0 when it did not */
} wisp_plan_stats;

/* What a solve measured. */
typedef struct wisp_stats {
    int64_t positions;   /* distinct positions examined */
    int64_t line_length; /* moves of the winning line written */
    int64_t table_bytes; /* peak bytes of the search's tables, node stores and queues */
    int64_t max_depth;   /* deepest depth-first path, or the line's length */
    int64_t moves;       /* moves generated */
    int64_t passes;      /* searches run (depth-first, restarts, beams) */
} wisp_stats;

/* The ABI and the core's limits, for the loader's check and the encoder's refusals. */
typedef struct wisp_abi_info {
    uint32_t version, spec_size, stats_size, info_size, plan_settings_size, plan_stats_size;
    int32_t max_piles, max_cards, max_foundations, max_stream, max_moves, max_rank;
} wisp_abi_info;

void wisp_abi(wisp_abi_info *out);

/* Solve from a position (blob: see entry.c). Returns enum wisp_result; on WISP_WON the line is in
 * out_moves[0 .. stats->line_length). cancel may be NULL; it is read while the search runs. */
int wisp_solve(const wisp_spec *spec, const uint8_t *blob, int64_t blob_len, int64_t max_positions,
               double time_limit, volatile int32_t *cancel, int32_t *out_moves, int64_t cap, wisp_stats *stats);

/* The no-peek planner (planner.c): from a position whose hidden cards (face down, and the stock) stand in an
 * order that says nothing (sorted), the moves up to and including the next one that reveals a card, chosen
 * without reading a hidden card. Returns the plan's length; 0 when nothing is hidden or no move reachable
 * reveals anything; or a negative enum wisp_result (WISP_PLAN_CANCELLED when cancel was set). time_limit > 0 bounds
 * the seconds it takes: the plans are then weighed in fewer arrangements (at least one). */
int wisp_plan(const wisp_spec *spec, const wisp_plan_settings *settings, const uint8_t *blob, int64_t blob_len,
              double time_limit, volatile int32_t *cancel, int32_t *out_moves, int64_t cap, wisp_plan_stats *stats);

/* The fewest moves from the position `from` to the position `to` (the same cards, the same stock) by moves that
 * reveal nothing: no card turned, no deal or draw (planner.c, fewest_moves: an A* search of at most
 * max_positions positions). A winning line's stretch between two reveals, made as short as it can be. Returns the
 * way's length, its moves (public codes) in out_moves; WISP_NOT_FOUND when no way of fewer than `longest` moves
 * was found; or another negative enum wisp_result. */
int wisp_fewest_moves(const wisp_spec *spec, const uint8_t *from, int64_t from_len, const uint8_t *to,
                      int64_t to_len, int64_t max_positions, int32_t longest, int32_t *out_moves, int64_t cap);

#ifdef WISP_TEST_HOOKS
/* Test build only (hooks.c): the legal moves (unpruned), one move applied, the dead-position test. */
int wisp_moves(const wisp_spec *spec, const uint8_t *blob, int64_t blob_len, int32_t *out, int64_t cap);
/* The moves the solver explores from the position (its pruning rules applied), in generation order, and, when
 * scores is not NULL, the ordering score of each (noise off): the search tries higher scores first. */
int wisp_explored_moves(const wisp_spec *spec, const uint8_t *blob, int64_t blob_len, int32_t *out,
                        int32_t *scores, int64_t cap);
int wisp_apply(const wisp_spec *spec, const uint8_t *blob, int64_t blob_len, int32_t move, uint8_t *out,
               int64_t cap);
int wisp_hopeless(const wisp_spec *spec, const uint8_t *blob, int64_t blob_len);
/* The planner plays a whole position (its hidden cards sorted before each plan), the solver once nothing is
 * hidden (with solve_spec: the planner's weights in spec may differ from the solver's): 1 won, 0 not;
 * out: moves played, plans, hidden cards left (benchmarks/planner_settings.py). */
int wisp_plan_selfplay(const wisp_spec *spec, const wisp_spec *solve_spec, const wisp_plan_settings *settings,
                       const uint8_t *blob, int64_t blob_len, int64_t endgame_positions, int32_t *out);
int wisp_test_offsets(int64_t start); /* the table's and node store's offsets past `start` bytes read back */
int wisp_test_canary(int32_t x);      /* x + INT32_MAX: undefined for x > 0, for the sanitizer run's check */
#endif

#endif
