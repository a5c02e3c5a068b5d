/* One game of the core over masks of type MASK: included once per mask width by heartspec_core.c,
 * which defines MASK, NAME(x) (this width's name for x) and the mask helpers NAME(bit), NAME(count),
 * NAME(kth) and NAME(lowest) before including it. */

#define M(x) ((MASK)(x)) /* a rule mask, read at this width */
#define mask_py NAME(mask_py)
#define mask_list NAME(mask_list)
#define number_list NAME(number_list)
#define position NAME(position)
#define snapshot NAME(snapshot)
#define perft NAME(perft)
#define game_t NAME(game_t)
#define log_deal NAME(log_deal)
#define log_pass NAME(log_pass)
#define log_play NAME(log_play)
#define log_choose NAME(log_choose)
#define log_end NAME(log_end)
#define card_points NAME(card_points)
#define event NAME(event)
#define count_rule NAME(count_rule)
#define init_game NAME(init_game)
#define draw_card NAME(draw_card)
#define first_holder NAME(first_holder)
#define opening NAME(opening)
#define begin_play NAME(begin_play)
#define pass_slot_of NAME(pass_slot_of)
#define clear_deal NAME(clear_deal)
#define start_deal NAME(start_deal)
#define pass_step NAME(pass_step)
#define lead_mask NAME(lead_mask)
#define follow_mask NAME(follow_mask)
#define legal_now NAME(legal_now)
#define refusal NAME(refusal)
#define cancelling_winner NAME(cancelling_winner)
#define any_cards NAME(any_cards)
#define put_mask_event NAME(put_mask_event)
#define finish_trick NAME(finish_trick)
#define play_step NAME(play_step)
#define team_or_seat_scores NAME(team_or_seat_scores)
#define lowest_seats NAME(lowest_seats)
#define target_hit NAME(target_hit)
#define game_winners NAME(game_winners)
#define end_game NAME(end_game)
#define stop_step NAME(stop_step)
#define settle_deal NAME(settle_deal)
#define conclude_deal NAME(conclude_deal)
#define score_deal NAME(score_deal)
#define choose_step NAME(choose_step)
#define random_card NAME(random_card)
#define random_pass NAME(random_pass)
#define shuffled_deck NAME(shuffled_deck)
#define play_deal NAME(play_deal)
#define play_game NAME(play_game)
#define play_batch NAME(play_batch)
#define bit NAME(bit)
#define count NAME(count)
#define kth NAME(kth)
#define lowest NAME(lowest)

/* ------------------------------------------------------------------ one game */

/* A game as a state machine whose phases are explicit (PH_*): the protocol engine steps it one
 * request at a time (heartspec_core.c's Game type), batch play drives the same steps in a loop
 * with a player choosing, so what the conformance suite judges is what batch play runs. */
typedef struct {
    const rules_t *r;
    rng_t *rng;
    log_t *log;          /* batch play's move log, or NULL */
    log_t *events;       /* the events of the step under way (EV_*), or NULL */
    long long *counts;   /* how often each COUNT_ rule decided something, or NULL */
    int phase, dealer, deal_number, deals_scored, moons, points, winners;
    long long totals[MAX_SEATS], money[MAX_SEATS], in_pot[MAX_SEATS];
    MASK hand[MAX_SEATS], taken[MAX_SEATS], kitty, set_aside;
    int stock[MAX_CARDS], stock_len, stock_pos;
    int broken, tricks_done, turn, pass_slot, passed;
    MASK passes[MAX_SEATS], opening_copies, trick_mask;
    int trick_len, led, best_face, best_seat, trick_seat[MAX_SEATS], trick_card[MAX_SEATS];
    int penalties[MAX_SEATS], bonuses[MAX_SEATS], shooter;  /* the deal being scored */
    int last_points[MAX_SEATS], last_shooter, last_effect;  /* the deal last scored */
    long long last_money[MAX_SEATS], pot_share[MAX_SEATS];
    int has_pot_share;
} game_t;

INLINE static void event(game_t *g, int what) { put(g->events, what); }
INLINE static void count_rule(game_t *g, int rule) { if (g->counts) g->counts[rule]++; }

