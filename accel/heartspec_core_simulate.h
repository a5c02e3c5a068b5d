/* heartspec_core.simulate: a shard of simulate games in one call (heartspec.simulate.compiled calls it).
 * Included by heartspec_core.c after the per-width sections (it calls their bot_tables_* and sim_game_*). */

typedef struct {
    int wide, dealer, deal_number;
    long long totals[MAX_SEATS], stake_num, stake_den;
    bot_tables_t_narrow narrow;
#if HAVE_PDEP
    bot_tables_t_pdep pdep;
#endif
    bot_tables_t_wide wide_tables;
} sim_table_t;

static int sim_one(const rules_t *r, sim_table_t *t, const sim_env_t *env, long long game, game_rec_t *rec)
{
    if (t->wide)
        return sim_game_wide(r, &t->wide_tables, env, game, t->dealer, t->deal_number, t->totals, t->stake_num,
                             t->stake_den, rec);
#if HAVE_PDEP
    if (use_pdep)
        return sim_game_pdep(r, &t->pdep, env, game, t->dealer, t->deal_number, t->totals, t->stake_num,
                             t->stake_den, rec);
#endif
    return sim_game_narrow(r, &t->narrow, env, game, t->dealer, t->deal_number, t->totals, t->stake_num,
                           t->stake_den, rec);
}

static PyObject *int128_py(__int128 v)
{
    if (v >= INT64_MIN && v <= INT64_MAX)
        return PyLong_FromLongLong((long long)v);
    char text[48], *at = text + sizeof text - 1; /* beyond 64 bits: through its decimal digits */
    int negative = v < 0;
    unsigned __int128 u = negative ? -(unsigned __int128)v : (unsigned __int128)v;
    *at = 0;
    do {
        *--at = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u);
    if (negative)
        *--at = '-';
    return PyLong_FromString(at, NULL, 10);
}

static PyObject *tally_py(const tally_t *t)
{
    if (!t->touched) {
        Py_INCREF(Py_None);
        return Py_None;
    }
    return Py_BuildValue("(NNNNNN)", int128_py(t->games), int128_py(t->sum_y), int128_py(t->sum_n),
                         int128_py(t->sum_yy), int128_py(t->sum_yn), int128_py(t->sum_nn));
}

static PyObject *histogram_py(const histogram_t *h)
{
    PyObject *out = PyDict_New();
    for (int i = 0; out && i < h->len; i++) {
        PyObject *k = PyLong_FromLongLong(h->value[i]), *v = PyLong_FromLongLong(h->count[i]);
        if (k == NULL || v == NULL || PyDict_SetItem(out, k, v) < 0)
            Py_CLEAR(out);
        Py_XDECREF(k);
        Py_XDECREF(v);
    }
    return out;
}

static PyObject *tallies_py(const tally_t *t, int width)
{
    PyObject *out = PyTuple_New(width);
    for (int i = 0; out && i < width; i++) {
        PyObject *one = tally_py(&t[i]);
        if (one == NULL)
            Py_CLEAR(out);
        else
            PyTuple_SET_ITEM(out, i, one);
    }
    return out;
}

static PyObject *scopes_py(const scope_t *scopes, int count, int n)
{
    PyObject *out = PyTuple_New(count);
    for (int i = 0; out && i < count; i++) {
        const scope_t *s = &scopes[i];
        PyObject *one = Py_BuildValue("(NNNN)", tallies_py(s->deal, deal_width(n)),
                                      tallies_py(s->game, SIM_GAME_BEFORE_MONEY + n), histogram_py(&s->game_deals),
                                      histogram_py(&s->queen_holder));
        if (one == NULL)
            Py_CLEAR(out);
        else
            PyTuple_SET_ITEM(out, i, one);
    }
    return out;
}

/* One game's record as play.GameRecord's numbers: (deal rows with None for a missing queen holder, game row) */
static PyObject *record_py(const game_rec_t *g, int n)
{
    PyObject *deals = PyList_New(g->n_deals);
    for (int i = 0; deals && i < g->n_deals; i++) {
        PyObject *row = PyTuple_New(deal_width(n));
        for (int c = 0; row && c < deal_width(n); c++) {
            PyObject *v = has_metric(&g->deals[i], c, n) ? PyLong_FromLongLong(g->deals[i].v[c])
                                                         : (Py_INCREF(Py_None), Py_None);
            if (v == NULL)
                Py_CLEAR(row);
            else
                PyTuple_SET_ITEM(row, c, v);
        }
        if (row == NULL)
            Py_CLEAR(deals);
        else
            PyList_SET_ITEM(deals, i, row);
    }
    PyObject *game = PyTuple_New(SIM_GAME_BEFORE_MONEY + n);
    for (int c = 0; game && c < SIM_GAME_BEFORE_MONEY + n; c++) {
        PyObject *v = PyLong_FromLongLong(g->game[c]);
        if (v == NULL)
            Py_CLEAR(game);
        else
            PyTuple_SET_ITEM(game, c, v);
    }
    return Py_BuildValue("(NN)", deals, game);
}

