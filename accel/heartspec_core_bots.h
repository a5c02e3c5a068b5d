/* The simulator's bots and its games, at one mask width: included by heartspec_core.c right after
 * heartspec_core_game.h, with the same MASK and NAME(x).
 *
 * The bots are heartspec.simulate.bots' RandomBot and HeuristicBot reading the game_t state; each
 * seat draws from its own generator, seeded from (run seed, game, seat). Where the Python bot breaks
 * a tie with its random.Random, this one breaks it with its own generator; everywhere else it makes
 * the same choice (tests/test_simulate_core.py checks that over positions of every ruleset).
 * A simulate game (sim_game) is heartspec.simulate.play.play_game: paired deals (a key per physical
 * card id from a generator seeded from (run seed, game, deal), the deck sorted by them), the bots
 * choosing, and one row of metrics per deal (heartspec_core_sim.h). */

#define M(x) ((MASK)(x))
#define game_t NAME(game_t)
#define log_deal NAME(log_deal)
#define log_pass NAME(log_pass)
#define log_play NAME(log_play)
#define log_choose NAME(log_choose)
#define log_end NAME(log_end)
#define card_points NAME(card_points)
#define init_game NAME(init_game)
#define start_deal NAME(start_deal)
#define pass_step NAME(pass_step)
#define legal_now NAME(legal_now)
#define play_step NAME(play_step)
#define choose_step NAME(choose_step)
#define game_winners NAME(game_winners)
#define bit NAME(bit)
#define count NAME(count)
#define kth NAME(kth)
#define lowest NAME(lowest)
#define bot_tables_t NAME(bot_tables_t)
#define bot_tables NAME(bot_tables)
#define first_max_rank NAME(first_max_rank)
#define first_min_rank NAME(first_min_rank)
#define heuristic_pass NAME(heuristic_pass)
#define queen_out NAME(queen_out)
#define heuristic_lead NAME(heuristic_lead)
#define moon_threat NAME(moon_threat)
#define heuristic_follow NAME(heuristic_follow)
#define heuristic_discard NAME(heuristic_discard)
#define heuristic_play NAME(heuristic_play)
#define heuristic_choose NAME(heuristic_choose)
#define bot_pass NAME(bot_pass)
#define bot_play NAME(bot_play)
#define bot_choose NAME(bot_choose)
#define mc_sample NAME(mc_sample)
#define mc_playout NAME(mc_playout)
#define montecarlo_play NAME(montecarlo_play)
#define paired_deck NAME(paired_deck)
#define sim_deal NAME(sim_deal)
#define sim_game NAME(sim_game)

/* Per ruleset: what the heuristic asks of every card, as masks. */
typedef struct {
    MASK suit[4], points, queen, below[SLOTS + 1]; /* below[k]: every card whose slot in its suit is below k */
    MASK slot[SLOTS];                              /* slot[k]: every card in slot k of its suit */
    const bot_consts_t *k;
} bot_tables_t;

static void bot_tables(bot_tables_t *t, const rules_t *r, const bot_consts_t *k)
{
    memset(t, 0, sizeof *t);
    t->k = k;
    for (int s = 0; s < 4; s++)
        t->suit[s] = M(r->suit[s]);
    for (int c = 0; c < r->classes; c++)
        if (r->class_points[c] > 0)
            t->points |= M(r->class_cards[c]);
    t->queen = M(r->face_copies[k->queen_face]);
    for (int slot = 0; slot <= SLOTS; slot++)
        for (int f = 0; f < FACES; f++)
            if (f % SLOTS < slot)
                t->below[slot] |= M(r->face_copies[f]);
    for (int slot = 0; slot < SLOTS; slot++)
        t->slot[slot] = t->below[slot + 1] & ~t->below[slot];
}

/* Python's max(cards, key=rank) over cards in id order: the first card (the lowest id) of the highest rank. */
static int first_max_rank(const bot_tables_t *t, MASK m)
{
    for (int slot = SLOTS - 1; slot >= 0; slot--)
        if (m & t->slot[slot])
            return lowest(m & t->slot[slot]);
    return -1;
}