static void init_game(game_t *g, const rules_t *r, rng_t *rng, int dealer, int deal_number, const long long *totals)
{
    memset(g, 0, sizeof *g);
    g->r = r;
    g->rng = rng;
    g->dealer = dealer;
    g->deal_number = deal_number;
    g->turn = -1;
    g->phase = PH_DEAL;
    memcpy(g->totals, totals, sizeof(long long) * (size_t)r->n);
}

static void draw_card(game_t *g, int seat)
{
    if (g->stock_pos >= g->stock_len)
        return;
    g->hand[seat] |= bit(g->stock[g->stock_pos++]);
    if (g->events) {
        event(g, EV_DRAWN);
        put(g->events, seat);
    }
}

static int first_holder(const game_t *g, MASK copies)
{
    for (int step = 1; step <= g->r->n; step++) {
        int seat = (g->dealer + step) % g->r->n;
        if (g->hand[seat] & copies)
            return seat;
    }
    return -1;
}

/* Who leads the first trick; g->opening_copies: the copies of the card they must lead, or 0. */
static int opening(game_t *g)
{
    const rules_t *r = g->r;
    g->opening_copies = 0;
    if (r->holder_leads) {
        for (int i = 0; i < r->opening_len; i++) {
            int holder = first_holder(g, M(r->face_copies[r->opening_face[i]]));
            if (holder >= 0) {
                g->opening_copies = M(r->face_copies[r->opening_face[i]]);
                return holder;
            }
        }
        MASK clubs = 0;
        for (int s = 0; s < r->n; s++)
            clubs |= g->hand[s] & M(r->suit[0]);
        if (r->lowest_club_fallback && clubs) {
            int low = FACES;
            for (MASK rest = clubs; rest; rest &= rest - 1)
                if (face_of(lowest(rest)) < low)
                    low = face_of(lowest(rest));
            int holder = first_holder(g, M(r->face_copies[low]));
            if (holder >= 0) { /* always: the club came from a hand */
                g->opening_copies = M(r->face_copies[low]);
                return holder;
            }
        }
    }
    return (g->dealer + 1) % r->n;
}

static void begin_play(game_t *g)
{
    g->phase = PH_PLAYING;
    g->turn = opening(g);
}

/* Where this deal number stands in the pass cycle. */
INLINE static int pass_slot_of(const game_t *g) { return (g->deal_number - 1) % g->r->cycle_len; }

/* Between deals no deal is under way: nothing held, taken or passed, hearts not broken
 * (what a snapshot shows in PH_DEAL, and after a stop). */
static void clear_deal(game_t *g)
{
    memset(g->hand, 0, sizeof g->hand);
    memset(g->taken, 0, sizeof g->taken);
    g->kitty = g->set_aside = g->trick_mask = g->opening_copies = 0;
    g->stock_len = g->stock_pos = 0;
    g->broken = g->tricks_done = g->trick_len = g->passed = 0;
}

/* The deal in dealing order: the hands one after another, then the kitty, then the stock. */
static void start_deal(game_t *g, const int *cards)
{
    const rules_t *r = g->r;
    int at = 0;
    for (int s = 0; s < r->n; s++) {
        MASK h = 0;
        for (int c = 0; c < r->hand_size; c++)
            h |= bit(cards[at++]);
        g->hand[s] = h;
        g->taken[s] = 0;
    }
    g->kitty = 0;
    for (int c = 0; c < r->kitty_size; c++)
        g->kitty |= bit(cards[at++]);
    if (g->kitty)
        count_rule(g, COUNT_KITTY_TO);
    g->stock_len = r->stock_size;
    g->stock_pos = 0;
    memcpy(g->stock, cards + at, sizeof(int) * (size_t)r->stock_size);
    g->set_aside = g->trick_mask = 0;
    g->broken = g->tricks_done = g->trick_len = g->passed = 0;
    g->pass_slot = pass_slot_of(g);
    if (r->pass_count && r->cycle_passes[g->pass_slot])
        g->phase = PH_PASSING;
    else
        begin_play(g);
}

/* Seat `seat` passes `chosen` (pass_count cards of its hand); the last seat to pass makes the exchange.
 * 0, or -1 when the step is not allowed now (nothing changes). */