static int read_ints(PyObject *tuple, int *out, int len, const char *what)
{
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) != len) {
        PyErr_Format(PyExc_ValueError, "%s must be a tuple of %d ints", what, len);
        return -1;
    }
    for (int i = 0; i < len; i++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(tuple, i));
        if (v == -1 && PyErr_Occurred())
            return -1;
        if (v < INT32_MIN || v > INT32_MAX) {
            PyErr_Format(PyExc_ValueError, "%s holds a number out of range", what);
            return -1;
        }
        out[i] = (int)v;
    }
    return 0;
}

static int read_table(PyObject *args, int k, rules_t *r, sim_table_t *t, const bot_consts_t *consts)
{
    PyObject *table, *totals;
    if (!PyArg_ParseTuple(args, "O!(iiO!)(LL)", &PyTuple_Type, &table, &t->dealer, &t->deal_number, &PyTuple_Type,
                          &totals, &t->stake_num, &t->stake_den))
        return -1;
    reader_t rd = {table, 0};
    if (read_rules(&rd, r))
        return -1;
    if (t->dealer < 0 || t->dealer >= r->n || t->deal_number < 1 || PyTuple_GET_SIZE(totals) != r->n ||
        t->stake_den < 1 || r->open_ended) {
        PyErr_Format(PyExc_ValueError, "table %d: a dealer among the seats, deal_number >= 1, a total per seat, "
                     "a stake with a positive denominator, and a game that ends by itself", k);
        return -1;
    }
    for (int s = 0; s < r->n; s++) {
        t->totals[s] = PyLong_AsLongLong(PyTuple_GET_ITEM(totals, s));
        if (t->totals[s] == -1 && PyErr_Occurred())
            return -1;
    }
    t->wide = r->copies > 1;
    bot_tables_narrow(&t->narrow, r, consts);
#if HAVE_PDEP
    bot_tables_pdep(&t->pdep, r, consts);
#endif
    bot_tables_wide(&t->wide_tables, r, consts);
    return 0;
}

typedef struct {
    rules_t *rules;
    sim_table_t *tables;
    deal_row_t *rows;
    game_rec_t *recs;
    scope_t *scopes;
    int n_scopes;
} sim_buffers_t;

static void free_buffers(sim_buffers_t *b)
{
    for (int i = 0; b->scopes && i < b->n_scopes; i++) {
        PyMem_Free(b->scopes[i].game_deals.value);
        PyMem_Free(b->scopes[i].game_deals.count);
        PyMem_Free(b->scopes[i].queen_holder.value);
        PyMem_Free(b->scopes[i].queen_holder.count);
    }
    PyMem_Free(b->rules);
    PyMem_Free(b->tables);
    PyMem_Free(b->rows);
    PyMem_Free(b->recs);
    PyMem_Free(b->scopes);
}

/* Game index `game` under every table, summed into the scopes: own figures, then each later table minus each earlier one. */
static int sim_index(sim_buffers_t *b, int count, const sim_env_t *env, long long game, PyObject *records)
{
    int n = b->rules[0].n;
    for (int k = 0; k < count; k++)
        if (sim_one(&b->rules[k], &b->tables[k], env, game, &b->recs[k]))
            return ERR_NO_END;
    for (int k = 0; k < count; k++)
        add_own(&b->scopes[k], &b->recs[k], n);
    int scope = count;
    for (int base = 0; base < count; base++)
        for (int k = base + 1; k < count; k++)
            add_difference(&b->scopes[scope++], &b->recs[k], &b->recs[base], n);
    if (records) {
        PyObject *row = PyTuple_New(count);
        for (int k = 0; row && k < count; k++) {
            PyObject *one = record_py(&b->recs[k], n);
            if (one == NULL)
                Py_CLEAR(row);
            else
                PyTuple_SET_ITEM(row, k, one);
        }
        if (row == NULL || PyList_Append(records, row) < 0) {
            Py_XDECREF(row);
            return ERR_SIGNAL;
        }
        Py_DECREF(row);
    }
    return 0;
}