static int first_min_rank(const bot_tables_t *t, MASK m)
{
    for (int slot = 0; slot < SLOTS; slot++)
        if (m & t->slot[slot])
            return lowest(m & t->slot[slot]);
    return -1;
}

/* HeuristicBot.pass_cards: the pass_count cards of highest danger (_pass_danger, doubled to stay whole). */
static MASK heuristic_pass(const game_t *g, const bot_tables_t *t, int seat, rng_t *rng)
{
    const bot_consts_t *k = t->k;
    MASK hand = g->hand[seat], spades = hand & t->suit[k->spades];
    int want = g->r->pass_count, guarded = count(spades & t->below[k->queen_slot]) >= k->guard_spades;
    int short_suit = -1, short_len = MAX_CARDS + 1;
    for (int s = 0; s < 2; s++) { /* clubs, then diamonds: the shorter one that fits wins, clubs on a tie */
        int len = count(hand & t->suit[s]);
        if (len > 0 && len <= want && len < short_len) {
            short_suit = s;
            short_len = len;
        }
    }
    int cards[MAX_CARDS], danger[MAX_CARDS], len = 0;
    u64 key[MAX_CARDS];
    for (MASK rest = hand; rest; rest &= rest - 1) {
        int c = lowest(rest), r = rank_of(c), s = suit_of(c), d;
        if (s == k->spades && r >= k->queen_slot && !guarded)
            d = 2 * (100 + r);
        else if (s == k->spades && r == k->queen_slot)
            d = -2;
        else if (s == short_suit)
            d = 2 * (80 + r);
        else if (s == k->hearts && r >= k->high_heart_slot)
            d = 2 * (60 + r);
        else
            d = 2 * r + ((t->points & bit(c)) ? 1 : 0);
        cards[len] = c;
        danger[len] = d;
        key[len++] = next_u64(rng);
    }
    MASK chosen = 0;
    for (int picked = 0; picked < want && picked < len; picked++) { /* the next by (-danger, random key) */
        int best = -1;
        for (int i = 0; i < len; i++)
            if (!(chosen & bit(cards[i])) &&
                (best < 0 || danger[i] > danger[best] || (danger[i] == danger[best] && key[i] < key[best])))
                best = i;
        chosen |= bit(cards[best]);
    }
    return chosen;
}

/* The queen is still to come from someone else: not yet taken, not in this trick, not in this hand. */
static int queen_out(const game_t *g, const bot_tables_t *t, int seat)
{
    MASK gone = g->hand[seat] | g->trick_mask;
    for (int s = 0; s < g->r->n; s++)
        gone |= g->taken[s];
    return (t->queen & ~gone) != 0;
}

static int heuristic_lead(const bot_tables_t *t, MASK legal, int out, rng_t *rng)
{
    const bot_consts_t *k = t->k;
    MASK spades = legal & t->suit[k->spades], low = spades & t->below[k->queen_slot], high = spades & ~low;
    if (out && low && !high)
        return first_max_rank(t, low); /* drive the queen out with spades that cannot win her */
    MASK safe = out ? legal & ~high : legal;
    if (!safe)
        safe = legal;
    MASK side = safe & ~t->suit[k->hearts];
    if (!side)
        side = safe;
    int shortest[4], ties = 0, len_min = MAX_CARDS + 1;
    for (int s = 0; s < 4; s++) {
        int len = count(side & t->suit[s]);
        if (!len)
            continue;
        if (len < len_min) {
            len_min = len;
            ties = 0;
        }
        if (len == len_min)
            shortest[ties++] = s;
    }
    int s = shortest[ties > 1 ? (int)below(rng, (unsigned)ties) : 0];
    return first_min_rank(t, side & t->suit[s]);
}

/* One other seat has every point card taken so far, and a good share of them. */
static int moon_threat(const game_t *g, const bot_tables_t *t, int seat)
{
    int holder = -1;
    for (int s = 0; s < g->r->n; s++)
        if (g->taken[s] & t->points) {
            if (holder >= 0)
                return 0;
            holder = s;
        }
    return holder >= 0 && holder != seat && count(g->taken[holder] & t->points) >= t->k->threat_points;
}

