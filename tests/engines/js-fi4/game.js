// The rules of fi (Finnish Hertta) at four players, as `heartspec rules fi` states them, behind the protocol's
// commands. A refused request throws a RuleError before anything changes (P-envelope-15).
"use strict";

const PLAYERS = 4;
const HAND = 13;
const PASS_COUNT = 3;
const RANKS = "23456789TJQKA";
const SUITS = "CDHS";
const CYCLE = ["left", "right", "across", "none"];
const OFFSET = { left: 1, right: PLAYERS - 1, across: PLAYERS / 2 };
const TARGET = 100;
const MOON = 26;
const MOON_EFFECTS = ["add_to_others", "subtract_from_self"];
// every option name of spec/protocol.md 6.2, with a check of its JSON type
const OPTION_TYPES = {
  dealer: isInt, deal_number: isInt, totals: (v) => Array.isArray(v) && v.every(isInt),
  target: (v) => v === null || isInt(v), max_deals: (v) => v === null || isInt(v),
  settlement: isString, stake: (v) => typeof v === "number" || isInt(v), draw_order: isString,
  moon_effect: isString, moon_amount: (v) => isString(v) || isInt(v), moon_also_requires: isStringList,
  unclaimed_pot: isString, moon_bonus_cards: isString, first_trick_queen: isString, pass_cycle: isStringList,
  moon_partner: isString,
};
const FI_OPTIONS = new Set(["dealer", "deal_number", "totals", "target", "max_deals", "moon_effect"]);
const KNOWN_RULESETS = { fi: [3, 4, 5, 6], "fi-classic": [2, 4], no: [3, 4, 5, 6], se: [3, 4, 5, 6, 7, 8, 9, 10, 11], dk: [3, 4, 5, 6, 7, 8, 9, 10] };

class RuleError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

function isInt(v) { return typeof v === "bigint"; }
function isString(v) { return typeof v === "string"; }
function isStringList(v) { return Array.isArray(v) && v.every(isString); }
function bad(message) { return new RuleError("bad_request", message); }

// A card is a number 0..51: suit * 13 + rank, so sorting numbers sorts in card order (suit, then rank).
function parseCard(name) {
  const match = /^(10|[2-9tjqkaTJQKA])([cdhsCDHS])$/.exec(name);
  if (!match) return null;
  const rank = match[1] === "10" ? "T" : match[1].toUpperCase();
  return SUITS.indexOf(match[2].toUpperCase()) * 13 + RANKS.indexOf(rank);
}
const isJoker = (name) => /^[xX][cdCD]$/.test(name);
const cardName = (card) => RANKS[card % 13] + SUITS[Math.floor(card / 13)];
const suitOf = (card) => Math.floor(card / 13);
const HEARTS = 2;
const QUEEN_OF_SPADES = 3 * 13 + 10;
const OPENING = 0; // 2C
const points = (card) => (suitOf(card) === HEARTS ? 1 : card === QUEEN_OF_SPADES ? 13 : 0);
const names = (cards) => [...cards].sort((a, b) => a - b).map(cardName);

function seatOf(request) {
  const seat = request.seat;
  if (!isInt(seat) || seat < 0n || seat >= BigInt(PLAYERS)) throw bad("seat must be an integer 0..3");
  return Number(seat);
}

// A card field: bad_request when not a string, invalid_card when no card of this deck.
function cardOf(value) {
  if (!isString(value)) throw bad("a card must be a string");
  const card = parseCard(value);
  if (card === null) throw new RuleError("invalid_card", `${JSON.stringify(value)} is not a card of this game's deck`);
  return card;
}

class Game {
  static start(request, bug) {
    const { ruleset, players } = request;
    const variants = request.variants === undefined || request.variants === null ? [] : request.variants;
    const options = request.options === undefined || request.options === null ? {} : request.options;
    if (!isString(ruleset)) throw bad("ruleset must be a string");
    if (!isInt(players)) throw bad("players must be an integer");
    if (!isStringList(variants)) throw bad("variants must be a list of strings");
    if (typeof options !== "object" || Array.isArray(options)) throw bad("options must be an object");
    for (const [name, value] of Object.entries(options)) {
      if (value !== null && OPTION_TYPES[name] && !OPTION_TYPES[name](value)) throw bad(`option ${name} has the wrong type`);
    }
    if (!(ruleset in KNOWN_RULESETS) || ruleset !== "fi") throw new RuleError("unsupported", "this engine plays fi only");
    if (variants.length) throw new RuleError("unsupported", "this engine plays no variants");
    if (!KNOWN_RULESETS.fi.includes(Number(players)) || players > 100n) {
      throw new RuleError("invalid_game", "fi is for three to six players");
    }
    if (players !== BigInt(PLAYERS)) throw new RuleError("unsupported", "this engine plays fi at four players only");
    return new Game(gameOptions(options), bug);
  }

