/* One game of the core over masks of type MASK: included once per mask width by heartspec_core.c,
 * which defines MASK, NAME(x) (this width's name for x) and the mask helpers NAME(bit), NAME(count),
 * NAME(kth) and NAME(lowest) before including it. */

#define M(x) ((MASK)(x)) /* a rule mask, read at this width */
#define game_t NAME(game_t)
#define draw_card NAME(draw_card)
#define deal NAME(deal)
#define pass_cards NAME(pass_cards)
#define first_holder NAME(first_holder)
#define opening NAME(opening)
#define lead_mask NAME(lead_mask)
#define follow_mask NAME(follow_mask)
#define trick_winner NAME(trick_winner)
#define any_cards NAME(any_cards)
#define play_tricks NAME(play_tricks)
#define team_or_seat_scores NAME(team_or_seat_scores)
#define lowest_seats NAME(lowest_seats)
#define game_winners NAME(game_winners)
#define end_game NAME(end_game)
#define settle_deal NAME(settle_deal)
#define score_deal NAME(score_deal)
#define play_deal NAME(play_deal)
#define play_game NAME(play_game)
#define play_batch NAME(play_batch)
#define bit NAME(bit)
#define count NAME(count)
#define kth NAME(kth)
#define lowest NAME(lowest)

/* ------------------------------------------------------------------ one game */

typedef struct {
    const rules_t *r;
    rng_t *rng;
    log_t *log;
    int dealer, deal_number, deals_scored, moons, points, winners, over;
    long long totals[MAX_SEATS], money[MAX_SEATS], in_pot[MAX_SEATS];
    MASK hand[MAX_SEATS], taken[MAX_SEATS], kitty, set_aside;
    int stock[MAX_CARDS], stock_len, stock_pos;
    int broken, tricks_done;
} game_t;


static void draw_card(game_t *g, int seat)
{
    if (g->stock_pos < g->stock_len)
        g->hand[seat] |= bit(g->stock[g->stock_pos++]);
}