static int heuristic_follow(const game_t *g, const bot_tables_t *t, int seat, MASK legal)
{
    const bot_consts_t *k = t->k;
    int best = -1;
    for (int i = 0; i < g->trick_len; i++)
        if (suit_of(g->trick_card[i]) == g->led && rank_of(g->trick_card[i]) > best)
            best = rank_of(g->trick_card[i]);
    int trick_points = (g->trick_mask & t->points) != 0;
    if (trick_points && moon_threat(g, t, seat))
        return first_max_rank(t, legal); /* take the heart that spoils someone's moon */
    MASK queens = legal & t->queen;
    if (queens && best > k->queen_slot)
        return lowest(queens); /* someone above the queen wins this spade trick: shed her on it */
    MASK under = legal & t->below[best] & ~t->queen;
    if (under)
        return first_max_rank(t, under); /* duck as high as still loses */
    MASK clean = legal & ~t->queen;
    if (!clean)
        clean = legal;
    if (g->trick_len == g->r->n - 1 && !trick_points)
        return first_max_rank(t, clean); /* winning anyway, with nothing in it: unload a high card */
    return first_min_rank(t, clean);
}

static int heuristic_discard(const bot_tables_t *t, MASK legal, int out)
{
    const bot_consts_t *k = t->k;
    MASK queens = legal & t->queen;
    if (queens)
        return lowest(queens);
    MASK high_spades = legal & t->suit[k->spades] & ~t->below[k->queen_slot + 1];
    if (out && high_spades)
        return first_max_rank(t, high_spades);
    MASK hearts = legal & t->suit[k->hearts];
    return first_max_rank(t, hearts ? hearts : legal);
}

/* HeuristicBot.play */
static int heuristic_play(const game_t *g, const bot_tables_t *t, int seat, MASK legal, rng_t *rng)
{
    if (!(legal & (legal - 1)))
        return lowest(legal);
    int out = queen_out(g, t, seat);
    if (!g->trick_len)
        return heuristic_lead(t, legal, out, rng);
    if (suit_of(lowest(legal)) == g->led) /* legal cards of the led suit mean the seat follows */
        return heuristic_follow(g, t, seat, legal);
    return heuristic_discard(t, legal, out);
}

/* HeuristicBot.choose: the option that ends the game with this seat winning, else one that does not end it.
 * It weighs the moon's points alone on the totals before the deal, as the Python bot does. */
static int heuristic_choose(const game_t *g, int seat)
{
    const rules_t *r = g->r;
    int n = r->n, spared = r->partnership && r->moon_spares_partner ? (seat + n / 2) % n : -1;
    int winners[2], tie;
    game_t *trial = PyMem_Malloc(sizeof *trial);
    if (trial == NULL)
        return MOON_ADD; /* no memory for the trial: the bot's fallback choice */
    for (int effect = MOON_ADD; effect <= MOON_SUBTRACT; effect++) {
        *trial = *g;
        for (int s = 0; s < n; s++)
            trial->totals[s] += s == seat ? (effect == MOON_ADD ? 0 : -r->moon_amount)
                                          : (effect == MOON_ADD && s != spared ? r->moon_amount : 0);
        winners[effect] = game_winners(trial, &tie);
    }
    PyMem_Free(trial);
    for (int effect = MOON_ADD; effect <= MOON_SUBTRACT; effect++)
        if (winners[effect] >> seat & 1)
            return effect;
    for (int effect = MOON_ADD; effect <= MOON_SUBTRACT; effect++)
        if (!winners[effect])
            return effect;
    return MOON_ADD;
}

static MASK bot_pass(const game_t *g, const bot_tables_t *t, int kind, int seat, rng_t *rng)
{
    if (kind == BOT_HEURISTIC || kind == BOT_MONTECARLO)
        return heuristic_pass(g, t, seat, rng);
    MASK left = g->hand[seat], pick = 0;
    for (int c = 0; c < g->r->pass_count; c++) {
        MASK b = bit(kth(left, (int)below(rng, (unsigned)count(left))));
        pick |= b;
        left &= ~b;
    }
    return pick;
}