/* simulate(tables, bots, consts, seed, first, stop, records, logged[, samples])
 *   tables: one (rules table, (dealer, deal_number, totals), (stake numerator, denominator)) per ruleset;
 *   bots: a BOT_ kind per seat; consts: bot_consts_t's fields in order; games first..stop-1 of the run `seed`;
 *   samples: the Monte Carlo bot's deals per decision (needed for a BOT_MONTECARLO seat).
 *   Returns (scopes, deals, records or None, move log or None); a scope is
 *   (deal tallies, game tallies, game.deals histogram, points.queen_holder histogram), a tally None or
 *   (games, sum_y, sum_n, sum_yy, sum_yn, sum_nn). */
static PyObject *simulate(PyObject *self, PyObject *args)
{
    PyObject *tables, *bots_arg, *consts_arg;
    unsigned long long seed;
    long long first, stop;
    int want_records, logged, samples = 0;
    if (!PyArg_ParseTuple(args, "O!O!O!KLLpp|i", &PyTuple_Type, &tables, &PyTuple_Type, &bots_arg, &PyTuple_Type,
                          &consts_arg, &seed, &first, &stop, &want_records, &logged, &samples))
        return NULL;
    if (samples < 0 || samples > SIM_MAX_SAMPLES) {
        PyErr_Format(PyExc_ValueError, "samples: 0..%d deals per Monte Carlo decision", SIM_MAX_SAMPLES);
        return NULL;
    }
    int count = (int)PyTuple_GET_SIZE(tables);
    if (count < 1 || count > SIM_MAX_TABLES || first < 0 || stop < first) {
        PyErr_Format(PyExc_ValueError, "1..%d tables and 0 <= first <= stop", SIM_MAX_TABLES);
        return NULL;
    }
    sim_env_t env = {.seed = seed, .samples = samples};
    log_t log = {NULL, 0, 0, 0};
    env.log = logged ? &log : NULL;
    if (read_ints(consts_arg, &env.k.spades, 7, "consts"))
        return NULL;
    if (env.k.spades < 0 || env.k.spades > 3 || env.k.hearts < 0 || env.k.hearts > 3 || env.k.queen_slot < 0 ||
        env.k.queen_slot >= SLOTS || env.k.high_heart_slot < 0 || env.k.high_heart_slot >= SLOTS ||
        env.k.queen_face < 0 || env.k.queen_face >= FACES) {
        PyErr_SetString(PyExc_ValueError, "consts: suits 0..3, slots and a face within the card layout");
        return NULL;
    }
    sim_buffers_t b = {0};
    b.n_scopes = count + count * (count - 1) / 2;
    b.rules = PyMem_Calloc((size_t)count, sizeof(rules_t));
    b.tables = PyMem_Calloc((size_t)count, sizeof(sim_table_t));
    b.rows = PyMem_Calloc((size_t)count * SIM_MAX_DEALS, sizeof(deal_row_t));
    b.recs = PyMem_Calloc((size_t)count, sizeof(game_rec_t));
    b.scopes = PyMem_Calloc((size_t)b.n_scopes, sizeof(scope_t));
    PyObject *records = want_records ? PyList_New(0) : NULL, *out = NULL;
    if (!b.rules || !b.tables || !b.rows || !b.recs || !b.scopes || (want_records && !records)) {
        PyErr_NoMemory();
        goto done;
    }
    for (int k = 0; k < count; k++) {
        if (read_table(PyTuple_GET_ITEM(tables, k), k, &b.rules[k], &b.tables[k], &env.k))
            goto done;
        if (b.rules[k].n != b.rules[0].n) {
            PyErr_SetString(PyExc_ValueError, "every table seats the same number of players");
            goto done;
        }
        b.recs[k].deals = b.rows + (size_t)k * SIM_MAX_DEALS;
    }
    if (read_ints(bots_arg, env.bots, b.rules[0].n, "bots"))
        goto done;
    for (int s = 0; s < b.rules[0].n; s++)
        if (env.bots[s] != BOT_RANDOM && env.bots[s] != BOT_HEURISTIC &&
            !(env.bots[s] == BOT_MONTECARLO && samples > 0)) {
            PyErr_SetString(PyExc_ValueError, "bots: 0 (random), 1 (heuristic) or 2 (Monte Carlo, with samples > 0) per seat");
            goto done;
        }
    long long deals = 0;
    for (long long game = first; game < stop; game++) {
        if (((game - first) & 63) == 0 && PyErr_CheckSignals() < 0)
            goto done;
        int err = sim_index(&b, count, &env, game, records);
        if (err == ERR_NO_END) {
            PyErr_Format(PyExc_RuntimeError, "a game did not end after %d deals", SIM_MAX_DEALS);
            goto done;
        }
        if (err)
            goto done;
        for (int k = 0; k < count; k++)
            deals += b.recs[k].n_deals;
    }
    for (int i = 0; i < b.n_scopes; i++)
        if (b.scopes[i].game_deals.failed || b.scopes[i].queen_holder.failed) {
            PyErr_NoMemory();
            goto done;
        }
    if (log.failed) {
        PyErr_NoMemory();
        goto done;
    }
    PyObject *moves = logged ? log_as_list(&log) : (Py_INCREF(Py_None), Py_None);
    if (moves == NULL)
        goto done;
    out = Py_BuildValue("(NLON)", scopes_py(b.scopes, b.n_scopes, b.rules[0].n), deals,
                        records ? records : Py_None, moves);
done:
    Py_XDECREF(records);
    PyMem_Free(log.items);
    free_buffers(&b);
    return out;
}