UNUSED static int pass_step(game_t *g, int seat, MASK chosen)
{
    const rules_t *r = g->r;
    if (g->phase != PH_PASSING || seat < 0 || seat >= r->n || (g->passed >> seat & 1) ||
        (chosen & ~g->hand[seat]) || count(chosen) != r->pass_count)
        return -1;
    g->passes[seat] = chosen;
    g->passed |= 1 << seat;
    if (g->passed != (1 << r->n) - 1)
        return 0;
    int offset = r->cycle[g->pass_slot];
    MASK before[MAX_SEATS];
    memcpy(before, g->hand, sizeof(MASK) * (size_t)r->n);
    for (int s = 0; s < r->n; s++)
        g->hand[s] = (before[s] & ~g->passes[s]) | g->passes[modulo(s - offset, r->n)];
    begin_play(g);
    return 0;
}

INLINE static MASK lead_mask(game_t *g, int seat)
{
    const rules_t *r = g->r;
    MASK hand = g->hand[seat];
    if (g->tricks_done == 0) {
        if (g->opening_copies)
            return hand & g->opening_copies;
        if (r->non_point_opening && (hand & ~M(r->opening_barred)))
            hand &= ~M(r->opening_barred);
    }
    if (r->lead_guarded && !g->broken) {
        MASK others = hand & ~M(r->hearts);
        if (others && !(r->hearts_and_queen && !(others & ~M(r->queen)))) {
            if (others != hand) /* a heart was refused: a hand without hearts lost nothing to the rule */
                count_rule(g, COUNT_BEFORE_BROKEN);
            return others;
        }
        if (hand & M(r->hearts))
            count_rule(g, COUNT_EXCEPTIONS);
    }
    return hand;
}

INLINE static MASK follow_mask(game_t *g, int seat)
{
    const rules_t *r = g->r;
    MASK hand = g->hand[seat], allowed = hand & M(r->suit[g->led]);
    if (!allowed)
        allowed = hand;
    if (g->tricks_done == 0 && r->first_guarded) {
        MASK safe = allowed & ~M(r->barred);
        if (!safe && r->ban_before_suit)
            safe = hand & ~M(r->barred);
        if (safe != allowed)
            count_rule(g, safe ? COUNT_FIRST_TRICK_POINTS : COUNT_WHEN_ONLY_POINTS);
        if (safe)
            allowed = safe;
    }
    return allowed;
}

/* The cards `seat` may play now (0 when it is not their turn to play). */
INLINE static MASK legal_now(game_t *g, int seat)
{
    if (g->phase != PH_PLAYING || seat != g->turn)
        return 0;
    return g->trick_len ? follow_mask(g, seat) : lead_mask(g, seat);
}

/* Why `card`, held by the seat to play but not legal now, is refused: a REFUSE_ code. */
UNUSED static int refusal(const game_t *g, int seat, int card)
{
    const rules_t *r = g->r;
    MASK hand = g->hand[seat];
    if (g->trick_len)
        return suit_of(card) != g->led && (hand & M(r->suit[g->led])) ? REFUSE_MUST_FOLLOW : REFUSE_FIRST_TRICK;
    if (g->tricks_done == 0 && g->opening_copies)
        return REFUSE_OPENING_CARD;
    if (g->tricks_done == 0 && (bit(card) & M(r->opening_barred)) && (hand & ~M(r->opening_barred)))
        return REFUSE_FIRST_TRICK;
    return REFUSE_HEARTS_NOT_BROKEN;
}

/* The seat that wins the trick by rank when identical cards cancel, or -1 when every led-suit card was cancelled. */
static int cancelling_winner(game_t *g)
{
    const rules_t *r = g->r;
    int best = -1, best_face = -1, twins_met = 0;
    for (int i = 0; i < r->n; i++) {
        int f = face_of(g->trick_card[i]);
        if (f / SLOTS != g->led)
            continue;
        int twins = 0;
        for (int j = 0; j < r->n; j++)
            twins += face_of(g->trick_card[j]) == f;
        if (twins > 1) {
            twins_met = 1;
            continue;
        }
        if (f > best_face) {
            best = g->trick_seat[i];
            best_face = f;
        }
    }
    if (twins_met)
        count_rule(g, COUNT_IDENTICAL_CARDS);
    if (best < 0)
        count_rule(g, COUNT_ALL_CANCELLED);
    return best;
}

static int any_cards(const game_t *g)
{
    for (int s = 0; s < g->r->n; s++)
        if (g->hand[s])
            return 1;
    return 0;
}