/* ------------------------------------------------------------------ the Monte Carlo bot
 * At each card with a choice it deals the cards it has not seen among the other hands (and a kitty
 * not yet taken) in `samples` ways consistent with what it saw: each hand's size, the suits a seat
 * showed out of (voids), and the cards it passed, which stay with the seat it passed them to until
 * played. For each such deal it plays each legal card and the rest of the deal with every seat
 * playing the heuristic, and keeps the card whose deals end best on average for it: its own points
 * minus the others' mean (so a moon it shoots, or spoils, counts). Passing and the moon choice are
 * the heuristic's. Its generator is the seat's own, so one seed gives one game. */

/* One consistent deal of the unseen cards into `hands` (and `kitty`): 1, or 0 when voids leave no room
 * in `tries` attempts (the caller then deals ignoring voids, which can always be done). */
static int mc_sample(const game_t *g, int seat, const unsigned *voids, MASK unseen, const MASK *fixed,
                     MASK *hands, MASK *kitty, int kitty_room, rng_t *rng, int keep_voids)
{
    int n = g->r->n, room[MAX_SEATS], cards[MAX_CARDS], len = 0;
    MASK pool = unseen;
    for (int s = 0; s < n; s++) {
        hands[s] = s == seat ? g->hand[s] : fixed[s];
        room[s] = s == seat ? 0 : count(g->hand[s]) - count(fixed[s]);
        pool &= ~fixed[s];
    }
    for (MASK rest = pool; rest; rest &= rest - 1)
        cards[len++] = lowest(rest);
    for (int i = len - 1; i > 0; i--) { /* a random order of the pool (Fisher-Yates) */
        int j = (int)below(rng, (unsigned)(i + 1)), c = cards[i];
        cards[i] = cards[j];
        cards[j] = c;
    }
    *kitty = 0;
    for (int i = 0; i < len; i++) { /* each card to a seat that may hold it, or the kitty, in proportion to room */
        int c = cards[i], total = kitty_room, suit = suit_of(c);
        for (int s = 0; s < n; s++)
            if (room[s] > 0 && !(keep_voids && (voids[s] >> suit & 1)))
                total += room[s];
        if (total == 0)
            return 0;
        int pick = (int)below(rng, (unsigned)total), s = 0;
        for (; s < n; s++)
            if (room[s] > 0 && !(keep_voids && (voids[s] >> suit & 1)) && (pick -= room[s]) < 0)
                break;
        if (s == n) {
            *kitty |= bit(c);
            kitty_room--;
        } else {
            hands[s] |= bit(c);
            room[s]--;
        }
    }
    return 1;
}

/* The rest of the deal with every seat playing the heuristic; the seat's points minus the others' mean. */
static double mc_playout(game_t *p, const bot_tables_t *t, int seat, rng_t *rng)
{
    while (p->phase == PH_PLAYING) {
        int s = p->turn;
        play_step(p, s, heuristic_play(p, t, s, legal_now(p, s), rng));
    }
    if (p->phase == PH_MOON)
        choose_step(p, p->turn, heuristic_choose(p, p->turn));
    int n = p->r->n;
    double others = 0;
    for (int s = 0; s < n; s++)
        if (s != seat)
            others += p->last_points[s];
    return p->last_points[seat] - others / (n - 1);
}

