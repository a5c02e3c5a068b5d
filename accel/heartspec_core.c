/* heartspec_core: whole random games of Hearts, compiled (the optional `accel` extra).
 *
 * It plays what heartspec.engine.game.Game plays for a random legal player: the deal, the
 * pass, every trick (the opening lead, the first-trick ban, hearts breaking and the heart
 * lead, following, identical cards of two decks, tricks set aside, the kitty, the stock),
 * the deal's points and the moon, the end of the game with its ties, and the money. The rules
 * arrive as a table of masks, numbers and flags that heartspec.engine.core builds from
 * CompiledRules (see its `table` for the order), so nothing here knows a ruleset or variant.
 * It draws from its own generator (xoshiro256** seeded through splitmix64), so a seed gives
 * the same games here, not the pure engine's games; the agreement is proven by writing the
 * games as move logs that the reference engine replays, checking every legal set on the way
 * (tests/test_engine_core.py).
 *
 * Cards are physical ids: face + 56 * copy, held in 128-bit masks.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long long u64;
typedef unsigned __int128 mask_t;

#define MAX_SEATS 16
#define MAX_CARDS 112
#define FACES 56
#define SLOTS 14
#define MAX_CYCLE 16
#define MAX_OPENING 8
#define MAX_CLASSES 16

/* ------------------------------------------------------------------ the generator */

typedef struct { u64 s[4]; } rng_t;