static void put_mask_event(game_t *g, int what, int seat, MASK cards)
{
    if (!g->events)
        return;
    event(g, what);
    put(g->events, seat);
    put_mask(g->events, cards);
}

static void score_deal(game_t *g);

static void finish_trick(game_t *g)
{
    const rules_t *r = g->r;
    int n = r->n, leader = g->trick_seat[0];
    int winner = r->cancel ? cancelling_winner(g) : g->best_seat;
    MASK trick = g->trick_mask;
    g->trick_len = 0;
    g->trick_mask = 0;
    g->tricks_done++;
    if (winner < 0) {
        int deal_over = !any_cards(g) && g->stock_pos >= g->stock_len;
        if (r->set_aside_cancelled && !deal_over) { /* nobody takes it yet; its leader leads again */
            g->set_aside |= trick;
            event(g, EV_SET_ASIDE);
            g->turn = leader;
            return;
        }
        winner = leader;
    }
    g->taken[winner] |= trick;
    if (g->events) {
        event(g, EV_TRICK_WON);
        put(g->events, winner);
    }
    if (g->set_aside) {
        put_mask_event(g, EV_SET_ASIDE_TAKEN, winner, g->set_aside);
        g->taken[winner] |= g->set_aside;
        g->set_aside = 0;
    }
    if (g->kitty) { /* the kitty joins the first trick, so it goes to whoever takes that trick's cards */
        put_mask_event(g, EV_KITTY_TAKEN, winner, g->kitty);
        g->taken[winner] |= g->kitty;
        g->kitty = 0;
    }
    if (r->draw == DRAW_WINNER_FIRST && g->stock_pos < g->stock_len)
        for (int step = 0; step < n; step++)
            draw_card(g, (winner + step) % n);
    if (any_cards(g)) {
        g->turn = winner;
    } else {
        g->turn = -1;
        score_deal(g);
    }
}

/* The seat to play plays `card`, legal now (from legal_now): the trick, and what completing it brings. */
INLINE static void play_step(game_t *g, int seat, int card)
{
    const rules_t *r = g->r;
    /* the trick's state read once, into locals, and written back once: stores through the
     * trick's arrays would otherwise make the compiler reload every field after each */
    int len = g->trick_len, led = len ? g->led : suit_of(card);
    int best_face = len ? g->best_face : -1, best_seat = g->best_seat;
    int f = face_of(card), better = (f / SLOTS == led) & (f > best_face);
    MASK b = bit(card);
    g->hand[seat] &= ~b;
    g->trick_mask = len ? g->trick_mask | b : b;
    g->trick_seat[len] = seat;
    g->trick_card[len] = card;
    g->trick_len = len + 1;
    g->led = led;
    g->best_face = better ? f : best_face;
    g->best_seat = better ? seat : best_seat;
    if (!g->broken && (b & M(r->breakers[led]))) {
        g->broken = 1;
        event(g, EV_BROKEN);
    }
    if (r->draw == DRAW_REPLACE)
        draw_card(g, seat);
    if (len + 1 == r->n)
        finish_trick(g);
    else
        g->turn = seat + 1 == r->n ? 0 : seat + 1;
}

static int team_or_seat_scores(const game_t *g, long long *scores)
{
    int n = g->r->n;
    if (!g->r->partnership) {
        memcpy(scores, g->totals, sizeof(long long) * (size_t)n);
        return n;
    }
    for (int t = 0; t < n / 2; t++)
        scores[t] = g->totals[t] + g->totals[t + n / 2];
    return n / 2;
}

/* The lowest units (seats or teams) as a mask of seats, and how many units share it. */
static int lowest_seats(const game_t *g, int *units_tied)
{
    long long scores[MAX_SEATS], low;
    int units = team_or_seat_scores(g, scores), seats = 0;
    low = scores[0];
    for (int u = 1; u < units; u++)
        if (scores[u] < low)
            low = scores[u];
    *units_tied = 0;
    for (int u = 0; u < units; u++)
        if (scores[u] == low) {
            (*units_tied)++;
            seats |= 1 << u;
            if (g->r->partnership)
                seats |= 1 << (u + g->r->n / 2);
        }
    return seats;
}

