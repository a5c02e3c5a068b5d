#!/usr/bin/env node
'use strict';
/**
 * Finnish Hertta (heartspec ruleset `fi`) at four players, written on the JavaScript engine kit.
 *
 * Only the game is here: the kit (../heartspec-kit.js) reads the lines, parses strict JSON, checks
 * each field's type and seat, and answers hello and quit. Run it as a heartspec engine:
 *
 *   heartspec conform --engine "node reference/kits/js/examples/fi4.js"
 *
 * The rules, as `heartspec rules fi` prints them: 52 cards, 13 each; pass 3 cards left, right,
 * across, then no pass; the holder of 2C leads it; no heart or QS on the first trick (unless the
 * hand holds nothing else); hearts break when one is discarded; no heart lead before that unless the
 * hand is all hearts; hearts 1 point, QS 13; taking all 26 shoots the moon; the game ends after a
 * deal in which a total passes the target (100), or after deal max_deals when that is agreed; the
 * lowest total wins.
 */

const { CARDS, Engine, Refusal, inCardOrder, serve } = require('../heartspec-kit.js');

const PLAYERS = 4;
const DECK = CARDS.filter((card) => card[0] !== 'X'); // no jokers at four players
const HAND_SIZE = 13;
const PASS_COUNT = 3;
const PASS_CYCLE = ['left', 'right', 'across', 'none'];
const PASS_OFFSET = { left: 1, right: PLAYERS - 1, across: 2 };
const RANK_ORDER = '23456789TJQKA';
const OPTIONS = ['dealer', 'deal_number', 'totals', 'target', 'max_deals', 'moon_effect'];
const MOON_EFFECTS = ['add_to_others', 'subtract_from_self'];

const pointsOf = (card) => (card === 'QS' ? 13 : card[1] === 'H' ? 1 : 0);
const suitOf = (card) => card[1];
const seats = () => [...Array(PLAYERS).keys()];

class FinnishHertta extends Engine {
  constructor() {
    super();
    this.name = 'fi4-js-example';
    this.version = '1.0';
    this.supports = { rulesets: ['fi'], variants: [], players: { fi: [PLAYERS] } };
  }

  // --- the game's set-up -----------------------------------------------------------------

  newGame(ruleset, players, variants, options) {
    if (players < 3 || players > 6) throw new Refusal('invalid_game', `fi plays with 3 to 6 players, not ${players}`);
    if (players !== PLAYERS) throw new Refusal('unsupported', `this engine plays fi at ${PLAYERS} players only`);
    const unknown = Object.keys(options).filter((name) => !OPTIONS.includes(name));
    if (unknown.length) throw new Refusal('invalid_game', `fi has no option ${unknown.join(', ')}`);
    const { dealer = 0, deal_number: dealNumber = 1, totals = Array(PLAYERS).fill(0) } = options;
    const { target = 100, max_deals: maxDeals = null, moon_effect: moonEffect = 'add_to_others' } = options;
    if (dealer < 0 || dealer >= PLAYERS) throw new Refusal('invalid_game', `dealer ${dealer} is not a seat`);
    if (dealNumber < 1 || (maxDeals !== null && maxDeals < 1) || (target !== null && target < 1)) {
      throw new Refusal('invalid_game', 'deal_number, max_deals and target start from 1');
    }
    if (totals.length !== PLAYERS) throw new Refusal('invalid_game', `totals must be ${PLAYERS} numbers`);
    if (target === null && maxDeals === null) throw new Refusal('invalid_game', 'with no points target the game needs max_deals, or it never ends');
    if (!MOON_EFFECTS.includes(moonEffect)) throw new Refusal('invalid_game', `moon_effect is one of ${MOON_EFFECTS.join(', ')}`);
    Object.assign(this, { target, maxDeals, moonEffect, totals: [...totals], winners: null });
    this.startDeal(dealer, dealNumber);
  }

  startDeal(dealer, dealNumber) {
    Object.assign(this, { phase: 'deal', dealer, dealNumber, turn: null, trick: [], tricksPlayed: 0 });
    this.passDirection = PASS_CYCLE[(dealNumber - 1) % PASS_CYCLE.length];
    this.hands = seats().map(() => []);
    this.passes = new Map();
    this.heartsBroken = false;
    this.dealPoints = Array(PLAYERS).fill(0);
  }

