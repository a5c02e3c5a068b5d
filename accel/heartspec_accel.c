/* heartspec_accel: the random playout of one deal, compiled (the optional `accel` extra).
 *
 * It plays exactly what heartspec.engine.game.Game.play_randomly plays for one deck and no
 * stock, drawing from the same random() in the same order: every seat's card is the k-th
 * lowest of its allowed cards with k = int(random() * count), the same IEEE product and
 * truncation as the Python expression. The rules arrive as masks and flags that the engine
 * derives from the compiled ruleset, so nothing here knows a ruleset; the pure-Python engine
 * stays the reference, and tests/test_engine_accel.py checks the two agree deal by deal.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define MAX_SEATS 64
#define SLOTS_PER_SUIT 14

typedef unsigned long long u64;

/* The k-th lowest card of `allowed`, k drawn from random(); -1 with a Python error set.
 * random() is someone else's code: anything but a float in [0, 1) is refused here, since a
 * draw of 1.0 or more would walk k past the last card and count the trailing zeros of 0. */
static int draw(PyObject *random, u64 allowed)
{
    if (allowed == 0) { /* the engine never asks a seat with no legal card; say so rather than guess */
        PyErr_SetString(PyExc_ValueError, "a seat with no legal card was asked to play");
        return -1;
    }
    PyObject *r = PyObject_CallNoArgs(random);
    if (r == NULL)
        return -1;
    if (!PyFloat_Check(r)) {
        PyErr_Format(PyExc_TypeError, "random() must return a float in [0, 1), not %.100s", Py_TYPE(r)->tp_name);
        Py_DECREF(r);
        return -1;
    }
    double x = PyFloat_AS_DOUBLE(r);
    if (!(x >= 0.0 && x < 1.0)) { /* also refuses NaN */
        PyErr_Format(PyExc_ValueError, "random() must return a float in [0, 1), not %R", r);
        Py_DECREF(r);
        return -1;
    }
    Py_DECREF(r);
    int count = __builtin_popcountll(allowed);
    volatile double product = x * (double)count; /* no fused or wider arithmetic */
    long long k = (long long)product;
    if (k >= count) { /* x < 1 keeps x * count below count for any count up to 64; hold to it anyway */
        PyErr_SetString(PyExc_ValueError, "random() * count reached count");
        return -1;
    }
    for (; k > 0; k--)
        allowed &= allowed - 1;
    return __builtin_ctzll(allowed);
}

static int read_mask(PyObject *value, u64 *out)
{
    if (!PyLong_Check(value)) {
        PyErr_Format(PyExc_TypeError, "a card mask must be an int, not %.100s", Py_TYPE(value)->tp_name);
        return -1;
    }
    *out = PyLong_AsUnsignedLongLong(value);
    return *out == (u64)-1 && PyErr_Occurred() ? -1 : 0;
}

static int read_masks(PyObject *seq, u64 *out, Py_ssize_t count, const char *what)
{
    if (!PyTuple_Check(seq) || PyTuple_GET_SIZE(seq) != count) {
        PyErr_Format(PyExc_ValueError, "%s must be a tuple of %zd masks", what, count);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++)
        if (read_mask(PyTuple_GET_ITEM(seq, i), &out[i]))
            return -1;
    return 0;
}

/* The position must be one the engine can be in between tricks: the suits each within their
 * own 14 slots, every card in a hand of one of those suits and held once, every seat holding
 * as many cards as the others and at least one, and an opening lead taken from the leader's
 * hand. Anything else is refused rather than played, so no card id ever indexes past a table. */
static int check_position(const u64 *hand, Py_ssize_t n, int leader, const u64 *suit, u64 first_lead)
{
    u64 deck = 0, seen = 0;
    for (int s = 0; s < 4; s++) {
        if (suit[s] & ~(((1ULL << SLOTS_PER_SUIT) - 1) << (s * SLOTS_PER_SUIT))) {
            PyErr_Format(PyExc_ValueError, "the mask of suit %d holds cards of another suit", s);
            return -1;
        }
        deck |= suit[s];
    }
    int size = __builtin_popcountll(hand[0]);
    for (Py_ssize_t i = 0; i < n; i++) {
        if ((hand[i] & ~deck) || (hand[i] & seen)) {
            PyErr_Format(PyExc_ValueError, "the hand of seat %zd holds a card outside the suits or held twice", i);
            return -1;
        }
        if (__builtin_popcountll(hand[i]) != size) {
            PyErr_SetString(PyExc_ValueError, "between tricks every seat holds as many cards as the others");
            return -1;
        }
        seen |= hand[i];
    }
    if (size == 0) {
        PyErr_SetString(PyExc_ValueError, "no seat holds a card to play");
        return -1;
    }
    if (first_lead & ~hand[leader]) {
        PyErr_SetString(PyExc_ValueError, "the opening lead offers a card the leader does not hold");
        return -1;
    }
    return 0;
}