static int montecarlo_play(const game_t *g, const bot_tables_t *t, int seat, MASK legal, const unsigned *voids,
                           int samples, rng_t *rng)
{
    const rules_t *r = g->r;
    int n = r->n;
    if (!(legal & (legal - 1)) || samples < 1 || voids == NULL || r->stock_size || g->set_aside)
        return heuristic_play(g, t, seat, legal, rng); /* nothing to choose, or a stock or set-aside trick it does not model */
    MASK unseen = g->kitty, fixed[MAX_SEATS] = {0};
    for (int s = 0; s < n; s++)
        if (s != seat)
            unseen |= g->hand[s];
    int offset = r->pass_count && r->cycle_passes[g->pass_slot] ? r->cycle[g->pass_slot] : 0;
    if (offset)
        fixed[modulo(seat + offset, n)] = g->passes[seat] & unseen;
    int cand[MAX_CARDS], ncand = 0;
    double total[MAX_CARDS];
    for (MASK rest = legal; rest; rest &= rest - 1) {
        total[ncand] = 0;
        cand[ncand++] = lowest(rest);
    }
    game_t *base = PyMem_Malloc(2 * sizeof *base);
    if (base == NULL)
        return heuristic_play(g, t, seat, legal, rng);
    game_t *trial = base + 1;
    *base = *g;
    base->log = NULL;
    base->events = NULL;
    base->counts = NULL;
    for (int k = 0; k < samples; k++) {
        MASK hands[MAX_SEATS], kitty;
        int kitty_room = count(g->kitty);
        if (!mc_sample(g, seat, voids, unseen, fixed, hands, &kitty, kitty_room, rng, 1))
            mc_sample(g, seat, voids, unseen, fixed, hands, &kitty, kitty_room, rng, 0);
        memcpy(base->hand, hands, sizeof(MASK) * (size_t)n);
        base->kitty = kitty;
        for (int i = 0; i < ncand; i++) {
            *trial = *base;
            play_step(trial, seat, cand[i]);
            total[i] += mc_playout(trial, t, seat, rng);
        }
    }
    PyMem_Free(base);
    int best = 0;
    for (int i = 1; i < ncand; i++)
        if (total[i] < total[best])
            best = i;
    return cand[best];
}

INLINE static int bot_play(const game_t *g, const bot_tables_t *t, int kind, int seat, MASK legal, rng_t *rng)
{
    if (kind == BOT_HEURISTIC)
        return heuristic_play(g, t, seat, legal, rng);
    return kth(legal, (int)below(rng, (unsigned)count(legal)));
}

static int bot_choose(const game_t *g, int kind, int seat, rng_t *rng)
{
    return kind == BOT_HEURISTIC || kind == BOT_MONTECARLO ? heuristic_choose(g, seat) : (int)below(rng, 2);
}

/* The deck in dealing order for deal `number` of game `game`: a key per physical id, the deck sorted by them. */
static void paired_deck(const rules_t *r, u64 run_seed, long long game, int number, int *cards)
{
    rng_t rng;
    u64 key[MAX_CARDS];
    seed_rng(&rng, derived(run_seed, game, SEED_DEAL, number));
    for (int id = 0; id < FACES * r->copies; id++)
        key[id] = next_u64(&rng);
    /* sorted by (key, place in the deck): a stable counting pass on the keys' top bits, then an
     * insertion sort, which has only the few cards sharing a bucket left to move */
    int start[DECK_BUCKETS + 1] = {0}, spread[MAX_CARDS];
    for (int i = 0; i < r->deck_size; i++)
        start[(key[r->deck[i]] >> DECK_BUCKET_SHIFT) + 1]++;
    for (int b = 0; b < DECK_BUCKETS; b++)
        start[b + 1] += start[b];
    for (int i = 0; i < r->deck_size; i++)
        spread[start[key[r->deck[i]] >> DECK_BUCKET_SHIFT]++] = r->deck[i];
    for (int i = 0; i < r->deck_size; i++) {
        int c = spread[i], j = i;
        for (; j > 0 && key[cards[j - 1]] > key[c]; j--)
            cards[j] = cards[j - 1];
        cards[j] = c;
    }
}