/* Whether the target is met: by a unit's score, or with partners who do not add up for it, by a seat's own total. */
static int target_hit(const game_t *g, const long long *scores, int units)
{
    const rules_t *r = g->r;
    if (!r->has_target)
        return 0;
    const long long *checked = r->partnership && !r->team_target ? g->totals : scores;
    int checked_units = r->partnership && !r->team_target ? r->n : units;
    for (int u = 0; u < checked_units; u++)
        if (r->exceeds ? checked[u] > r->target : checked[u] >= r->target)
            return 1;
    return 0;
}

/* The winners' seats if the game ends after this deal, else 0; *tie_kept_playing: a tie for
 * lowest is all that keeps the game going. */
static int game_winners(const game_t *g, int *tie_kept_playing)
{
    const rules_t *r = g->r;
    long long scores[MAX_SEATS];
    int units = team_or_seat_scores(g, scores), tied;
    *tie_kept_playing = 0;
    if (!target_hit(g, scores, units) && !(r->has_max_deals && g->deal_number >= r->max_deals))
        return 0;
    int seats = lowest_seats(g, &tied);
    if (r->extra_deal_on_tie && tied > 1) {
        *tie_kept_playing = 1;
        return 0;
    }
    return seats;
}

static void end_game(game_t *g, int winners)
{
    const rules_t *r = g->r;
    int n = r->n, k = popcount_int(winners);
    g->winners = winners;
    g->phase = PH_OVER;
    g->turn = -1;
    if (r->settlement == SETTLE_POT)
        for (int s = 0; s < n; s++)
            g->money[s] = (winners >> s & 1) ? r->money_unit * n / k - r->money_unit : -r->money_unit;
    long long pot = 0;
    for (int s = 0; s < n; s++)
        pot += g->in_pot[s];
    g->has_pot_share = pot != 0;
    if (pot) {
        for (int s = 0; s < n; s++) {
            g->pot_share[s] = r->unclaimed_to_winners ? ((winners >> s & 1) ? pot / k : 0) : g->in_pot[s];
            g->money[s] += g->pot_share[s];
        }
        memset(g->in_pot, 0, sizeof g->in_pot);
    }
    event(g, EV_GAME_OVER);
}

/* The open-ended game's end between deals: the lowest seats win. -1 when the step is not allowed now. */
static int stop_step(game_t *g)
{
    int tied;
    if (g->phase != PH_DEAL || !g->r->open_ended)
        return -1;
    end_game(g, lowest_seats(g, &tied));
    return 0;
}

static void settle_deal(game_t *g, const int *points)
{
    const rules_t *r = g->r;
    int n = r->n;
    long long unit = r->money_unit;
    memset(g->last_money, 0, sizeof g->last_money);
    if (r->settlement == SETTLE_PAIRWISE) {
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                long long owed = (long long)(points[i] - points[j]) * unit;
                g->last_money[i] -= owed;
                g->last_money[j] += owed;
            }
    } else if (r->settlement == SETTLE_ZERO_POT) {
        long long carried = 0;
        int zero_seats = 0;
        for (int s = 0; s < n; s++) {
            long long paid = (points[s] > 0 ? points[s] : 0) * unit;
            g->last_money[s] -= paid;
            g->in_pot[s] += paid;
            carried += g->in_pot[s];
            zero_seats += points[s] == 0 || (r->zero_or_less && points[s] < 0);
        }
        if (zero_seats) {
            for (int s = 0; s < n; s++)
                if (points[s] == 0 || (r->zero_or_less && points[s] < 0))
                    g->last_money[s] += carried / zero_seats;
            memset(g->in_pot, 0, sizeof g->in_pot);
        }
    }
    for (int s = 0; s < n; s++)
        g->money[s] += g->last_money[s];
}