  deal(hands, kitty, stock) {
    this.requirePhase('deal');
    const all = [...hands.flat(), ...(kitty || []), ...(stock || [])];
    const unknown = all.find((card) => !CARDS.includes(card));
    if (unknown !== undefined) throw new Refusal('invalid_card', `'${unknown}' is not a card`);
    if ((kitty && kitty.length) || (stock && stock.length)) throw new Refusal('invalid_deal', 'fi has no kitty and no stock');
    if (hands.length !== PLAYERS || hands.some((hand) => hand.length !== HAND_SIZE)) {
      throw new Refusal('invalid_deal', `deal ${PLAYERS} hands of ${HAND_SIZE} cards`);
    }
    if (inCardOrder(all).join() !== DECK.join()) throw new Refusal('invalid_deal', 'the hands are not the 52-card deck');
    this.hands = hands.map(inCardOrder);
    if (this.passDirection === 'none') this.startPlay();
    else this.phase = 'passing';
    return { phase: this.phase, pass_direction: this.passDirection, turn: this.turn };
  }

  // --- passing ---------------------------------------------------------------------------

  passCards(seat, cards) {
    this.requirePhase('passing');
    if (this.passes.has(seat)) throw new Refusal('already_passed', `seat ${seat} has already passed this deal`);
    this.requireCards(cards);
    if (cards.length !== PASS_COUNT || new Set(cards).size !== cards.length) {
      throw new Refusal('invalid_pass', `pass exactly ${PASS_COUNT} different cards`);
    }
    for (const card of cards) this.requireHeld(seat, card);
    this.passes.set(seat, cards);
    return this.passes.size < PLAYERS ? [] : this.exchange();
  }

  exchange() {
    const offset = PASS_OFFSET[this.passDirection];
    const events = [];
    for (const seat of seats()) {
      const giver = (seat - offset + PLAYERS) % PLAYERS;
      const kept = this.hands[seat].filter((card) => !this.passes.get(seat).includes(card));
      events.push({ type: 'cards_received', seat, from: giver, cards: inCardOrder(this.passes.get(giver)) });
      this.hands[seat] = kept;
    }
    for (const event of events) this.hands[event.seat] = inCardOrder([...this.hands[event.seat], ...event.cards]);
    this.startPlay();
    return events;
  }

  // --- play ------------------------------------------------------------------------------

  startPlay() {
    this.phase = 'playing';
    this.turn = this.hands.findIndex((hand) => hand.includes('2C'));
  }

  play(seat, card) {
    this.requirePhase('playing');
    if (seat !== this.turn) throw new Refusal('not_your_turn', `it is seat ${this.turn}'s turn, not seat ${seat}'s`);
    this.requireCards([card]);
    this.requireHeld(seat, card);
    this.checkPlay(this.hands[seat], card);
    this.hands[seat] = this.hands[seat].filter((held) => held !== card);
    const events = [{ type: 'card_played', seat, card }];
    const led = this.trick.length ? suitOf(this.trick[0].card) : null;
    if (led !== null && led !== 'H' && suitOf(card) === 'H' && !this.heartsBroken) {
      this.heartsBroken = true;
      events.push({ type: 'hearts_broken' });
    }
    this.trick.push({ seat, card });
    if (this.trick.length < PLAYERS) {
      this.turn = (seat + 1) % PLAYERS;
      return events;
    }
    return events.concat(this.finishTrick());
  }

  /** The refusals of a play by the seat to move, in the protocol's order (spec/protocol.md 6.5). */
  checkPlay(hand, card) {
    if (!this.trick.length) {
      if (this.tricksPlayed === 0 && card !== '2C') throw new Refusal('must_lead_opening_card', 'the first trick must be led with 2C');
      if (suitOf(card) === 'H' && !this.heartsBroken && hand.some((c) => suitOf(c) !== 'H')) {
        throw new Refusal('hearts_not_broken', `hearts are not broken yet, so ${card} may not be led`);
      }
      return;
    }
    const led = suitOf(this.trick[0].card);
    if (suitOf(card) !== led && hand.some((c) => suitOf(c) === led)) throw new Refusal('must_follow_suit', `${card} does not follow the led suit ${led}`);
    if (this.tricksPlayed === 0 && pointsOf(card) && hand.some((c) => !pointsOf(c))) {
      throw new Refusal('points_on_first_trick', `${card} carries points and this is the first trick`);
    }
  }

