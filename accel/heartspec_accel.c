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

/* The k-th lowest card of `allowed`, k drawn from random(); -1 with a Python error set. */
static int draw(PyObject *random, u64 allowed)
{
    if (allowed == 0) { /* the engine never asks a seat with no legal card; say so rather than guess */
        PyErr_SetString(PyExc_RuntimeError, "a seat with no legal card was asked to play");
        return -1;
    }
    PyObject *r = PyObject_CallNoArgs(random);
    if (r == NULL)
        return -1;
    double x = PyFloat_AsDouble(r);
    Py_DECREF(r);
    if (x == -1.0 && PyErr_Occurred())
        return -1;
    volatile double product = x * (double)__builtin_popcountll(allowed); /* no fused or wider arithmetic */
    long long k = (long long)product;
    for (; k > 0; k--)
        allowed &= allowed - 1;
    return __builtin_ctzll(allowed);
}

static int read_masks(PyObject *seq, u64 *out, Py_ssize_t count, const char *what)
{
    if (!PyTuple_Check(seq) || PyTuple_GET_SIZE(seq) != count) {
        PyErr_Format(PyExc_ValueError, "%s must be a tuple of %zd masks", what, count);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        out[i] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(seq, i));
        if (out[i] == (u64)-1 && PyErr_Occurred())
            return -1;
    }
    return 0;
}

/* playout(random, hands, leader, first_lead, suits, breakers, barred, hearts, queen, flags)
 *   hands: tuple of each seat's mask; leader: the seat to lead;
 *   first_lead: the leader's legal mask if this is the deal's first trick, else 0;
 *   suits, breakers: 4-tuples by suit (breakers: the cards that break hearts in a trick led in it);
 *   barred: cards the first-trick ban covers (0 when it does not apply);
 *   flags: (ban_before_suit, lead_guarded, hearts_and_queen, hearts_broken)
 * returns (taken per seat, winner of the first trick or -1, hearts_broken, tricks played) */
static PyObject *playout(PyObject *self, PyObject *args)
{
    PyObject *random, *hands_t, *suits_t, *breakers_t;
    int leader, ban_before_suit, lead_guarded, hearts_and_queen, broken;
    unsigned long long first_lead, barred, hearts, queen;
    if (!PyArg_ParseTuple(args, "OO!iKO!O!KKK(pppp)", &random, &PyTuple_Type, &hands_t, &leader, &first_lead,
                          &PyTuple_Type, &suits_t, &PyTuple_Type, &breakers_t, &barred, &hearts, &queen,
                          &ban_before_suit, &lead_guarded, &hearts_and_queen, &broken))
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(hands_t);
    if (n < 2 || n > MAX_SEATS || leader < 0 || leader >= n) {
        PyErr_SetString(PyExc_ValueError, "between 2 and 64 seats, and a leader among them");
        return NULL;
    }
    u64 hand[MAX_SEATS], taken[MAX_SEATS] = {0}, suit[4], breaks[4];
    if (read_masks(hands_t, hand, n, "hands") || read_masks(suits_t, suit, 4, "suits") ||
        read_masks(breakers_t, breaks, 4, "breakers"))
        return NULL;
    int first = first_lead != 0, first_winner = -1, tricks = 0;
    while (hand[leader]) {
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

PyMODINIT_FUNC PyInit_heartspec_accel(void)
{
    return PyModule_Create(&module);
}
