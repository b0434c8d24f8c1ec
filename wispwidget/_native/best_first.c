/*
 * best_first.c: one complete best-first search on the heuristic plus w[6] per move of depth, with an exact
 * table; every position it keeps is a node, so a line is read back through the parent links. For
 * experiments (Strategy(algorithm="best-first")); complete, so running out of positions proves a loss.
 */
#include "core.h"

int best_first(Search *S, State *root, LineOut *line) {
    const Game *g = &S->g;
    Table table;
    NodeStore store;
    Buf heap = {0, 0, sizeof(int64_t)};
    size_t nheap = 0;
    uint8_t key[KEYMAX];
    Move moves[MAXMOVES];
    Effect fx[MAXFX];
    State s;
    int result = WISP_LOST;
    int32_t won_parent = -1, won_move = 0;
    store_init(&store);
    if (!table_init(&table)) return WISP_ERROR;
    table_insert(&table, key, make_key(g, root, key));
/* Keep state ST, reached from PARENT by MOVE, and queue it by heuristic plus w[6] per move of depth. */
#define ADD_NODE(PARENT, MOVE, ST, DEPTH)                                                                  \
    do {                                                                                                   \
        int32_t id_ = store_add(&store, g, (PARENT), (MOVE), (ST), (DEPTH));                               \
        int64_t f_ = (int64_t)heuristic(S, (ST)) + (int64_t)S->w[6] * (DEPTH);                             \
        if (id_ < 0 || !heap_push(&heap, &nheap, prio_item(f_, id_))) {                                   \
            result = WISP_ERROR;                                                                           \
            goto done;                                                                                     \
        }                                                                                                  \
    } while (0)
    ADD_NODE(-1, 0, root, 0);
    while (nheap) {
        int32_t id = prio_id(heap_pop(&heap, &nheap));
        int depth = store_node(&store, id)->depth;
        store_state(&store, g, id, &s);
        int nm = gen_moves(S, &s, moves, 1);
        S->stats->moves += nm;
        for (int i = 0; i < nm; i++) {
            Move m = moves[i];
            int nfx = apply(g, &s, &m, fx);
            if (is_won(&s)) {
                won_parent = id, won_move = encode_move(&m);
                result = WISP_WON;
                goto done;
            }
            int fresh = S->use_tt ? table_insert(&table, key, make_key(g, &s, key)) : 1;
            if (fresh < 0) {
                result = WISP_ERROR;
                goto done;
            }
            if (fresh) {
                if (S->positions >= S->max_positions) {
                    result = WISP_UNKNOWN;
                    goto done;
                }
                ++S->positions;
                ADD_NODE(id, encode_move(&m), &s, depth < 65535 ? depth + 1 : 65535);
                if ((S->positions & 1023) == 0) {
                    int stop = time_to_stop(S);
                    if (stop) {
                        result = stop;
                        goto done;
                    }
                }
            }
            unapply(g, &s, &m, fx, nfx);
        }
    }
done:
    if (result == WISP_WON && !node_line(&store, won_parent, won_move, line)) result = WISP_ERROR;
    if (result == WISP_WON) S->stats->max_depth = line->len;
    {
        int64_t bytes_used = (int64_t)(table_bytes(&table) + store_bytes(&store) + heap.cap * sizeof(int64_t));
        if (bytes_used > S->stats->table_bytes) S->stats->table_bytes = bytes_used;
    }
    table_free(&table);
    store_free(&store);
    free(heap.p);
    return result;
#undef ADD_NODE
}