  legal(seat) {
    if (this.phase !== 'playing' || seat !== this.turn) return [];
    const allowed = (card) => {
      try {
        this.checkPlay(this.hands[seat], card);
        return true;
      } catch (refusal) {
        return false;
      }
    };
    return inCardOrder(this.hands[seat].filter(allowed));
  }

  finishTrick() {
    const led = suitOf(this.trick[0].card);
    const rank = ({ card }) => (suitOf(card) === led ? RANK_ORDER.indexOf(card[0]) : -1);
    const winner = this.trick.reduce((best, entry) => (rank(entry) > rank(best) ? entry : best)).seat;
    const cards = this.trick.map((entry) => entry.card);
    const points = cards.reduce((sum, card) => sum + pointsOf(card), 0);
    this.dealPoints[winner] += points;
    Object.assign(this, { trick: [], tricksPlayed: this.tricksPlayed + 1, turn: winner });
    const events = [{ type: 'trick_won', seat: winner, cards, points }];
    return this.hands[winner].length ? events : events.concat(this.scoreDeal());
  }

  // --- scoring and the end of the game ---------------------------------------------------

  scoreDeal() {
    let points = [...this.dealPoints];
    let moon = null;
    const shooter = points.indexOf(26);
    if (shooter !== -1) {
      moon = { seat: shooter, effect: this.moonEffect };
      const add = this.moonEffect === 'add_to_others';
      points = seats().map((seat) => (seat === shooter ? (add ? 0 : -26) : add ? 26 : 0));
    }
    this.totals = this.totals.map((total, seat) => total + points[seat]);
    const events = [{ type: 'deal_scored', points, totals: [...this.totals], moon }];
    if (this.gameEnds()) {
      const low = Math.min(...this.totals);
      this.winners = seats().filter((seat) => this.totals[seat] === low);
      Object.assign(this, { phase: 'game_over', turn: null, dealPoints: points });
      return events.concat({ type: 'game_over', totals: [...this.totals], winners: this.winners });
    }
    this.startDeal((this.dealer + 1) % PLAYERS, this.dealNumber + 1);
    return events.concat({ type: 'next_deal', deal_number: this.dealNumber, dealer: this.dealer, pass_direction: this.passDirection });
  }

  gameEnds() {
    if (this.maxDeals !== null) return this.dealNumber >= this.maxDeals; // a deal limit replaces the points target
    return this.totals.some((total) => total > this.target);
  }

  state() {
    const state = {
      phase: this.phase,
      players: PLAYERS,
      deal_number: this.dealNumber,
      dealer: this.dealer,
      turn: this.turn,
      pass_direction: this.passDirection,
      hands: this.hands.map((hand) => [...hand]),
      trick: this.trick.map(({ seat, card }) => ({ seat, card })),
      hearts_broken: this.heartsBroken,
      passed: [...this.passes.keys()].sort(),
      deal_points: [...this.dealPoints],
      totals: [...this.totals],
    };
    if (this.phase === 'game_over') state.winners = this.winners;
    return state;
  }

  // --- shared checks ---------------------------------------------------------------------

  requirePhase(phase) {
    if (this.phase !== phase) throw new Refusal('wrong_phase', `the game is in phase ${this.phase}, not ${phase}`);
  }

  requireCards(cards) {
    const unknown = cards.find((card) => !DECK.includes(card));
    if (unknown !== undefined) throw new Refusal('invalid_card', `'${unknown}' is not a card of this game's deck`);
  }

  requireHeld(seat, card) {
    if (!this.hands[seat].includes(card)) throw new Refusal('card_not_in_hand', `seat ${seat} does not hold ${card}`);
  }
}

serve(new FinnishHertta());