static u64 splitmix(u64 *x)
{
    u64 z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void seed_rng(rng_t *r, u64 seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix(&seed);
}

static inline u64 rotl(u64 x, int k) { return (x << k) | (x >> (64 - k)); }

static inline u64 next_u64(rng_t *r)
{
    u64 *s = r->s, result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* A uniform integer in [0, bound), bound >= 1, without modulo bias (Lemire's method). */
static inline unsigned below(rng_t *r, unsigned bound)
{
    uint64_t m = (uint64_t)(uint32_t)(next_u64(r) >> 32) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t floor = (uint32_t)(-bound) % bound;
        while (low < floor) {
            m = (uint64_t)(uint32_t)(next_u64(r) >> 32) * bound;
            low = (uint32_t)m;
        }
    }
    return (unsigned)(m >> 32);
}

/* ------------------------------------------------------------------ masks */


/* SELECT[byte][k]: the position of the k-th lowest set bit of `byte` (a table, so the pick
 * costs no loop with an unpredictable length) */
static unsigned char SELECT[256][8];

static void build_select(void)
{
    for (int b = 0; b < 256; b++)
        for (int i = 0, k = 0; i < 8; i++)
            if (b >> i & 1)
                SELECT[b][k++] = (unsigned char)i;
}

/* The k-th lowest set bit of m (k below its count), branch-free: the bytes' running popcounts
 * (broadword, as in Vigna's rank/select) find the byte, the SELECT table the bit in it. */
static inline int kth_u64(u64 m, int k)
{
    const u64 ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    u64 s = m - ((m >> 1) & 0x5555555555555555ULL);
    s = (s & 0x3333333333333333ULL) + ((s >> 2) & 0x3333333333333333ULL);
    s = (s + (s >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    u64 running = s * ones;                                  /* byte i: set bits in bytes 0..i (at most 64) */
    u64 at_most_k = ((((u64)k * ones) | highs) - running) & highs; /* bytes whose running count is <= k */
    int byte = __builtin_popcountll(at_most_k);              /* the byte that holds the k-th set bit */
    int before = byte ? (int)((running >> (8 * byte - 8)) & 0xFF) : 0;
    return 8 * byte + SELECT[(m >> (8 * byte)) & 0xFF][k - before];
}

static inline int face_of(int card) { return card >= FACES ? card - FACES : card; }
static inline int suit_of(int card) { return face_of(card) / SLOTS; }

/* ------------------------------------------------------------------ the rules, as data */

#define UNUSED __attribute__((unused))
#define INLINE __attribute__((always_inline)) inline

enum { DRAW_NONE, DRAW_WINNER_FIRST, DRAW_REPLACE };
enum { MOON_ADD, MOON_SUBTRACT, MOON_CHOICE };
enum { SETTLE_NONE, SETTLE_POT, SETTLE_PAIRWISE, SETTLE_ZERO_POT };

typedef struct {
    int n, hand_size, kitty_size, stock_size, deck_size, dealer_rotation, copies;
    int deck[MAX_CARDS];
    mask_t face_copies[FACES], suit[4];
    int pass_count, cycle_len, cycle[MAX_CYCLE], cycle_passes[MAX_CYCLE]; /* cycle: seat offset; passes: 0 = none */
    int holder_leads, opening_len, opening_face[MAX_OPENING], lowest_club_fallback, non_point_opening;
    mask_t opening_barred, barred, hearts, queen, breakers[4], moon;
    int first_guarded, ban_before_suit, lead_guarded, hearts_and_queen, cancel, set_aside_cancelled, draw;
    int classes, class_points[MAX_CLASSES];
    mask_t class_cards[MAX_CLASSES];
    int moon_effect, moon_amount, bonus_kept, partnership, moon_spares_partner, team_target;
    int has_target, target, exceeds, has_max_deals, max_deals, extra_deal_on_tie;
    int settlement, zero_or_less, unclaimed_to_winners, open_ended, open_ended_deals;
    long long money_unit; /* money is counted in stake / money_unit: lcm(1..n), so every share is whole */
} rules_t;

/* ------------------------------------------------------------------ the move log (only when asked) */

enum { LOG_GAME = -1, LOG_DEAL = -2, LOG_PASS = -3, LOG_PLAY = -4, LOG_CHOOSE = -5, LOG_STOP = -6, LOG_END = -7 };

typedef struct { int *items; Py_ssize_t len, cap; int failed; } log_t;

static void put(log_t *log, int value)
{
    if (log == NULL || log->failed)
        return;
    if (log->len == log->cap) {
        Py_ssize_t cap = log->cap ? log->cap * 2 : 4096;
        int *grown = PyMem_Realloc(log->items, (size_t)cap * sizeof(int));
        if (grown == NULL) {
            log->failed = 1;
            return;
        }
        log->items = grown;
        log->cap = cap;
    }
    log->items[log->len++] = value;
}

static void put_mask(log_t *log, mask_t m)
{
    for (int word = 0; word < 4; word++)
        put(log, (int)(uint32_t)(m >> (32 * word)));
}

/* A game's phases; the events a step brings (heartspec.engine.core_game reads them); the rules whose
 * decisions a simulation counts, in the order of heartspec.simulate.play.COUNTED_RULES; why a card
 * in hand is refused (the protocol's error codes, in heartspec.engine.core_game.REFUSALS). */
enum { PH_DEAL, PH_PASSING, PH_PLAYING, PH_MOON, PH_OVER };
enum { EV_BROKEN = 1, EV_DRAWN, EV_TRICK_WON, EV_SET_ASIDE, EV_SET_ASIDE_TAKEN, EV_KITTY_TAKEN, EV_MOON_CHOICE,
       EV_DEAL_SCORED, EV_GAME_OVER, EV_NEXT_DEAL };
enum { COUNT_FIRST_TRICK_POINTS, COUNT_WHEN_ONLY_POINTS, COUNT_BEFORE_BROKEN, COUNT_EXCEPTIONS, COUNT_IDENTICAL_CARDS,
       COUNT_ALL_CANCELLED, COUNT_KITTY_TO, COUNT_TIES, COUNTED_RULES };
enum { REFUSE_MUST_FOLLOW, REFUSE_FIRST_TRICK, REFUSE_OPENING_CARD, REFUSE_HEARTS_NOT_BROKEN };

#define ERR_NO_CARD 1
#define ERR_NO_END 2
#define ERR_SIGNAL 3 /* a Python error is set */

static int modulo(int a, int n) { return ((a % n) + n) % n; }
static int popcount_int(int x) { return __builtin_popcount((unsigned)x); }

#include "heartspec_core_sim.h" /* what a simulation measures, at any width */

/* ------------------------------------------------------------------ one game, at two mask widths */

/* One deck: every physical id is below 56, so 64-bit masks hold a hand. */
#define MASK u64
#define NAME(x) x##_narrow
static inline u64 bit_narrow(int card) { return 1ULL << card; }
static inline int count_narrow(u64 m) { return __builtin_popcountll(m); }
static inline int kth_narrow(u64 m, int k) { return kth_u64(m, k); }
static inline int lowest_narrow(u64 m) { return __builtin_ctzll(m); }
static PyObject *mask_py_narrow(u64 m) { return PyLong_FromUnsignedLongLong(m); }
#include "heartspec_core_game.h"
#include "heartspec_core_bots.h"
#undef MASK
#undef NAME

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
/* One deck again, for processors whose BMI2 pdep picks the k-th card in one instruction
 * (chosen at run time: not on AMD before Zen 3, where pdep is microcoded and slow). */
#include <immintrin.h>
#pragma GCC push_options
#pragma GCC target("bmi2,popcnt")
#define HAVE_PDEP 1
#define MASK u64
#define NAME(x) x##_pdep
static inline u64 bit_pdep(int card) { return 1ULL << card; }
static inline int count_pdep(u64 m) { return __builtin_popcountll(m); }
static inline int kth_pdep(u64 m, int k) { return __builtin_ctzll(_pdep_u64(1ULL << k, m)); }
static inline int lowest_pdep(u64 m) { return __builtin_ctzll(m); }
UNUSED static PyObject *mask_py_pdep(u64 m) { return PyLong_FromUnsignedLongLong(m); }
#include "heartspec_core_game.h"
#include "heartspec_core_bots.h"
#undef MASK
#undef NAME
#pragma GCC pop_options

static int pdep_is_fast(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("znver1") && !__builtin_cpu_is("znver2");
}
#else
#define HAVE_PDEP 0
#endif

/* Two decks: ids up to 111, 128-bit masks. */
#define MASK mask_t
#define NAME(x) x##_wide
static inline mask_t bit_wide(int card) { return (mask_t)1 << card; }
static inline int count_wide(mask_t m) { return __builtin_popcountll((u64)m) + __builtin_popcountll((u64)(m >> 64)); }
static inline int kth_wide(mask_t m, int k)
{
    u64 low = (u64)m;
    int in_low = __builtin_popcountll(low);
    return k < in_low ? kth_u64(low, k) : 64 + kth_u64((u64)(m >> 64), k - in_low);
}
static inline int lowest_wide(mask_t m) { return (u64)m ? __builtin_ctzll((u64)m) : 64 + __builtin_ctzll((u64)(m >> 64)); }
static PyObject *mask_py_wide(mask_t m)
{
    if ((u64)(m >> 64) == 0) /* no second-deck card above id 63: most masks, and every empty one */
        return PyLong_FromUnsignedLongLong((u64)m);
    PyObject *high = PyLong_FromUnsignedLongLong((u64)(m >> 64)), *shift = PyLong_FromLong(64), *low = NULL;
    PyObject *shifted = high && shift ? PyNumber_Lshift(high, shift) : NULL, *out = NULL;
    if (shifted && (low = PyLong_FromUnsignedLongLong((u64)m)) != NULL)
        out = PyNumber_Or(shifted, low);
    Py_XDECREF(high);
    Py_XDECREF(shift);
    Py_XDECREF(shifted);
    Py_XDECREF(low);
    return out;
}
#include "heartspec_core_game.h"
#include "heartspec_core_bots.h"
#undef MASK
#undef NAME

/* ------------------------------------------------------------------ reading the table */

typedef struct { PyObject *t; Py_ssize_t at; } reader_t;

static int next_int(reader_t *rd, long long lo, long long hi, long long *out, const char *what)
{
    if (rd->at >= PyTuple_GET_SIZE(rd->t)) {
        PyErr_Format(PyExc_ValueError, "the rules table ends before %s", what);
        return -1;
    }
    PyObject *v = PyTuple_GET_ITEM(rd->t, rd->at++);
    if (!PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int", what);
        return -1;
    }
    long long x = PyLong_AsLongLong(v);
    if (x == -1 && PyErr_Occurred())
        return -1;
    if (x < lo || x > hi) {
        PyErr_Format(PyExc_ValueError, "%s must be %lld..%lld, not %lld", what, lo, hi, x);
        return -1;
    }
    *out = x;
    return 0;
}

#define READ(field, lo, hi) do { long long v_; if (next_int(rd, lo, hi, &v_, #field)) return -1; r->field = (int)v_; } while (0)

static int next_mask(reader_t *rd, mask_t *out, const char *what)
{
    long long lo, hi;
    if (next_int(rd, 0, 0xffffffffffffffLL, &lo, what) || next_int(rd, 0, 0xffffffffffffffLL, &hi, what))
        return -1;
    *out = (mask_t)(u64)lo | ((mask_t)(u64)hi << 56);
    return 0;
}

#define READ_MASK(field) do { if (next_mask(rd, &r->field, #field)) return -1; } while (0)

static long long gcd(long long a, long long b) { return b ? gcd(b, a % b) : a; }

static int read_rules(reader_t *rd, rules_t *r)
{
    memset(r, 0, sizeof *r);
    READ(n, 2, MAX_SEATS);
    READ(copies, 1, 2);
    READ(hand_size, 1, MAX_CARDS);
    READ(kitty_size, 0, MAX_CARDS);
    READ(stock_size, 0, MAX_CARDS);
    READ(deck_size, 1, MAX_CARDS);
    READ(dealer_rotation, -1, 1);
    if (r->n * r->hand_size + r->kitty_size + r->stock_size != r->deck_size) {
        PyErr_SetString(PyExc_ValueError, "the deck does not deal into the hands, kitty and stock");
        return -1;
    }
    mask_t deck = 0;
    for (int i = 0; i < r->deck_size; i++) {
        READ(deck[i], 0, FACES * r->copies - 1);
        if (deck & bit_wide(r->deck[i])) {
            PyErr_SetString(PyExc_ValueError, "a card is twice in the deck");
            return -1;
        }
        deck |= bit_wide(r->deck[i]);
    }
    for (int f = 0; f < FACES; f++)
        r->face_copies[f] = deck & (bit_wide(f) | (r->copies > 1 ? bit_wide(f + FACES) : 0));
    for (int s = 0; s < 4; s++)
        for (int f = s * SLOTS; f < (s + 1) * SLOTS; f++)
            r->suit[s] |= r->face_copies[f];
    READ(pass_count, 0, MAX_CARDS);
    READ(cycle_len, 1, MAX_CYCLE);
    for (int i = 0; i < r->cycle_len; i++) {
        READ(cycle_passes[i], 0, 1);
        READ(cycle[i], -MAX_SEATS, MAX_SEATS);
    }
    if (r->pass_count > r->hand_size) {
        PyErr_SetString(PyExc_ValueError, "more cards passed than a hand holds");
        return -1;
    }
    READ(holder_leads, 0, 1);
    READ(opening_len, 0, MAX_OPENING);
    for (int i = 0; i < r->opening_len; i++)
        READ(opening_face[i], 0, FACES - 1);
    READ(lowest_club_fallback, 0, 1);
    READ(non_point_opening, 0, 1);
    READ_MASK(opening_barred);
    READ_MASK(barred);
    READ(first_guarded, 0, 1);
    READ(ban_before_suit, 0, 1);
    READ(lead_guarded, 0, 1);
    READ(hearts_and_queen, 0, 1);
    READ_MASK(hearts);
    READ_MASK(queen);
    for (int s = 0; s < 4; s++)
        READ_MASK(breakers[s]);
    READ(cancel, 0, 1);
    READ(set_aside_cancelled, 0, 1);
    READ(draw, DRAW_NONE, DRAW_REPLACE);
    READ(classes, 0, MAX_CLASSES);
    for (int c = 0; c < r->classes; c++) {
        READ(class_points[c], -10000, 10000);
        READ_MASK(class_cards[c]);
    }
    READ_MASK(moon);
    READ(moon_effect, MOON_ADD, MOON_CHOICE);
    READ(moon_amount, 0, 100000);
    READ(bonus_kept, 0, 1);
    READ(partnership, 0, 1);
    READ(moon_spares_partner, 0, 1);
    READ(team_target, 0, 1);
    READ(has_target, 0, 1);
    READ(target, -1000000, 1000000);
    READ(exceeds, 0, 1);
    READ(has_max_deals, 0, 1);
    READ(max_deals, 0, 1000000);
    READ(extra_deal_on_tie, 0, 1);
    READ(settlement, SETTLE_NONE, SETTLE_ZERO_POT);
    READ(zero_or_less, 0, 1);
    READ(unclaimed_to_winners, 0, 1);
    READ(open_ended, 0, 1);
    READ(open_ended_deals, 1, 1000000);
    if (rd->at != PyTuple_GET_SIZE(rd->t)) {
        PyErr_SetString(PyExc_ValueError, "the rules table is longer than this core reads");
        return -1;
    }
    if (r->partnership && r->n % 2) {
        PyErr_SetString(PyExc_ValueError, "partnerships need an even number of seats");
        return -1;
    }
    mask_t all = 0;
    for (int s = 0; s < 4; s++)
        all |= r->breakers[s];
    if ((r->hearts | r->queen | r->barred | r->opening_barred | r->moon | all) & ~deck) {
        PyErr_SetString(PyExc_ValueError, "a rule mask names a card outside the deck");
        return -1;
    }
    r->money_unit = 1;
    for (int k = 2; k <= r->n; k++)
        r->money_unit = r->money_unit / gcd(r->money_unit, k) * k;
    return 0;
}

/* ------------------------------------------------------------------ the Python call */

static PyObject *log_as_list(const log_t *log)
{
    PyObject *out = PyList_New(log->len);
    if (out == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < log->len; i++) {
        PyObject *v = PyLong_FromLong(log->items[i]);
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, v);
    }
    return out;
}

static int use_pdep = 0;

/* play(table, games, seed, start, max_deals, logged)
 *   table: the rules (heartspec.engine.core.table); start: (dealer, deal_number, totals tuple);
 *   returns (deals, moons, points, log list or None) */
static PyObject *play(PyObject *self, PyObject *args)
{
    PyObject *table, *start_totals;
    long long games;
    unsigned long long seed;
    int dealer, deal_number, max_deals, logged;
    if (!PyArg_ParseTuple(args, "O!LK(iiO!)ip", &PyTuple_Type, &table, &games, &seed, &dealer, &deal_number,
                          &PyTuple_Type, &start_totals, &max_deals, &logged))
        return NULL;
    rules_t r;
    reader_t rd = {table, 0};
    if (read_rules(&rd, &r))
        return NULL;
    if (games < 0 || dealer < 0 || dealer >= r.n || deal_number < 1 || max_deals < 1 ||
        PyTuple_GET_SIZE(start_totals) != r.n) {
        PyErr_SetString(PyExc_ValueError, "games >= 0, a dealer among the seats, deal_number >= 1, a total per seat");
        return NULL;
    }
    long long totals[MAX_SEATS];
    for (int s = 0; s < r.n; s++) {
        totals[s] = PyLong_AsLongLong(PyTuple_GET_ITEM(start_totals, s));
        if (totals[s] == -1 && PyErr_Occurred())
            return NULL;
    }
    rng_t rng;
    seed_rng(&rng, seed);
    log_t log = {NULL, 0, 0, 0};
    long long sums[3] = {0, 0, 0};
    log_t *logp = logged ? &log : NULL;
    int err;
    if (r.copies > 1)
        err = play_batch_wide(&r, &rng, logp, games, dealer, deal_number, totals, max_deals, sums);
#if HAVE_PDEP
    else if (use_pdep)
        err = play_batch_pdep(&r, &rng, logp, games, dealer, deal_number, totals, max_deals, sums);
#endif
    else
        err = play_batch_narrow(&r, &rng, logp, games, dealer, deal_number, totals, max_deals, sums);
    if (err == ERR_SIGNAL) {
        PyMem_Free(log.items);
        return NULL;
    }
    if (err || log.failed) {
        PyMem_Free(log.items);
        if (log.failed)
            return PyErr_NoMemory();
        PyErr_SetString(PyExc_RuntimeError, err == ERR_NO_END ? "a game did not end within max_deals deals"
                                                                : "a seat had no legal card (the rules table is inconsistent)");
        return NULL;
    }
    PyObject *moves = Py_None;
    if (logged) {
        moves = log_as_list(&log);
        PyMem_Free(log.items);
        if (moves == NULL)
            return NULL;
    } else {
        Py_INCREF(moves);
    }
    return Py_BuildValue("(LLLN)", sums[0], sums[1], sums[2], moves);
}

/* ------------------------------------------------------------------ the Game type: a step per protocol request */

/* heartspec.engine.core_game checks every request as the reference Game does before it steps the
 * core, so a step refused here is that module's fault: ValueError, and the game is unchanged. */
typedef struct {
    PyObject_HEAD
    rules_t rules;
    rng_t rng; /* the steps draw nothing; a game_t wants one */
    int wide;
    void *game; /* game_t_narrow or game_t_wide */
    log_t events;
} CoreGame;

#define GAME(self, field) ((self)->wide ? ((game_t_wide *)(self)->game)->field : ((game_t_narrow *)(self)->game)->field)
#define STEP(self, fn, ...) ((self)->wide ? fn##_wide((game_t_wide *)(self)->game, __VA_ARGS__) \
                                          : fn##_narrow((game_t_narrow *)(self)->game, __VA_ARGS__))

static int mask_from_py(PyObject *o, mask_t *out)
{
    if (PyLong_Check(o)) { /* the common case first: a mask of one deck's cards fits 64 bits */
        unsigned long long narrow = PyLong_AsUnsignedLongLong(o);
        if (!(narrow == (unsigned long long)-1 && PyErr_Occurred())) {
            *out = narrow;
            return 0;
        }
        PyErr_Clear();
    }
    PyObject *zero = PyLong_FromLong(0), *shift = PyLong_FromLong(64), *high = NULL;
    int ok = zero && shift && PyLong_Check(o) && PyObject_RichCompareBool(o, zero, Py_GE) == 1;
    if (ok && (high = PyNumber_Rshift(o, shift)) != NULL) {
        unsigned long long hi = PyLong_AsUnsignedLongLong(high), lo = PyLong_AsUnsignedLongLongMask(o);
        ok = !PyErr_Occurred() && hi < (1ULL << 48);
        *out = (mask_t)lo | ((mask_t)hi << 64);
    } else {
        ok = 0;
    }
    Py_XDECREF(zero);
    Py_XDECREF(shift);
    Py_XDECREF(high);
    if (!ok) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "a mask of cards must be a whole number from 0 below 2**112");
    }
    return ok ? 0 : -1;
}

static PyObject *refused(const char *what)
{
    PyErr_Format(PyExc_ValueError, "the core refuses %s in this position", what);
    return NULL;
}

/* The events of the step just taken, as the flat list heartspec.engine.core_game decodes. */
static PyObject *take_events(CoreGame *self)
{
    PyObject *out;
    if (self->events.failed) {
        out = PyErr_NoMemory();
    } else {
        out = log_as_list(&self->events);
    }
    self->events.len = 0;
    self->events.failed = 0;
    return out;
}

/* A game of `rules` (copied) at its start: the dealer, the deal number and a total per seat. */
static PyObject *start_game(PyTypeObject *type, const rules_t *rules, int dealer, int deal_number, PyObject *start_totals)
{
    if (dealer < 0 || dealer >= rules->n || deal_number < 1 || PyTuple_GET_SIZE(start_totals) != rules->n) {
        PyErr_SetString(PyExc_ValueError, "a dealer among the seats, deal_number >= 1, a total per seat");
        return NULL;
    }
    long long totals[MAX_SEATS];
    for (int s = 0; s < rules->n; s++) {
        totals[s] = PyLong_AsLongLong(PyTuple_GET_ITEM(start_totals, s));
        if (totals[s] == -1 && PyErr_Occurred())
            return NULL;
    }
    CoreGame *self = (CoreGame *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    self->rules = *rules;
    const rules_t *r = &self->rules;
    self->wide = r->copies > 1;
    self->game = PyMem_Calloc(1, self->wide ? sizeof(game_t_wide) : sizeof(game_t_narrow));
    if (self->game == NULL) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    STEP(self, init_game, r, &self->rng, dealer, deal_number, totals);
    if (self->wide)
        ((game_t_wide *)self->game)->events = &self->events;
    else
        ((game_t_narrow *)self->game)->events = &self->events;
    return (PyObject *)self;
}

static PyObject *CoreGame_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    PyObject *table, *start_totals;
    int dealer, deal_number;
    if (!PyArg_ParseTuple(args, "O!iiO!", &PyTuple_Type, &table, &dealer, &deal_number, &PyTuple_Type, &start_totals))
        return NULL;
    rules_t rules;
    reader_t rd = {table, 0};
    if (read_rules(&rd, &rules))
        return NULL;
    return start_game(type, &rules, dealer, deal_number, start_totals);
}

/* new_game(dealer, deal_number, totals): a game of these rules at its start, without reading the table again
 * (the protocol starts a game per scenario, and the rules of most are already read) */
static PyObject *CoreGame_new_game(CoreGame *self, PyObject *args)
{
    PyObject *start_totals;
    int dealer, deal_number;
    if (!PyArg_ParseTuple(args, "iiO!", &dealer, &deal_number, &PyTuple_Type, &start_totals))
        return NULL;
    return start_game(Py_TYPE(self), &self->rules, dealer, deal_number, start_totals);
}

static void CoreGame_dealloc(CoreGame *self)
{
    PyMem_Free(self->game);
    PyMem_Free(self->events.items);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* deal(cards): the deck in dealing order (hands, kitty, stock), physical ids */
static PyObject *CoreGame_deal(CoreGame *self, PyObject *arg)
{
    const rules_t *r = &self->rules;
    int cards[MAX_CARDS];
    mask_t seen = 0, deck = 0;
    for (int i = 0; i < r->deck_size; i++)
        deck |= bit_wide(r->deck[i]);
    PyObject *seq = PySequence_Fast(arg, "deal takes a sequence of cards");
    if (seq == NULL)
        return NULL;
    int ok = GAME(self, phase) == PH_DEAL && PySequence_Fast_GET_SIZE(seq) == r->deck_size;
    for (int i = 0; ok && i < r->deck_size; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        ok = !PyErr_Occurred() && c >= 0 && c < MAX_CARDS && (deck & bit_wide((int)c)) && !(seen & bit_wide((int)c));
        if (ok) {
            cards[i] = (int)c;
            seen |= bit_wide((int)c);
        }
    }
    Py_DECREF(seq);
    PyErr_Clear();
    if (!ok)
        return refused("this deal");
    STEP(self, start_deal, cards);
    return take_events(self);
}

static PyObject *CoreGame_pass_cards(CoreGame *self, PyObject *args)
{
    int seat;
    PyObject *chosen;
    mask_t mask;
    if (!PyArg_ParseTuple(args, "iO", &seat, &chosen) || mask_from_py(chosen, &mask))
        return NULL;
    if (STEP(self, pass_step, seat, mask))
        return refused("this pass");
    return take_events(self);
}

static int seat_arg(CoreGame *self, PyObject *args, int *seat, int *card)
{
    if (!PyArg_ParseTuple(args, card ? "ii" : "i", seat, card))
        return -1;
    if (*seat < 0 || *seat >= self->rules.n || (card && (*card < 0 || *card >= MAX_CARDS))) {
        PyErr_SetString(PyExc_ValueError, "a seat of this game and a physical card id");
        return -1;
    }
    return 0;
}

static PyObject *CoreGame_legal(CoreGame *self, PyObject *args)
{
    int seat;
    if (seat_arg(self, args, &seat, NULL))
        return NULL;
    return self->wide ? mask_py_wide(legal_now_wide(self->game, seat))
                      : mask_py_narrow(legal_now_narrow(self->game, seat));
}

static int is_legal(CoreGame *self, int seat, int card)
{
    return self->wide ? (int)(legal_now_wide(self->game, seat) >> card & 1)
                      : (int)(legal_now_narrow(self->game, seat) >> card & 1);
}

static int holds(CoreGame *self, int seat, int card)
{
    return self->wide ? (int)(((game_t_wide *)self->game)->hand[seat] >> card & 1)
                      : card < 64 && (int)(((game_t_narrow *)self->game)->hand[seat] >> card & 1);
}

/* refusal(seat, card): the REFUSE_ code for a card the seat to play holds but may not play now */
static PyObject *CoreGame_refusal(CoreGame *self, PyObject *args)
{
    int seat, card;
    if (seat_arg(self, args, &seat, &card))
        return NULL;
    if (GAME(self, phase) != PH_PLAYING || seat != GAME(self, turn) || !holds(self, seat, card) ||
        is_legal(self, seat, card))
        return refused("to name a refusal");
    return PyLong_FromLong(STEP(self, refusal, seat, card));
}

static PyObject *CoreGame_play(CoreGame *self, PyObject *args)
{
    int seat, card;
    if (seat_arg(self, args, &seat, &card))
        return NULL;
    if (!is_legal(self, seat, card))
        return refused("this card");
    STEP(self, play_step, seat, card);
    return take_events(self);
}

/* play_face(seat, face): the protocol's play as the core takes it. When the reference Game's checks would pass
 * (exact ints, the playing phase, the seat to play, a face of this deck that the seat holds) and its lowest
 * held copy is legal now, that copy is played: (the physical card, events). Otherwise None and nothing
 * changes; heartspec.engine.core_game then runs the reference's checks to name the error. */
static PyObject *CoreGame_play_face(CoreGame *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "play_face(seat, face) takes two arguments");
        return NULL;
    }
    if (!PyLong_CheckExact(args[0]) || !PyLong_CheckExact(args[1])) /* bool, float, str: the reference's to name */
        Py_RETURN_NONE;
    int overflow_seat, overflow_face;
    long seat = PyLong_AsLongAndOverflow(args[0], &overflow_seat), face = PyLong_AsLongAndOverflow(args[1], &overflow_face);
    if (overflow_seat || overflow_face || seat < 0 || seat >= self->rules.n || face < 0 || face >= FACES)
        Py_RETURN_NONE;
    mask_t copies = self->rules.face_copies[face] &
                    (self->wide ? ((game_t_wide *)self->game)->hand[seat] : (mask_t)((game_t_narrow *)self->game)->hand[seat]);
    if (!copies)
        Py_RETURN_NONE;
    int card = lowest_wide(copies);
    if (!is_legal(self, (int)seat, card)) /* also: not the playing phase, or not this seat's turn */
        Py_RETURN_NONE;
    STEP(self, play_step, (int)seat, card);
    PyObject *events = take_events(self);
    return events == NULL ? NULL : Py_BuildValue("(iN)", card, events);
}