/* playout(random, hands, leader, first_lead, suits, breakers, barred, hearts, queen, flags)
 *   hands: tuple of each seat's mask; leader: the seat to lead;
 *   first_lead: the leader's legal mask on the deal's first trick (read only when first_trick);
 *   suits, breakers: 4-tuples by suit (breakers: the cards that break hearts in a trick led in it);
 *   barred: cards the first-trick ban covers (0 when it does not apply);
 *   flags: (first_trick, ban_before_suit, lead_guarded, hearts_and_queen, hearts_broken)
 * returns (taken per seat, winner of the first trick or -1, hearts_broken, tricks played) */
static PyObject *playout(PyObject *self, PyObject *args)
{
    PyObject *random, *hands_t, *suits_t, *breakers_t;
    PyObject *first_lead_o, *barred_o, *hearts_o, *queen_o;
    int leader, first, ban_before_suit, lead_guarded, hearts_and_queen, broken;
    u64 first_lead, barred, hearts, queen;
    if (!PyArg_ParseTuple(args, "OO!iOO!O!OOO(ppppp)", &random, &PyTuple_Type, &hands_t, &leader, &first_lead_o,
                          &PyTuple_Type, &suits_t, &PyTuple_Type, &breakers_t, &barred_o, &hearts_o, &queen_o,
                          &first, &ban_before_suit, &lead_guarded, &hearts_and_queen, &broken))
        return NULL;
    /* masks are checked, not wrapped: "K" would take -1 for every card */
    if (read_mask(first_lead_o, &first_lead) || read_mask(barred_o, &barred) || read_mask(hearts_o, &hearts) ||
        read_mask(queen_o, &queen))
        return NULL;
    if (!PyCallable_Check(random)) {
        PyErr_SetString(PyExc_TypeError, "random must be callable");
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(hands_t);
    if (n < 2 || n > MAX_SEATS || leader < 0 || leader >= n) {
        PyErr_SetString(PyExc_ValueError, "between 2 and 64 seats, and a leader among them");
        return NULL;
    }
    u64 hand[MAX_SEATS], taken[MAX_SEATS] = {0}, suit[4], breaks[4];
    if (read_masks(hands_t, hand, n, "hands") || read_masks(suits_t, suit, 4, "suits") ||
        read_masks(breakers_t, breaks, 4, "breakers"))
        return NULL;
    if (check_position(hand, n, leader, suit, first ? first_lead : 0) < 0)
        return NULL;
    int first_winner = -1, tricks = 0;
    while (hand[leader]) {
        if (PyErr_CheckSignals() < 0) /* a random() written in C never lets Python look for signals */
            return NULL;
        u64 allowed = hand[leader];
        if (first) {
            allowed = first_lead;
        } else if (lead_guarded && !broken) {
            u64 others = allowed & ~hearts;
            if (others && !(hearts_and_queen && !(others & ~queen)))
                allowed = others;
        }
        int best = draw(random, allowed);
        if (best < 0)
            return NULL;
        hand[leader] &= ~(1ULL << best);
        int led = best / SLOTS_PER_SUIT;
        u64 led_mask = suit[led], trick = 1ULL << best;
        int winner = leader;
        for (Py_ssize_t step = 1; step < n; step++) {
            int seat = (int)((leader + step) % n);
            u64 held = hand[seat], choice = held & led_mask;
            if (!choice)
                choice = held;
            if (first && barred) {
                u64 safe = choice & ~barred;
                if (!safe && ban_before_suit)
                    safe = held & ~barred;
                if (safe)
                    choice = safe;
            }
            int card = draw(random, choice);
            if (card < 0)
                return NULL;
            u64 bit = 1ULL << card;
            hand[seat] = held & ~bit;
            trick |= bit;
            if ((bit & led_mask) && card > best) {
                best = card;
                winner = seat;
            }
        }
        taken[winner] |= trick;
        tricks++;
        if (!broken)
            broken = (trick & breaks[led]) != 0;
        if (first) {
            first_winner = winner;
            first = 0;
        }
        leader = winner;
    }
    PyObject *taken_t = PyTuple_New(n);
    if (taken_t == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *mask = PyLong_FromUnsignedLongLong(taken[i]);
        if (mask == NULL) {
            Py_DECREF(taken_t);
            return NULL;
        }
        PyTuple_SET_ITEM(taken_t, i, mask);
    }
    return Py_BuildValue("(NiOi)", taken_t, first_winner, broken ? Py_True : Py_False, tricks);
}

static PyMethodDef methods[] = {
    {"playout", playout, METH_VARARGS, "Play a deal out with random legal cards (see heartspec.engine.accel)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "heartspec_accel", NULL, -1, methods};

/* INTERFACE counts changes to playout's arguments, so a checkout can tell an older build from its own. */
PyMODINIT_FUNC PyInit_heartspec_accel(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && PyModule_AddIntConstant(m, "INTERFACE", 2) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