/* The deal's points with the moon's effect (MOON_ADD or MOON_SUBTRACT) when someone shot it. */
static void conclude_deal(game_t *g, int effect)
{
    const rules_t *r = g->r;
    int n = r->n, shooter = g->shooter, *points = g->last_points;
    int spared = shooter >= 0 && r->partnership && r->moon_spares_partner ? (shooter + n / 2) % n : -1;
    for (int s = 0; s < n; s++) {
        points[s] = g->penalties[s] + g->bonuses[s];
        if (shooter < 0)
            continue;
        if (s == shooter)
            points[s] = (effect == MOON_ADD ? 0 : -r->moon_amount) + (r->bonus_kept ? g->bonuses[s] : 0);
        else if (effect == MOON_ADD && s != spared)
            points[s] += r->moon_amount;
    }
    g->last_shooter = shooter;
    g->last_effect = effect;
    g->moons += shooter >= 0;
    for (int s = 0; s < n; s++) {
        g->totals[s] += points[s];
        g->points += points[s];
    }
    g->deals_scored++;
    settle_deal(g, points);
    event(g, EV_DEAL_SCORED);
    int tie_kept_playing, winners = game_winners(g, &tie_kept_playing);
    if (tie_kept_playing)
        count_rule(g, COUNT_TIES);
    if (winners) {
        end_game(g, winners);
        return;
    }
    g->deal_number++;
    g->dealer = modulo(g->dealer + r->dealer_rotation, n);
    clear_deal(g);
    g->phase = PH_DEAL;
    g->turn = -1;
    event(g, EV_NEXT_DEAL);
}

/* What these cards are worth by the rules' card values. */
UNUSED static long long card_points(const rules_t *r, MASK cards)
{
    long long sum = 0;
    for (int c = 0; c < r->classes; c++)
        sum += (long long)r->class_points[c] * count(cards & M(r->class_cards[c]));
    return sum;
}

static void score_deal(game_t *g)
{
    const rules_t *r = g->r;
    int n = r->n;
    g->shooter = -1;
    for (int s = 0; s < n; s++) {
        int pos = 0, neg = 0;
        for (int c = 0; c < r->classes; c++) {
            int worth = r->class_points[c] * count(g->taken[s] & M(r->class_cards[c]));
            if (worth > 0)
                pos += worth;
            else
                neg += worth;
        }
        g->penalties[s] = pos;
        g->bonuses[s] = neg;
        if (g->shooter < 0 && M(r->moon) && (g->taken[s] & M(r->moon)) == M(r->moon))
            g->shooter = s;
    }
    if (g->shooter >= 0 && r->moon_effect == MOON_CHOICE) {
        g->phase = PH_MOON;
        g->turn = g->shooter;
        if (g->events) {
            event(g, EV_MOON_CHOICE);
            put(g->events, g->shooter);
        }
        return;
    }
    conclude_deal(g, r->moon_effect);
}

/* The shooter's choice (MOON_ADD or MOON_SUBTRACT). -1 when the step is not allowed now. */
static int choose_step(game_t *g, int seat, int effect)
{
    if (g->phase != PH_MOON || seat != g->turn || (effect != MOON_ADD && effect != MOON_SUBTRACT))
        return -1;
    conclude_deal(g, effect);
    return 0;
}

/* ------------------------------------------------------------------ the move log of batch and simulate play */

static void log_deal(game_t *g, const int *cards)
{
    if (!g->log)
        return;
    put(g->log, LOG_DEAL);
    for (int i = 0; i < g->r->deck_size; i++)
        put(g->log, cards[i]);
}

static void log_pass(game_t *g, int seat, MASK chosen)
{
    if (!g->log)
        return;
    put(g->log, LOG_PASS);
    put(g->log, seat);
    put_mask(g->log, chosen);
}

INLINE static void log_play(game_t *g, int seat, int card, MASK allowed)
{
    if (!g->log)
        return;
    put(g->log, LOG_PLAY);
    put(g->log, seat);
    put(g->log, card);
    put_mask(g->log, allowed);
}

static void log_choose(game_t *g, int seat, int effect)
{
    if (!g->log)
        return;
    put(g->log, LOG_CHOOSE);
    put(g->log, seat);
    put(g->log, effect);
}

/* The game's end: totals, the winners' mask, and money in stake / money_unit as two 32-bit halves. */
static void log_end(game_t *g)
{
    if (!g->log)
        return;
    put(g->log, LOG_END);
    for (int s = 0; s < g->r->n; s++)
        put(g->log, (int)g->totals[s]);
    put(g->log, g->winners);
    for (int s = 0; s < g->r->n; s++) {
        put(g->log, (int)(uint32_t)((u64)g->money[s] & 0xffffffffu));
        put(g->log, (int)(uint32_t)((u64)g->money[s] >> 32));
    }
}

/* ------------------------------------------------------------------ batch play: the same steps, a player choosing */

INLINE static int random_card(game_t *g, MASK allowed) { return kth(allowed, (int)below(g->rng, (unsigned)count(allowed))); }