  constructor(options, bug) {
    this.bug = bug;
    this.dealer = options.dealer;
    this.dealNumber = options.deal_number;
    this.totals = options.totals;
    this.target = options.target;
    this.maxDeals = options.max_deals;
    this.moonEffect = options.moon_effect;
    this.winners = null;
    this.lastScore = null;
    this.resetDeal();
  }

  resetDeal() {
    this.phase = this.winners ? "game_over" : "deal";
    this.hands = [[], [], [], []];
    this.passes = new Map();
    this.trick = [];
    this.taken = [0, 0, 0, 0];
    this.tricksDone = 0;
    this.heartsBroken = false;
    this.turn = null;
  }

  passDirection() { return CYCLE[(this.dealNumber - 1) % CYCLE.length]; }

  newGameFields() {
    return { phase: "deal", ruleset: "fi", variants: [], players: PLAYERS, dealer: this.dealer, deal_number: this.dealNumber };
  }

  // -- deal ---------------------------------------------------------------
  dealRequest(request) {
    const { hands } = request;
    const given = (field) => request[field] !== undefined && request[field] !== null;
    if (given("seed")) throw bad(given("hands") ? "a deal gives either seed or hands" : "this engine deals only the cards it is given");
    if (!Array.isArray(hands) || !hands.every(isStringList)) throw bad("hands must be a list of lists of strings");
    for (const pile of ["kitty", "stock"]) if (given(pile) && !isStringList(request[pile])) throw bad(`${pile} must be a list of strings`);
    this.requirePhase("deal");
    const dealt = hands.map((hand) => hand.map((name) => {
      const card = parseCard(name);
      if (card === null && !isJoker(name)) throw new RuleError("invalid_card", `${JSON.stringify(name)} names no card`);
      return card;
    }));
    const extra = ["kitty", "stock"].some((pile) => given(pile) && request[pile].length);
    const all = dealt.flat();
    if (hands.length !== PLAYERS || dealt.some((hand) => hand.length !== HAND) || extra || all.includes(null)
        || new Set(all).size !== 52) {
      throw new RuleError("invalid_deal", "the cards must be the 52-card deck, 13 to each of four seats");
    }
    this.hands = dealt.map((hand) => new Set(hand));
    if (this.passDirection() === "none") this.beginPlay();
    else this.phase = "passing";
    return { phase: this.phase, pass_direction: this.passDirection(), turn: this.turn, events: [] };
  }

  beginPlay() {
    this.phase = "playing";
    this.turn = this.hands.findIndex((hand) => hand.has(OPENING));
  }

  // -- pass ---------------------------------------------------------------
  passRequest(request) {
    const seat = seatOf(request);
    if (!isStringList(request.cards)) throw bad("cards must be a list of strings");
    this.requirePhase("passing");
    if (this.passes.has(seat)) throw new RuleError("already_passed", `seat ${seat} has already passed this deal`);
    const cards = request.cards.map(cardOf);
    if (cards.length !== PASS_COUNT || new Set(cards).size !== cards.length) {
      throw new RuleError("invalid_pass", `pass exactly ${PASS_COUNT} different cards`);
    }
    for (const card of cards) {
      if (!this.hands[seat].has(card)) throw new RuleError("card_not_in_hand", `seat ${seat} does not hold ${cardName(card)}`);
    }
    this.passes.set(seat, cards);
    if (this.passes.size < PLAYERS) return { events: [] };
    return { events: this.exchange() };
  }