static PyObject *CoreGame_choose(CoreGame *self, PyObject *args)
{
    int seat, effect;
    if (seat_arg(self, args, &seat, &effect))
        return NULL;
    if (STEP(self, choose_step, seat, effect))
        return refused("this choice");
    return take_events(self);
}

static PyObject *CoreGame_stop(CoreGame *self, PyObject *unused)
{
    if (self->wide ? stop_step_wide(self->game) : stop_step_narrow(self->game))
        return refused("to stop");
    return take_events(self);
}

/* points(mask): what these cards are worth by the rules' card values (a trick's points in its event) */
static PyObject *CoreGame_points(CoreGame *self, PyObject *arg)
{
    mask_t m;
    if (mask_from_py(arg, &m))
        return NULL;
    return PyLong_FromLongLong(card_points_wide(&self->rules, m));
}

static PyObject *CoreGame_position(CoreGame *self, PyObject *unused)
{
    return self->wide ? position_wide(self->game) : position_narrow(self->game);
}

static PyObject *CoreGame_snapshot(CoreGame *self, PyObject *unused)
{
    return self->wide ? snapshot_wide(self->game) : snapshot_narrow(self->game);
}

/* perft(depth): distinct card sequences of that length from here (heartspec.engine.perft) */
static PyObject *CoreGame_perft(CoreGame *self, PyObject *arg)
{
    long depth = PyLong_AsLong(arg);
    if (depth == -1 && PyErr_Occurred())
        return NULL;
    if (depth < 0 || depth > MAX_CARDS) {
        PyErr_SetString(PyExc_ValueError, "depth must be 0..112 cards");
        return NULL;
    }
    return PyLong_FromLongLong(self->wide ? perft_wide(self->game, (int)depth) : perft_narrow(self->game, (int)depth));
}

