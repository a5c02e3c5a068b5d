/* What a simulation measures, independent of the mask width: heartspec_core.c includes this before
 * the per-width sections, whose heartspec_core_bots.h plays simulate games (the bots of
 * heartspec.simulate.bots, in C) and writes one row of numbers per deal here.
 *
 * The rows hold exactly the metrics heartspec.simulate.play reports, in its order (SIM_* below);
 * the tallies and histograms are heartspec.simulate.shards' _add_own and _add_difference over
 * those rows, summed as heartspec.simulate.stats.Tally sums them, so a shard's figures are the
 * same whether the Python code or this one adds them up. */

#define SIM_MAX_DEALS 1000 /* heartspec.simulate.play.MAX_DEALS_PER_GAME */
#define SIM_MAX_TABLES 16
#define SIM_MAX_SAMPLES 4096 /* the Monte Carlo bot's budget: deals per decision */
enum { BOT_RANDOM, BOT_HEURISTIC, BOT_MONTECARLO };

/* A deal's row: points.seat0..n-1, then these (offsets from n); a game's row: these, then money_cents.seat0..n-1.
 * The order is heartspec.simulate.play's: the per-deal dict's keys, then COUNTED_RULES. */
enum { SIM_QUEEN_HOLDER, SIM_MOON, SIM_TRICKS, SIM_KITTY_POINTS, SIM_COUNTED, SIM_DEAL_AFTER_SEATS = SIM_COUNTED + COUNTED_RULES };
enum { SIM_GAME_DEALS, SIM_GAME_EXTRA_DEALS, SIM_GAME_SHARED_WIN, SIM_GAME_BEFORE_MONEY };
#define SIM_DEAL_WIDTH (MAX_SEATS + SIM_DEAL_AFTER_SEATS)
#define SIM_GAME_WIDTH (SIM_GAME_BEFORE_MONEY + MAX_SEATS)

typedef struct {
    long long v[SIM_DEAL_WIDTH];
    int has_queen; /* a seat was dealt the queen of spades (one deck, not in the kitty) */
} deal_row_t;

typedef struct {
    deal_row_t *deals; /* SIM_MAX_DEALS rows */
    int n_deals, has_money;
    long long game[SIM_GAME_WIDTH];
} game_rec_t;

/* The strategy's card layout and thresholds, from heartspec.simulate.bots (passed in, not repeated here). */
typedef struct {
    int spades, hearts, queen_slot, high_heart_slot, guard_spades, threat_points, queen_face;
} bot_consts_t;

/* Everything a simulate call shares across its tables. */
typedef struct {
    bot_consts_t k;
    int bots[MAX_SEATS];
    int samples; /* the Monte Carlo bot's deals per decision */
    u64 seed;
    log_t *log;
} sim_env_t;

#define DECK_BUCKET_SHIFT 57 /* a paired deck is sorted by its cards' 64-bit keys: first into 128 buckets by the top bits */
#define DECK_BUCKETS (1 << (64 - DECK_BUCKET_SHIFT))

/* A seed for one generator of game `game` of the run: tag says which (the deal k, or seat k's bot). */
enum { SEED_DEAL = 1, SEED_SEAT = 2 };
static u64 derived(u64 run_seed, long long game, int tag, long long k)
{
    u64 x = run_seed, h = splitmix(&x);
    x = h ^ (u64)game;
    h = splitmix(&x);
    x = h ^ ((u64)tag << 56) ^ (u64)k;
    return splitmix(&x);
}

/* money in stake / unit, as cents rounded half to even (Python's round of a Fraction). */
static long long money_cents(long long units, long long unit, long long stake_num, long long stake_den)
{
    __int128 a = (__int128)units * stake_num * 100, b = (__int128)unit * stake_den;
    __int128 q = a / b, rem = a % b;
    if (rem < 0) {
        q -= 1;
        rem += b;
    }
    if (2 * rem > b || (2 * rem == b && (q & 1)))
        q += 1;
    return (long long)q;
}

/* ------------------------------------------------------------------ tallies (heartspec.simulate.stats.Tally) */

typedef struct {
    __int128 games, sum_y, sum_n, sum_yy, sum_yn, sum_nn;
    int touched; /* shards.py made this tally (it may still have no game) */
} tally_t;