  exchange() {
    const offset = OFFSET[this.passDirection()];
    const events = [];
    for (const [seat, cards] of this.passes) for (const card of cards) this.hands[seat].delete(card);
    for (let receiver = 0; receiver < PLAYERS; receiver++) {
      const giver = (receiver - offset + PLAYERS) % PLAYERS;
      const cards = this.passes.get(giver);
      for (const card of cards) this.hands[receiver].add(card);
      events.push({ type: "cards_received", seat: receiver, from: giver, cards: names(cards) });
    }
    this.beginPlay();
    return events;
  }

  // -- play ---------------------------------------------------------------
  playRequest(request) {
    const seat = seatOf(request);
    if (!isString(request.card)) throw bad("a card must be a string");
    this.requirePhase("playing");
    if (seat !== this.turn) throw new RuleError("not_your_turn", `it is seat ${this.turn}'s turn, not seat ${seat}'s`);
    const card = cardOf(request.card);
    const refusal = this.refusal(seat, card);
    if (refusal) throw refusal;
    return { events: this.play(seat, card) };
  }

  refusal(seat, card) {
    const hand = this.hands[seat];
    if (!hand.has(card)) return new RuleError("card_not_in_hand", `seat ${seat} does not hold ${cardName(card)}`);
    const firstTrick = this.tricksDone === 0;
    if (!this.trick.length) {
      if (firstTrick && card !== OPENING) return new RuleError("must_lead_opening_card", "the first trick must be led with 2C");
      const onlyHearts = [...hand].every((c) => suitOf(c) === HEARTS);
      const mayLeadOnlyHearts = onlyHearts && this.bug !== "hearts-lead";
      if (suitOf(card) === HEARTS && !this.heartsBroken && !mayLeadOnlyHearts) {
        return new RuleError("hearts_not_broken", `hearts are not broken yet, so ${cardName(card)} may not be led`);
      }
      return null;
    }
    const led = suitOf(this.trick[0].card);
    if (suitOf(card) !== led && [...hand].some((c) => suitOf(c) === led)) {
      return new RuleError("must_follow_suit", `${cardName(card)} does not follow the led suit ${SUITS[led]}`);
    }
    const onlyPoints = [...hand].every((c) => points(c) > 0) && this.bug !== "only-points";
    if (firstTrick && points(card) > 0 && !onlyPoints) {
      return new RuleError("points_on_first_trick", `${cardName(card)} carries points, barred from the first trick`);
    }
    return null;
  }

  play(seat, card) {
    const events = [{ type: "card_played", seat, card: cardName(card) }];
    this.hands[seat].delete(card);
    const discarded = this.trick.length && suitOf(card) !== suitOf(this.trick[0].card);
    const breaks = discarded && suitOf(card) === HEARTS && !(this.bug === "first-trick-heart" && this.tricksDone === 0);
    this.trick.push({ seat, card });
    if (breaks && !this.heartsBroken) {
      this.heartsBroken = true;
      events.push({ type: "hearts_broken" });
    }
    if (this.trick.length < PLAYERS) {
      this.turn = (seat + 1) % PLAYERS;
      return events;
    }
    this.finishTrick(events);
    return events;
  }

  finishTrick(events) {
    const led = suitOf(this.trick[0].card);
    const winner = this.trick.filter((t) => suitOf(t.card) === led).reduce((a, b) => (b.card > a.card ? b : a)).seat;
    const trickPoints = this.trick.reduce((sum, t) => sum + points(t.card), 0);
    events.push({ type: "trick_won", seat: winner, cards: this.trick.map((t) => cardName(t.card)), points: trickPoints });
    this.taken[winner] += trickPoints;
    this.trick = [];
    this.tricksDone++;
    this.turn = winner;
    if (this.tricksDone === HAND) this.scoreDeal(events);
  }

  scoreDeal(events) {
    const shooter = this.taken.findIndex((p) => p === MOON);
    let score = [...this.taken];
    let moon = null;
    if (shooter >= 0 && this.bug !== "moon") {
      moon = { seat: shooter, effect: this.moonEffect };
      score = this.moonEffect === "add_to_others" ? score.map((_, s) => (s === shooter ? 0 : MOON))
        : score.map((_, s) => (s === shooter ? -MOON : 0));
    }
    this.totals = this.totals.map((t, s) => t + score[s]);
    this.lastScore = score;
    events.push({ type: "deal_scored", points: score, totals: [...this.totals], moon });
    if (this.gameEnds()) {
      this.winners = this.lowestSeats();
      events.push({ type: "game_over", totals: [...this.totals], winners: this.winners });
      this.resetDeal();
      return;
    }
    this.dealNumber++;
    this.dealer = (this.dealer + 1) % PLAYERS;
    events.push({ type: "next_deal", deal_number: this.dealNumber, dealer: this.dealer, pass_direction: this.passDirection() });
    this.lastScore = null;
    this.resetDeal();
  }