static PyMethodDef CoreGame_methods[] = {
    {"new_game", (PyCFunction)CoreGame_new_game, METH_VARARGS,
     "new_game(dealer, deal_number, totals): a game of the same rules at its start"},
    {"perft", (PyCFunction)CoreGame_perft, METH_O, "perft(depth): distinct card sequences of that length from here"},
    {"deal", (PyCFunction)CoreGame_deal, METH_O, "deal(cards): start the deal, the deck in dealing order; events"},
    {"pass_cards", (PyCFunction)CoreGame_pass_cards, METH_VARARGS, "pass_cards(seat, mask): one seat's pass; events"},
    {"legal", (PyCFunction)CoreGame_legal, METH_VARARGS, "legal(seat): the mask of cards the seat may play now"},
    {"refusal", (PyCFunction)CoreGame_refusal, METH_VARARGS, "refusal(seat, card): why a held card is not legal"},
    {"play", (PyCFunction)CoreGame_play, METH_VARARGS, "play(seat, card): play a legal card; events"},
    {"play_face", (PyCFunction)(void (*)(void))CoreGame_play_face, METH_FASTCALL,
     "play_face(seat, face): play the seat's lowest held copy when the request holds; (card, events) or None"},
    {"choose", (PyCFunction)CoreGame_choose, METH_VARARGS, "choose(seat, effect): the moon shooter's choice; events"},
    {"stop", (PyCFunction)CoreGame_stop, METH_NOARGS, "stop(): end an open-ended game between deals; events"},
    {"points", (PyCFunction)CoreGame_points, METH_O, "points(mask): what these cards are worth"},
    {"position", (PyCFunction)CoreGame_position, METH_NOARGS, "position(): what a card can change, as one tuple"},
    {"snapshot", (PyCFunction)CoreGame_snapshot, METH_NOARGS, "snapshot(): what only the end of a deal changes, as one tuple"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CoreGameType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "heartspec_core.Game",
    .tp_doc = "Game(table, dealer, deal_number, totals): one game of the core, stepped by heartspec.engine.core_game",
    .tp_basicsize = sizeof(CoreGame),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = CoreGame_new,
    .tp_dealloc = (destructor)CoreGame_dealloc,
    .tp_methods = CoreGame_methods,
};

#include "heartspec_core_simulate.h" /* simulate games with compiled bots */

static PyMethodDef methods[] = {
    {"play", play, METH_VARARGS, "Play whole random games from a rules table (see heartspec.engine.core)."},
    {"simulate", simulate, METH_VARARGS, "Play a shard of simulate games with compiled bots (heartspec.simulate.compiled)."},
    {"heuristic", heuristic, METH_VARARGS, "The compiled heuristic bot's answer in one position (for tests)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "heartspec_core", NULL, -1, methods};

/* INTERFACE counts changes to the table, to the calls and to the Game type (heartspec.engine.core.INTERFACE);
 * MONTECARLO says simulate() takes the Monte Carlo bot's budget, an addition older callers need not know. */
PyMODINIT_FUNC PyInit_heartspec_core(void)
{
    build_select();
#if HAVE_PDEP
    use_pdep = pdep_is_fast() && getenv("HEARTSPEC_CORE_NO_PDEP") == NULL;
#endif
    if (PyType_Ready(&CoreGameType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && (PyModule_AddIntConstant(m, "INTERFACE", 4) < 0 ||
                      PyModule_AddIntConstant(m, "MONTECARLO", 1) < 0 || /* simulate takes samples; bot kind 2 */
                      PyModule_AddObjectRef(m, "Game", (PyObject *)&CoreGameType) < 0)) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
