#!/usr/bin/env node
'use strict';
/**
 * {name}: a Hearts engine for heartspec (protocol v1), written on the JavaScript engine kit.
 *
 * The kit, heartspec-kit.js beside this file, reads the request lines, parses strict JSON, checks
 * each field's type and seat, answers hello and quit, and writes the responses. This file is the
 * game. It answers hello now and refuses every game with `unsupported`, so a conformance run checks
 * the envelope and skips the rest; fill in the methods below, one at a time, and run it again
 * (README.md has the command). The rules of {ruleset}: `heartspec rules {ruleset}`.
 */

// eslint-disable-next-line no-unused-vars -- CARDS and inCardOrder are the helpers you will want
const {{ CARDS, Engine, Refusal, inCardOrder, serve }} = require('./heartspec-kit.js');

class {class_name} extends Engine {{
  constructor() {{
    super();
    this.name = '{name}';
    this.version = '0.1.0';
    this.supports = {{ rulesets: ['{ruleset}'], variants: [], players: {{ '{ruleset}': [{players}] }} }};
  }}

  /** Start a game. Refuse a table size the ruleset forbids, an option it does not have or a value it does
   * not allow with invalid_game, and what you do not play yet with unsupported. Options given as null are
   * already left out (but target: null means no points target). */
  newGame(ruleset, players, variants, options) {{
    throw new Refusal('unsupported', 'this engine plays no game yet');
  }}

  /** One list of card names per seat; return {{phase, pass_direction, turn}}. */
  deal(hands, kitty, stock) {{
    throw new Refusal('wrong_phase', 'this engine deals no cards yet');
  }}

  /** One seat's pass; return the events (the last pass: one cards_received per seat). */
  passCards(seat, cards) {{
    throw new Refusal('wrong_phase', 'this engine takes no pass yet');
  }}

  /** A card by the seat to move; return the events, card_played first. */
  play(seat, card) {{
    throw new Refusal('wrong_phase', 'this engine takes no play yet');
  }}

  /** The whole position, as spec/protocol.md 6.7 lists its fields. */
  state() {{
    throw new Refusal('wrong_phase', 'this engine shows no state yet');
  }}

  /** The names of the cards the seat may play now; empty when it is not that seat's turn. */
  legal(seat) {{
    return [];
  }}
}}

serve(new {class_name}());