/* One deal of a simulate game, measured into `row` (play._play_deal). */
static void sim_deal(game_t *g, const bot_tables_t *t, const sim_env_t *env, rng_t *bots, long long game,
                     deal_row_t *row)
{
    const rules_t *r = g->r;
    int n = r->n, cards[MAX_CARDS];
    long long counts[COUNTED_RULES] = {0};
    paired_deck(r, env->seed, game, g->deal_number, cards);
    log_deal(g, cards);
    g->counts = counts;
    start_deal(g, cards);
    row->has_queen = 0;
    if (r->copies == 1)
        for (int s = 0; s < n; s++)
            if (g->hand[s] & t->queen)
                row->has_queen = 1 + s; /* the seat, for now */
    long long kitty = card_points(r, g->kitty);
    if (g->phase == PH_PASSING) {
        MASK chosen[MAX_SEATS];
        for (int s = 0; s < n; s++) {
            chosen[s] = bot_pass(g, t, env->bots[s], s, &bots[s]);
            log_pass(g, s, chosen[s]);
        }
        for (int s = 0; s < n; s++)
            pass_step(g, s, chosen[s]);
    }
    int moves = 0;
    unsigned voids[MAX_SEATS] = {0}; /* suits each seat showed out of this deal, for the Monte Carlo bot */
    while (g->phase == PH_PLAYING) {
        int seat = g->turn;
        MASK legal = legal_now(g, seat);
        int card = env->bots[seat] == BOT_MONTECARLO
                       ? montecarlo_play(g, t, seat, legal, voids, env->samples, &bots[seat])
                       : bot_play(g, t, env->bots[seat], seat, legal, &bots[seat]);
        if (g->trick_len && suit_of(card) != g->led)
            voids[seat] |= 1u << g->led;
        log_play(g, seat, card, legal);
        play_step(g, seat, card);
        moves++;
    }
    if (g->phase == PH_MOON) {
        int seat = g->turn, effect = bot_choose(g, env->bots[seat], seat, &bots[seat]);
        log_choose(g, seat, effect);
        choose_step(g, seat, effect);
    }
    g->counts = NULL;
    for (int s = 0; s < n; s++)
        row->v[s] = g->last_points[s];
    if (row->has_queen) {
        row->v[n + SIM_QUEEN_HOLDER] = g->last_points[row->has_queen - 1];
        row->has_queen = 1;
    } else {
        row->v[n + SIM_QUEEN_HOLDER] = 0;
    }
    row->v[n + SIM_MOON] = g->last_shooter >= 0;
    row->v[n + SIM_TRICKS] = moves / n;
    row->v[n + SIM_KITTY_POINTS] = kitty;
    for (int i = 0; i < COUNTED_RULES; i++)
        row->v[n + SIM_COUNTED + i] = counts[i];
}

/* Game `game` of the run under one table, into `rec` (play.play_game). 0, or ERR_NO_END. */
static int sim_game(const rules_t *r, const bot_tables_t *t, const sim_env_t *env, long long game, int dealer,
                    int deal_number, const long long *totals, long long stake_num, long long stake_den, game_rec_t *rec)
{
    game_t g;
    rng_t unused, bots[MAX_SEATS];
    int n = r->n;
    init_game(&g, r, &unused, dealer, deal_number, totals);
    g.log = env->log;
    put(g.log, LOG_GAME);
    for (int s = 0; s < n; s++)
        seed_rng(&bots[s], derived(env->seed, game, SEED_SEAT, s));
    rec->n_deals = 0;
    long long extra = 0;
    while (g.phase != PH_OVER) {
        if (g.deals_scored >= SIM_MAX_DEALS)
            return ERR_NO_END;
        deal_row_t *row = &rec->deals[rec->n_deals++];
        sim_deal(&g, t, env, bots, game, row);
        extra += row->v[n + SIM_COUNTED + COUNT_TIES] > 0;
    }
    rec->game[SIM_GAME_DEALS] = g.deals_scored;
    rec->game[SIM_GAME_EXTRA_DEALS] = extra;
    rec->game[SIM_GAME_SHARED_WIN] = popcount_int(g.winners) > 1;
    rec->has_money = 0;
    for (int s = 0; s < n; s++) {
        long long cents = money_cents(g.money[s], r->money_unit, stake_num, stake_den);
        rec->game[SIM_GAME_BEFORE_MONEY + s] = cents;
        rec->has_money |= cents != 0;
    }
    log_end(&g);
    return 0;
}

#undef bot_tables_t
#undef bot_tables
#undef first_max_rank
#undef first_min_rank
#undef heuristic_pass
#undef queen_out
#undef heuristic_lead
#undef moon_threat
#undef heuristic_follow
#undef heuristic_discard
#undef heuristic_play
#undef heuristic_choose
#undef bot_pass
#undef bot_play
#undef bot_choose
#undef mc_sample
#undef mc_playout
#undef montecarlo_play
#undef paired_deck
#undef sim_deal
#undef sim_game
#undef M
#undef game_t
#undef log_deal
#undef log_pass
#undef log_play
#undef log_choose
#undef log_end
#undef card_points
#undef init_game
#undef start_deal
#undef pass_step
#undef legal_now
#undef play_step
#undef choose_step
#undef game_winners
#undef bit
#undef count
#undef kth
#undef lowest