/* heuristic(table, consts, question, seat, hand, taken, trick, legal, totals, deal_number, seed):
 *   the compiled heuristic's answer in one position, for tests: question 0 pass (a mask), 1 play (a card),
 *   2 the moon choice (MOON_ADD or MOON_SUBTRACT); trick: the cards played so far, (seat, card) flat. */
static PyObject *heuristic(PyObject *self, PyObject *args)
{
    PyObject *table, *consts_arg, *hand_arg, *taken_arg, *trick_arg, *legal_arg, *totals_arg;
    int question, seat, deal_number;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "O!O!iiOO!O!OO!iK", &PyTuple_Type, &table, &PyTuple_Type, &consts_arg, &question,
                          &seat, &hand_arg, &PyTuple_Type, &taken_arg, &PyTuple_Type, &trick_arg, &legal_arg,
                          &PyTuple_Type, &totals_arg, &deal_number, &seed))
        return NULL;
    bot_consts_t k;
    rules_t r;
    reader_t rd = {table, 0};
    if (read_ints(consts_arg, &k.spades, 7, "consts") || read_rules(&rd, &r))
        return NULL;
    if (seat < 0 || seat >= r.n || PyTuple_GET_SIZE(taken_arg) != r.n || PyTuple_GET_SIZE(totals_arg) != r.n ||
        PyTuple_GET_SIZE(trick_arg) % 2 || PyTuple_GET_SIZE(trick_arg) >= 2 * r.n || question < 0 || question > 2 ||
        k.queen_face < 0 || k.queen_face >= FACES) {
        PyErr_SetString(PyExc_ValueError, "a seat, a taken mask and a total per seat, a part trick, question 0..2");
        return NULL;
    }
    rng_t unused, rng;
    seed_rng(&rng, seed);
    game_t_wide g; /* the wide width plays every deck; the bots are the same code at every width */
    long long totals[MAX_SEATS];
    for (int s = 0; s < r.n; s++)
        totals[s] = PyLong_AsLongLong(PyTuple_GET_ITEM(totals_arg, s));
    if (PyErr_Occurred())
        return NULL;
    init_game_wide(&g, &r, &unused, 0, deal_number < 1 ? 1 : deal_number, totals);
    mask_t legal;
    if (mask_from_py(hand_arg, &g.hand[seat]) || mask_from_py(legal_arg, &legal))
        return NULL;
    for (int s = 0; s < r.n; s++)
        if (mask_from_py(PyTuple_GET_ITEM(taken_arg, s), &g.taken[s]))
            return NULL;
    g.trick_len = (int)PyTuple_GET_SIZE(trick_arg) / 2;
    int cards[2 * MAX_SEATS];
    if (g.trick_len && read_ints(trick_arg, cards, 2 * g.trick_len, "trick"))
        return NULL;
    for (int i = 0; i < g.trick_len; i++) {
        if (cards[2 * i] < 0 || cards[2 * i] >= r.n || cards[2 * i + 1] < 0 || cards[2 * i + 1] >= MAX_CARDS) {
            PyErr_SetString(PyExc_ValueError, "trick: (seat, physical card id) pairs");
            return NULL;
        }
        g.trick_seat[i] = cards[2 * i];
        g.trick_card[i] = cards[2 * i + 1];
        g.trick_mask |= bit_wide(cards[2 * i + 1]);
    }
    g.led = g.trick_len ? suit_of(g.trick_card[0]) : 0;
    bot_tables_t_wide t;
    bot_tables_wide(&t, &r, &k);
    if (question == 0)
        return mask_py_wide(bot_pass_wide(&g, &t, BOT_HEURISTIC, seat, &rng));
    if (question == 1) {
        if (!legal || (legal & ~g.hand[seat])) {
            PyErr_SetString(PyExc_ValueError, "legal: some cards of the hand");
            return NULL;
        }
        return PyLong_FromLong(bot_play_wide(&g, &t, BOT_HEURISTIC, seat, legal, &rng));
    }
    return PyLong_FromLong(bot_choose_wide(&g, BOT_HEURISTIC, seat, &rng));
}