  gameEnds() {
    if (this.maxDeals !== null && this.bug !== "last-deal") return this.dealNumber >= this.maxDeals;
    if (this.target === null) return false;
    return this.totals.some((t) => (this.bug === "target" ? t >= this.target : t > this.target));
  }

  lowestSeats() {
    const lowest = Math.min(...this.totals);
    const seats = this.totals.map((t, s) => (t === lowest ? s : -1)).filter((s) => s >= 0);
    return this.bug === "tie" ? seats.slice(0, 1) : seats;
  }

  // -- choose, legal, state ---------------------------------------------
  chooseRequest(request) {
    seatOf(request);
    if (!MOON_EFFECTS.includes(request.option)) throw bad("option must be add_to_others or subtract_from_self");
    this.requirePhase("moon_choice"); // fi fixes the moon's effect: this engine never asks for a choice
    return {};
  }

  legalRequest(request) {
    const seat = seatOf(request);
    if (this.phase !== "playing" || seat !== this.turn) return { cards: [] };
    return { cards: names([...this.hands[seat]].filter((card) => !this.refusal(seat, card))) };
  }

  state() {
    const state = {
      phase: this.phase, players: PLAYERS, deal_number: this.dealNumber, dealer: this.dealer,
      turn: this.phase === "playing" ? this.turn : null, pass_direction: this.passDirection(),
      hands: this.hands.map((hand) => names(hand)), trick: this.trick.map((t) => ({ seat: t.seat, card: cardName(t.card) })),
      hearts_broken: this.heartsBroken, passed: [...this.passes.keys()].sort(),
      deal_points: this.lastScore && this.phase === "game_over" ? this.lastScore : this.taken, totals: [...this.totals],
    };
    if (this.winners) state.winners = this.winners;
    return state;
  }

  requirePhase(phase) {
    if (this.phase !== phase) throw new RuleError("wrong_phase", `the game is in phase ${this.phase}, not ${phase}`);
  }
}

// new_game's options for fi: types were checked; here the names fi declares and the values it allows.
function gameOptions(options) {
  const chosen = { dealer: 0, deal_number: 1, totals: [0, 0, 0, 0], target: TARGET, max_deals: null, moon_effect: "add_to_others" };
  for (const [name, value] of Object.entries(options)) {
    if (value === null && name !== "target") continue;
    if (!FI_OPTIONS.has(name)) throw new RuleError("invalid_game", `fi has no option ${name}`);
    chosen[name] = value;
  }
  const invalid = (why) => new RuleError("invalid_game", why);
  if (chosen.dealer < 0n || chosen.dealer >= BigInt(PLAYERS)) throw invalid("dealer must be a seat");
  if (chosen.deal_number < 1n || chosen.deal_number > 1000000n) throw invalid("deal_number must be from 1");
  if (chosen.totals.length !== PLAYERS) throw invalid("totals must have four integers");
  if (chosen.target !== null && chosen.target < 1n) throw invalid("target must be from 1");
  if (chosen.max_deals !== null && chosen.max_deals < 1n) throw invalid("max_deals must be from 1");
  if (!MOON_EFFECTS.includes(chosen.moon_effect)) throw invalid("moon_effect must be add_to_others or subtract_from_self");
  if (chosen.target === null && chosen.max_deals === null) throw invalid("without a target the game needs a deal limit");
  const number = (v) => (v === null ? null : Number(v));
  return {
    dealer: Number(chosen.dealer), deal_number: Number(chosen.deal_number), totals: chosen.totals.map(Number),
    target: number(chosen.target), max_deals: number(chosen.max_deals), moon_effect: chosen.moon_effect,
  };
}

module.exports = { Game, RuleError, parseCard, PLAYERS };