static MASK random_pass(game_t *g, int seat)
{
    MASK left = g->hand[seat], pick = 0;
    for (int c = 0; c < g->r->pass_count; c++) {
        MASK b = bit(kth(left, (int)below(g->rng, (unsigned)count(left))));
        pick |= b;
        left &= ~b;
    }
    return pick;
}

static void shuffled_deck(game_t *g, int *cards)
{
    const rules_t *r = g->r;
    memcpy(cards, r->deck, sizeof(int) * (size_t)r->deck_size);
    for (int i = r->deck_size - 1; i > 0; i--) { /* Fisher-Yates */
        int j = (int)below(g->rng, (unsigned)i + 1), t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
    log_deal(g, cards);
}

/* One deal by random players, from the shuffle to its score; 0, or ERR_NO_CARD when a seat has no legal card. */
static int play_deal(game_t *g)
{
    const rules_t *r = g->r;
    int cards[MAX_CARDS];
    shuffled_deck(g, cards);
    start_deal(g, cards);
    if (g->phase == PH_PASSING) {
        MASK chosen[MAX_SEATS];
        for (int s = 0; s < r->n; s++) { /* every seat chooses from the hand it was dealt */
            chosen[s] = random_pass(g, s);
            log_pass(g, s, chosen[s]);
        }
        for (int s = 0; s < r->n; s++)
            pass_step(g, s, chosen[s]);
    }
    while (g->phase == PH_PLAYING) { /* legal_now, without asking whose turn it is */
        int seat = g->turn;
        MASK allowed = g->trick_len ? follow_mask(g, seat) : lead_mask(g, seat);
        if (!allowed)
            return ERR_NO_CARD;
        int card = random_card(g, allowed);
        log_play(g, seat, card, allowed);
        play_step(g, seat, card);
    }
    if (g->phase == PH_MOON) {
        int effect = (int)below(g->rng, 2); /* MOON_ADD or MOON_SUBTRACT, as MOON_CHOICES orders them */
        log_choose(g, g->turn, effect);
        choose_step(g, g->turn, effect);
    }
    return 0;
}

static int play_game(game_t *g, int max_deals)
{
    const rules_t *r = g->r;
    int stop_after = r->open_ended ? 1 + (int)below(g->rng, (unsigned)r->open_ended_deals) : -1;
    put(g->log, LOG_GAME);
    while (g->phase != PH_OVER) {
        if (g->deals_scored == stop_after) { /* an open-ended game ends when the table stops */
            put(g->log, LOG_STOP);
            stop_step(g);
            break;
        }
        if (g->deals_scored >= max_deals)
            return ERR_NO_END;
        int err = play_deal(g);
        if (err)
            return err;
    }
    log_end(g);
    return 0;
}

/* `games` games in a row from one generator; sums: deals, moons, points. 0, or an ERR_ code. */
static int play_batch(const rules_t *r, rng_t *rng, log_t *log, long long games, int dealer, int deal_number,
                      const long long *totals, int max_deals, long long *sums)
{
    for (long long i = 0; i < games; i++) {
        if ((i & 255) == 0 && PyErr_CheckSignals() < 0)
            return ERR_SIGNAL;
        game_t g;
        init_game(&g, r, rng, dealer, deal_number, totals);
        g.log = log;
        int err = play_game(&g, max_deals);
        sums[0] += g.deals_scored;
        sums[1] += g.moons;
        sums[2] += g.points;
        if (err)
            return err;
    }
    return 0;
}

/* ------------------------------------------------------------------ counting play sequences (heartspec.engine.perft) */

/* Distinct sequences of `depth` cards from this position, two copies of one face being one choice
 * (the protocol names faces); a sequence ends early when the deal does. */
UNUSED static long long perft(const game_t *g, int depth)
{
    if (depth == 0 || g->phase != PH_PLAYING)
        return 1;
    game_t next = *g;
    next.events = NULL;
    next.counts = NULL;
    next.log = NULL;
    MASK legal = legal_now(&next, g->turn);
    long long nodes = 0;
    for (MASK rest = legal; rest; rest &= rest - 1) {
        int card = lowest(rest);
        if (face_of(card) != card && (legal & bit(face_of(card))))
            continue; /* the second copy of a face the first copy already plays */
        if (nodes)
            next = *g, next.events = NULL, next.counts = NULL, next.log = NULL;
        play_step(&next, g->turn, card);
        nodes += perft(&next, depth - 1);
    }
    return nodes;
}

/* ------------------------------------------------------------------ the protocol Game's view, at this width */

UNUSED static PyObject *mask_list(const MASK *masks, int n)
{
    PyObject *out = PyTuple_New(n);
    for (int i = 0; out && i < n; i++) {
        PyObject *m = mask_py(masks[i]);
        if (m == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, m);
    }
    return out;
}

UNUSED static PyObject *number_list(const long long *values, int n)
{
    PyObject *out = PyTuple_New(n);
    for (int i = 0; out && i < n; i++) {
        PyObject *v = PyLong_FromLongLong(values[i]);
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, v);
    }
    return out;
}