static void tally_add(tally_t *t, long long y, long long n)
{
    t->touched = 1;
    if (n == 0)
        return;
    t->games += 1;
    t->sum_y += y;
    t->sum_n += n;
    t->sum_yy += (__int128)y * y;
    t->sum_yn += (__int128)y * n;
    t->sum_nn += (__int128)n * n;
}

/* A histogram: value -> count, a short list (a few dozen values at most in practice). */
typedef struct { long long *value, *count; int len, cap, failed; } histogram_t;

static void histogram_add(histogram_t *h, long long value)
{
    for (int i = 0; i < h->len; i++)
        if (h->value[i] == value) {
            h->count[i]++;
            return;
        }
    if (h->len == h->cap) {
        int cap = h->cap ? 2 * h->cap : 32;
        long long *v = PyMem_Realloc(h->value, sizeof(long long) * (size_t)cap);
        if (v == NULL) {
            h->failed = 1;
            return;
        }
        h->value = v;
        long long *c = PyMem_Realloc(h->count, sizeof(long long) * (size_t)cap);
        if (c == NULL) {
            h->failed = 1;
            return;
        }
        h->count = c;
        h->cap = cap;
    }
    h->value[h->len] = value;
    h->count[h->len++] = 1;
}

/* One scope's sums: a table's own figures, or a table's paired difference from an earlier one. */
typedef struct {
    tally_t deal[SIM_DEAL_WIDTH], game[SIM_GAME_WIDTH];
    histogram_t game_deals, queen_holder;
} scope_t;

static inline int rank_of(int card) { return card % SLOTS; } /* physical ids: face + 56 * copy, 56 = 4 * SLOTS */

static int deal_width(int n) { return n + SIM_DEAL_AFTER_SEATS; }
static int queen_column(int n) { return n + SIM_QUEEN_HOLDER; }

static int has_metric(const deal_row_t *d, int column, int n) { return column != queen_column(n) || d->has_queen; }

static int record_has(const game_rec_t *g, int column, int n)
{
    for (int i = 0; i < g->n_deals; i++)
        if (has_metric(&g->deals[i], column, n))
            return 1;
    return 0;
}

static int game_width(const game_rec_t *g, int n) { return SIM_GAME_BEFORE_MONEY + (g->has_money ? n : 0); }

/* shards._add_own */
static void add_own(scope_t *s, const game_rec_t *g, int n)
{
    for (int c = 0; c < deal_width(n); c++) {
        long long y = 0, count = 0;
        for (int i = 0; i < g->n_deals; i++)
            if (has_metric(&g->deals[i], c, n)) {
                y += g->deals[i].v[c];
                count++;
            }
        if (count)
            tally_add(&s->deal[c], y, count);
    }
    for (int c = 0; c < game_width(g, n); c++)
        tally_add(&s->game[c], g->game[c], 1);
    histogram_add(&s->game_deals, g->n_deals);
    for (int i = 0; i < g->n_deals; i++)
        if (g->deals[i].has_queen)
            histogram_add(&s->queen_holder, g->deals[i].v[queen_column(n)]);
}

/* shards._add_difference: `g` minus `base`, over the deals both games reached */
static void add_difference(scope_t *s, const game_rec_t *g, const game_rec_t *base, int n)
{
    int pairs = g->n_deals < base->n_deals ? g->n_deals : base->n_deals;
    for (int c = 0; c < deal_width(n); c++) {
        if (!record_has(g, c, n) || !record_has(base, c, n))
            continue;
        long long y = 0, count = 0;
        for (int i = 0; i < pairs; i++)
            if (has_metric(&g->deals[i], c, n) && has_metric(&base->deals[i], c, n)) {
                y += g->deals[i].v[c] - base->deals[i].v[c];
                count++;
            }
        tally_add(&s->deal[c], y, count);
    }
    int width = game_width(g, n) < game_width(base, n) ? game_width(g, n) : game_width(base, n);
    for (int c = 0; c < width; c++)
        tally_add(&s->game[c], g->game[c] - base->game[c], 1);
    histogram_add(&s->game_deals, g->n_deals - base->n_deals);
}