static void deal(game_t *g)
{
    const rules_t *r = g->r;
    int cards[MAX_CARDS];
    memcpy(cards, r->deck, sizeof(int) * (size_t)r->deck_size);
    for (int i = r->deck_size - 1; i > 0; i--) { /* Fisher-Yates */
        int j = (int)below(g->rng, (unsigned)i + 1), t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
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
    g->stock_len = r->stock_size;
    g->stock_pos = 0;
    memcpy(g->stock, cards + at, sizeof(int) * (size_t)r->stock_size);
    g->set_aside = 0;
    g->broken = 0;
    g->tricks_done = 0;
    if (g->log) {
        put(g->log, LOG_DEAL);
        for (int i = 0; i < r->deck_size; i++)
            put(g->log, cards[i]);
    }
}

/* Each seat passes pass_count cards drawn at random from its hand. */
static void pass_cards(game_t *g, int offset)
{
    const rules_t *r = g->r;
    MASK chosen[MAX_SEATS];
    for (int s = 0; s < r->n; s++) {
        MASK left = g->hand[s], pick = 0;
        for (int c = 0; c < r->pass_count; c++) {
            MASK b = bit(kth(left, (int)below(g->rng, (unsigned)count(left))));
            pick |= b;
            left &= ~b;
        }
        chosen[s] = pick;
        if (g->log) {
            put(g->log, LOG_PASS);
            put(g->log, s);
            put_mask(g->log, pick);
        }
    }
    MASK before[MAX_SEATS];
    memcpy(before, g->hand, sizeof(MASK) * (size_t)r->n);
    for (int s = 0; s < r->n; s++)
        g->hand[s] = (before[s] & ~chosen[s]) | chosen[modulo(s - offset, r->n)];
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

/* Who leads the first trick; *opening: the copies of the card they must lead, or 0. */
static int opening(const game_t *g, MASK *opening_copies)
{
    const rules_t *r = g->r;
    *opening_copies = 0;
    if (r->holder_leads) {
        for (int i = 0; i < r->opening_len; i++) {
            int holder = first_holder(g, M(r->face_copies[r->opening_face[i]]));
            if (holder >= 0) {
                *opening_copies = M(r->face_copies[r->opening_face[i]]);
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
                *opening_copies = M(r->face_copies[low]);
                return holder;
            }
        }
    }
    return (g->dealer + 1) % r->n;
}

static MASK lead_mask(const game_t *g, int seat, MASK opening_copies)
{
    const rules_t *r = g->r;
    MASK hand = g->hand[seat];
    if (g->tricks_done == 0) {
        if (opening_copies)
            return hand & opening_copies;
        if (r->non_point_opening && (hand & ~M(r->opening_barred)))
            hand &= ~M(r->opening_barred);
    }
    if (r->lead_guarded && !g->broken) {
        MASK others = hand & ~M(r->hearts);
        if (others && !(r->hearts_and_queen && !(others & ~M(r->queen))))
            return others;
    }
    return hand;
}

static MASK follow_mask(const game_t *g, int seat, int led)
{
    const rules_t *r = g->r;
    MASK hand = g->hand[seat], allowed = hand & M(r->suit[led]);
    if (!allowed)
        allowed = hand;
    if (g->tricks_done == 0 && r->first_guarded) {
        MASK safe = allowed & ~M(r->barred);
        if (!safe && r->ban_before_suit)
            safe = hand & ~M(r->barred);
        if (safe)
            allowed = safe;
    }
    return allowed;
}

/* The seat that wins the trick by rank, or -1 when every led-suit card was cancelled. */
static int trick_winner(const rules_t *r, const int *seats, const int *cards, int led)
{
    int best = -1, best_face = -1;
    for (int i = 0; i < r->n; i++) {
        int f = face_of(cards[i]);
        if (f / SLOTS != led || f <= best_face)
            continue;
        if (r->cancel) {
            int twins = 0;
            for (int j = 0; j < r->n; j++)
                twins += face_of(cards[j]) == f;
            if (twins > 1)
                continue;
        }
        best = seats[i];
        best_face = f;
    }
    return best;
}

static int any_cards(const game_t *g)
{
    for (int s = 0; s < g->r->n; s++)
        if (g->hand[s])
            return 1;
    return 0;
}

/* Every trick of the deal; 0, or ERR_NO_CARD when a seat has no legal card. */
static int play_tricks(game_t *g, int leader, MASK opening_copies)
{
    const rules_t *r = g->r;
    int n = r->n, seats[MAX_SEATS], cards[MAX_SEATS];
    for (;;) {
        MASK trick = 0;
        int led = 0, best_face = -1, best_seat = -1; /* by rank as the cards fall, when none cancel */
        for (int i = 0, seat = leader; i < n; i++, seat = seat + 1 == n ? 0 : seat + 1) {
            MASK allowed = i == 0 ? lead_mask(g, seat, opening_copies) : follow_mask(g, seat, led);
            if (!allowed)
                return ERR_NO_CARD;
            int card = kth(allowed, (int)below(g->rng, (unsigned)count(allowed)));
            if (g->log) {
                put(g->log, LOG_PLAY);
                put(g->log, seat);
                put(g->log, card);
                put_mask(g->log, allowed);
            }
            if (i == 0)
                led = suit_of(card);
            g->hand[seat] &= ~bit(card);
            trick |= bit(card);
            seats[i] = seat;
            cards[i] = card;
            int f = face_of(card), better = (f / SLOTS == led) & (f > best_face);
            best_face = better ? f : best_face;
            best_seat = better ? seat : best_seat;
            if (!g->broken && (bit(card) & M(r->breakers[led])))
                g->broken = 1;
            if (r->draw == DRAW_REPLACE)
                draw_card(g, seat);
        }
        int winner = r->cancel ? trick_winner(r, seats, cards, led) : best_seat;
        if (winner < 0) {
            int deal_over = !any_cards(g) && g->stock_pos >= g->stock_len;
            if (r->set_aside_cancelled && !deal_over) { /* nobody takes it yet; its leader leads again */
                g->set_aside |= trick;
                g->tricks_done++;
                continue;
            }
            winner = leader;
        }
        g->taken[winner] |= trick | g->set_aside | g->kitty;
        g->set_aside = g->kitty = 0;
        g->tricks_done++;
        if (r->draw == DRAW_WINNER_FIRST && g->stock_pos < g->stock_len)
            for (int step = 0; step < n; step++)
                draw_card(g, (winner + step) % n);
        if (!any_cards(g))
            return 0;
        leader = winner;
    }
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

/* The winners' seats if the game ends after this deal, else 0. */
static int game_winners(const game_t *g)
{
    const rules_t *r = g->r;
    long long scores[MAX_SEATS];
    int units = team_or_seat_scores(g, scores), hit = 0, tied;
    for (int u = 0; u < units && r->has_target; u++)
        if (r->exceeds ? scores[u] > r->target : scores[u] >= r->target)
            hit = 1;
    if (!hit && !(r->has_max_deals && g->deal_number >= r->max_deals))
        return 0;
    int seats = lowest_seats(g, &tied);
    return r->extra_deal_on_tie && tied > 1 ? 0 : seats;
}

static void end_game(game_t *g, int winners)
{
    const rules_t *r = g->r;
    int n = r->n, k = popcount_int(winners);
    g->winners = winners;
    g->over = 1;
    if (r->settlement == SETTLE_POT)
        for (int s = 0; s < n; s++)
            g->money[s] = (winners >> s & 1) ? r->money_unit * n / k - r->money_unit : -r->money_unit;
    long long pot = 0;
    for (int s = 0; s < n; s++)
        pot += g->in_pot[s];
    if (pot) {
        for (int s = 0; s < n; s++)
            g->money[s] += r->unclaimed_to_winners ? ((winners >> s & 1) ? pot / k : 0) : g->in_pot[s];
        memset(g->in_pot, 0, sizeof g->in_pot);
    }
}

static void settle_deal(game_t *g, const int *points)
{
    const rules_t *r = g->r;
    int n = r->n;
    long long unit = r->money_unit;
    if (r->settlement == SETTLE_PAIRWISE) {
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                long long owed = (long long)(points[i] - points[j]) * unit;
                g->money[i] -= owed;
                g->money[j] += owed;
            }
    } else if (r->settlement == SETTLE_ZERO_POT) {
        long long carried = 0;
        int zero_seats = 0;
        for (int s = 0; s < n; s++) {
            long long paid = (points[s] > 0 ? points[s] : 0) * unit;
            g->money[s] -= paid;
            g->in_pot[s] += paid;
            carried += g->in_pot[s];
            zero_seats += points[s] == 0 || (r->zero_or_less && points[s] < 0);
        }
        if (zero_seats) {
            for (int s = 0; s < n; s++)
                if (points[s] == 0 || (r->zero_or_less && points[s] < 0))
                    g->money[s] += carried / zero_seats;
            memset(g->in_pot, 0, sizeof g->in_pot);
        }
    }
}

static void score_deal(game_t *g)
{
    const rules_t *r = g->r;
    int n = r->n, bonuses[MAX_SEATS], points[MAX_SEATS], shooter = -1;
    for (int s = 0; s < n; s++) {
        int pos = 0, neg = 0;
        for (int c = 0; c < r->classes; c++) {
            int worth = r->class_points[c] * count(g->taken[s] & M(r->class_cards[c]));
            if (worth > 0)
                pos += worth;
            else
                neg += worth;
        }
        bonuses[s] = neg;
        points[s] = pos + neg;
        if (shooter < 0 && M(r->moon) && (g->taken[s] & M(r->moon)) == M(r->moon))
            shooter = s;
    }
    if (shooter >= 0) {
        int effect = r->moon_effect;
        if (effect == MOON_CHOICE) {
            effect = (int)below(g->rng, 2); /* MOON_ADD or MOON_SUBTRACT, as MOON_CHOICES orders them */
            if (g->log) {
                put(g->log, LOG_CHOOSE);
                put(g->log, shooter);
                put(g->log, effect);
            }
        }
        for (int s = 0; s < n; s++) {
            if (s == shooter)
                points[s] = (effect == MOON_ADD ? 0 : -r->moon_amount) + (r->bonus_kept ? bonuses[s] : 0);
            else if (effect == MOON_ADD)
                points[s] += r->moon_amount;
        }
        g->moons++;
    }
    for (int s = 0; s < n; s++) {
        g->totals[s] += points[s];
        g->points += points[s];
    }
    g->deals_scored++;
    settle_deal(g, points);
    int winners = game_winners(g);
    if (winners) {
        end_game(g, winners);
        return;
    }
    g->deal_number++;
    g->dealer = modulo(g->dealer + r->dealer_rotation, n);
}

static int play_deal(game_t *g)
{
    const rules_t *r = g->r;
    deal(g);
    int slot = (g->deal_number - 1) % r->cycle_len;
    if (r->pass_count && r->cycle_passes[slot])
        pass_cards(g, r->cycle[slot]);
    MASK opening_copies;
    int leader = opening(g, &opening_copies);
    int err = play_tricks(g, leader, opening_copies);
    if (err)
        return err;
    score_deal(g);
    return 0;
}

static int play_game(game_t *g, int max_deals)
{
    const rules_t *r = g->r;
    int stop_after = r->open_ended ? 1 + (int)below(g->rng, (unsigned)r->open_ended_deals) : -1;
    put(g->log, LOG_GAME);
    while (!g->over) {
        if (g->deals_scored == stop_after) { /* an open-ended game ends when the table stops */
            int tied;
            put(g->log, LOG_STOP);
            end_game(g, lowest_seats(g, &tied));
            break;
        }
        if (g->deals_scored >= max_deals)
            return ERR_NO_END;
        int err = play_deal(g);
        if (err)
            return err;
    }
    if (g->log) {
        put(g->log, LOG_END);
        for (int s = 0; s < r->n; s++)
            put(g->log, (int)g->totals[s]);
        put(g->log, g->winners);
        for (int s = 0; s < r->n; s++) { /* money in stake / money_unit, as two 32-bit halves */
            put(g->log, (int)(uint32_t)((u64)g->money[s] & 0xffffffffu));
            put(g->log, (int)(uint32_t)((u64)g->money[s] >> 32));
        }
    }
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
        memset(&g, 0, sizeof g);
        g.r = r;
        g.rng = rng;
        g.log = log;
        g.dealer = dealer;
        g.deal_number = deal_number;
        memcpy(g.totals, totals, sizeof(long long) * (size_t)r->n);
        int err = play_game(&g, max_deals);
        sums[0] += g.deals_scored;
        sums[1] += g.moons;
        sums[2] += g.points;
        if (err)
            return err;
    }
    return 0;
}

#undef M
#undef game_t
#undef draw_card
#undef deal
#undef pass_cards
#undef first_holder
#undef opening
#undef lead_mask
#undef follow_mask
#undef trick_winner
#undef any_cards
#undef play_tricks
#undef team_or_seat_scores
#undef lowest_seats
#undef game_winners
#undef end_game
#undef settle_deal
#undef score_deal
#undef play_deal
#undef play_game
#undef play_batch
#undef bit
#undef count
#undef kth
#undef lowest