/* What a card can change, as one tuple, in the shapes heartspec.engine.core_game keeps them (it reads this
 * after every step, the snapshot only when a deal ends): phase, turn or None, hands, taken, the trick as
 * (seat, card) pairs, hearts broken, the mask of seats that passed, kitty, set aside, stock cards left,
 * tricks done, the face the opening lead must be or None. */
UNUSED static PyObject *position(const game_t *g)
{
    int n = g->r->n;
    PyObject *trick = PyTuple_New(g->trick_len);
    for (int i = 0; trick && i < g->trick_len; i++) {
        PyObject *pair = Py_BuildValue("(ii)", g->trick_seat[i], g->trick_card[i]);
        if (pair == NULL) {
            Py_CLEAR(trick);
            break;
        }
        PyTuple_SET_ITEM(trick, i, pair);
    }
    PyObject *turn = g->turn < 0 ? (Py_INCREF(Py_None), Py_None) : PyLong_FromLong(g->turn);
    PyObject *opening = g->opening_copies ? PyLong_FromLong(face_of(lowest(g->opening_copies)))
                                          : (Py_INCREF(Py_None), Py_None);
    return Py_BuildValue("(iNNNNNiNNiiN)", g->phase, turn, mask_list(g->hand, n), mask_list(g->taken, n), trick,
                         PyBool_FromLong(g->broken), g->passed, mask_py(g->kitty), mask_py(g->set_aside),
                         g->stock_len - g->stock_pos, g->tricks_done, opening);
}

/* What only the end of a deal changes, as one tuple (heartspec.engine.core_game reads it when a game starts and
 * when a deal ends): the dealer, the deal number, the totals, the winners as a mask of seats, the money, what
 * each seat has in the pot, the last deal's points, its moon shooter (-1: none) and the effect, the last deal's
 * money, the pot's share at the end (None: no share) and the slot of the pass cycle. */
UNUSED static PyObject *snapshot(const game_t *g)
{
    int n = g->r->n;
    long long points[MAX_SEATS];
    for (int s = 0; s < n; s++)
        points[s] = g->last_points[s];
    return Py_BuildValue("(iiNiNNNiiNNi)", g->dealer, g->deal_number, number_list(g->totals, n), g->winners,
                         number_list(g->money, n), number_list(g->in_pot, n), number_list(points, n),
                         g->last_shooter, g->last_effect, number_list(g->last_money, n),
                         g->has_pot_share ? number_list(g->pot_share, n) : (Py_INCREF(Py_None), Py_None),
                         pass_slot_of(g));
}

#undef M
#undef mask_py
#undef mask_list
#undef number_list
#undef position
#undef snapshot
#undef perft
#undef game_t
#undef log_deal
#undef log_pass
#undef log_play
#undef log_choose
#undef log_end
#undef card_points
#undef event
#undef count_rule
#undef init_game
#undef draw_card
#undef first_holder
#undef opening
#undef begin_play
#undef pass_slot_of
#undef clear_deal
#undef start_deal
#undef pass_step
#undef lead_mask
#undef follow_mask
#undef legal_now
#undef refusal
#undef cancelling_winner
#undef any_cards
#undef put_mask_event
#undef finish_trick
#undef play_step
#undef team_or_seat_scores
#undef lowest_seats
#undef target_hit
#undef game_winners
#undef end_game
#undef stop_step
#undef settle_deal
#undef conclude_deal
#undef score_deal
#undef choose_step
#undef random_card
#undef random_pass
#undef shuffled_deck
#undef play_deal
#undef play_game
#undef play_batch
#undef bit
#undef count
#undef kth
#undef lowest
