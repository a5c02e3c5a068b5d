'use strict';
/**
 * The engine kit for JavaScript: the whole envelope of heartspec protocol v1, so an engine author
 * writes only the game. One file, no dependencies (Node 18 or later): copy it next to your engine.
 *
 * The kit reads request lines as bytes (the 1 MiB limit, strict UTF-8), parses strict JSON itself
 * (JSON.parse cannot tell 4 from 4.0, reads ids past 2^53 inexactly, turns 1e400 into Infinity and
 * lets lone surrogates through), echoes ids, answers hello and quit, checks every field's JSON type
 * and every seat against the table, refuses game commands before the first new_game, and writes one
 * response line per request. Your engine extends Engine (docs/engine-authors.md walks through it):
 *
 *   const { Engine, Refusal, serve } = require('./heartspec-kit.js');
 *   class MyEngine extends Engine {
 *     constructor() { super(); this.name = 'my-engine'; this.version = '0.1';
 *       this.supports = { rulesets: ['fi'], variants: [], players: { fi: [4] } }; }
 *     newGame(ruleset, players, variants, options) {}  // -> nothing, or extra response fields
 *     deal(hands, kitty, stock) {}                     // -> {phase, pass_direction, turn}
 *     passCards(seat, cards) {}                        // -> list of events
 *     play(seat, card) {}                              // -> list of events
 *     state() {}                                       // -> the state object
 *     legal(seat) {}                                   // -> list of card names
 *     // choose(seat, option) and stop() answer wrong_phase unless you override them
 *   }
 *   serve(new MyEngine());
 *
 * Each method gets validated arguments: seats are integers of the table, card names canonical
 * ("TH", "QS"; "10h" and "qs" arrive so) or, when a string names no card, that string unchanged,
 * so `!myDeck.includes(card)` is your invalid_card check. A refusal is `throw new Refusal(code,
 * message)`; anything else thrown is answered internal_error (and printed on stderr) while the
 * engine keeps serving. Check everything before you change the game: a refusal changes nothing.
 */

const PROTOCOL_VERSION = 1;
const MAX_LINE_BYTES = 1 << 20; // one request line, newline excluded (spec/protocol.md P-framing-4)
const MAX_DEPTH = 64; // arrays and objects, the request itself counted (P-envelope-14)
const MAX_INTEGER_DIGITS = 4300; // longer integer literals are refused, as Python's reader does
const MOON_OPTIONS = ['add_to_others', 'subtract_from_self'];
const GAME_COMMANDS = ['deal', 'pass', 'play', 'choose', 'state', 'legal', 'stop'];
const COMMANDS = ['hello', 'quit', 'new_game', ...GAME_COMMANDS];

class Refusal extends Error {
  /** A request the engine refuses on purpose, with its protocol error code (spec/protocol.md 9). */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

class Engine {
  /** What an engine implements; the kit calls these with validated arguments. Override the game. */
  constructor() {
    this.name = 'unnamed-engine';
    this.version = '0.0.0';
    this.supports = { rulesets: [], variants: [] };
  }
  newGame() { throw new Refusal('unsupported', 'this engine plays no game yet'); }
  deal() { throw new Refusal('wrong_phase', 'this engine deals no cards yet'); }
  passCards() { throw new Refusal('wrong_phase', 'this engine takes no pass yet'); }
  play() { throw new Refusal('wrong_phase', 'this engine takes no play yet'); }
  choose() { throw new Refusal('wrong_phase', 'no moon choice is waiting'); }
  stop() { throw new Refusal('wrong_phase', 'this game ends by its own rule, not by stop'); }
  state() { throw new Refusal('wrong_phase', 'this engine shows no state yet'); }
  legal() { return []; }
}

// --- strict JSON ------------------------------------------------------------------------

class NotJson extends Error {}

/** A number written with a fraction or an exponent: never an integer, whatever its value (P-envelope-7). */
class JsonFloat {
  constructor(value, text) { this.value = value; this.text = text; }
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;

/**
 * Strict JSON (RFC 8259): NaN, Infinity, numbers beyond a double, lone surrogates and nesting past 64
 * throw NotJson. Integers come back as numbers (BigInt past 2^53), other numbers as JsonFloat,
 * objects without a prototype (so a "__proto__" key is only a key).
 */
function parseJson(text) {
  let at = 0;
  const fail = (what) => { throw new NotJson(`not JSON: ${what} at char ${at}`); };
  const space = () => {
    for (let c = text.charCodeAt(at); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(at)) at++;
  };
  const expect = (char) => { if (text[at] !== char) fail(`expected '${char}'`); at++; };

  function value(depth) {
    space();
    const c = text[at];
    if (c === '{' || c === '[') {
      if (depth >= MAX_DEPTH) throw new NotJson(`nested deeper than ${MAX_DEPTH} arrays/objects`);
      return c === '{' ? object(depth + 1) : array(depth + 1);
    }
    if (c === '"') return string();
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    for (const [word, meaning] of [['true', true], ['false', false], ['null', null]]) {
      if (text.startsWith(word, at)) { at += word.length; return meaning; }
    }
    if (/^-?(NaN|Infinity)/.test(text.slice(at, at + 9))) throw new NotJson('NaN and Infinity are not JSON');
    return fail('expected a value');
  }

  function object(depth) {
    const result = Object.create(null);
    at++;
    space();
    if (text[at] === '}') { at++; return result; }
    for (;;) {
      space();
      if (text[at] !== '"') fail('expected a key');
      const key = string();
      space();
      expect(':');
      result[key] = value(depth);
      space();
      if (text[at] === '}') { at++; return result; }
      expect(',');
    }
  }

  function array(depth) {
    const result = [];
    at++;
    space();
    if (text[at] === ']') { at++; return result; }
    for (;;) {
      result.push(value(depth));
      space();
      if (text[at] === ']') { at++; return result; }
      expect(',');
    }
  }

  function number() {
    if (/^-(NaN|Infinity)/.test(text.slice(at, at + 9))) throw new NotJson('NaN and Infinity are not JSON');
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(text);
    if (!match) fail('expected a number');
    at = NUMBER.lastIndex;
    const literal = match[0];
    if (match[1] !== undefined || match[2] !== undefined) {
      const float = Number(literal);
      if (!Number.isFinite(float)) throw new NotJson(`the number ${literal.slice(0, 40)} is outside the range of a double`);
      return new JsonFloat(float, literal);
    }
    if (literal.length > MAX_INTEGER_DIGITS) throw new NotJson(`an integer of ${literal.length} digits is too long to read`);
    const integer = Number(literal);
    return Number.isSafeInteger(integer) ? integer : BigInt(literal);
  }

  function string() {
    at++;
    let result = '';
    for (;;) {
      const start = at;
      let c = text.charCodeAt(at);
      while (c !== 34 && c !== 92 && c >= 32) c = text.charCodeAt(++at); // NaN past the end stops it too
      result += text.slice(start, at);
      if (at >= text.length) fail('unterminated string');
      if (c === 34) { at++; return result; }
      if (c < 32) fail('a control character in a string');
      result += escape();
    }
  }

  function escape() {
    const c = text[at + 1];
    at += 2;
    const simple = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }[c];
    if (simple !== undefined) return simple;
    if (c !== 'u') fail('a bad escape');
    const unit = hex();
    if (unit >= 0xdc00 && unit <= 0xdfff) throw new NotJson('a string holds a lone surrogate escape, which is not Unicode text');
    if (unit < 0xd800 || unit > 0xdbff) return String.fromCharCode(unit);
    if (text.startsWith('\\u', at)) {
      at += 2;
      const low = hex();
      if (low >= 0xdc00 && low <= 0xdfff) return String.fromCharCode(unit, low);
    }
    throw new NotJson('a string holds a lone surrogate escape, which is not Unicode text');
  }

  function hex() {
    const digits = text.slice(at, at + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(digits)) fail('a bad \\u escape');
    at += 4;
    return parseInt(digits, 16);
  }

  const result = value(0);
  space();
  if (at < text.length) fail('extra data after the value');
  return result;
}

/** A parsed value as plain JavaScript data: JsonFloat and BigInt become numbers, objects ordinary. */
function plain(value) {
  if (value instanceof JsonFloat) return value.value;
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

// --- cards ------------------------------------------------------------------------------

const RANKS = '2X3456789TJQKA'; // low to high; X, the joker, only in clubs and diamonds
const SUITS = 'CDHS';
/** Every card name, in card order (suit C, D, H, S, then rank). */
const CARDS = [...SUITS].flatMap((s) => [...RANKS].filter((r) => r !== 'X' || 'CD'.includes(s)).map((r) => r + s));
const CARD_ORDER = new Map(CARDS.map((name, index) => [name, index]));
const SPELLINGS = new Map();
for (const name of CARDS) {
  for (const rank of name[0] === 'T' ? ['T', 't', '10'] : [name[0], name[0].toLowerCase()]) {
    for (const suit of [name[1], name[1].toLowerCase()]) SPELLINGS.set(rank + suit, name);
  }
}

/** The canonical name of a card spelling ('10h' -> 'TH'), or the text unchanged if it names no card. */
const cardName = (text) => SPELLINGS.get(text) ?? text;
/** Card names sorted by suit (C, D, H, S), then rank, a joker between the 2 and the 3 (spec/protocol.md 3). */
const inCardOrder = (cards) => [...cards].sort((a, b) => CARD_ORDER.get(a) - CARD_ORDER.get(b));

// --- request fields ---------------------------------------------------------------------

const isInt = (v) => typeof v === 'number' || typeof v === 'bigint'; // only integer literals parse to these
const isString = (v) => typeof v === 'string';
const isStrings = (v) => Array.isArray(v) && v.every(isString);
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof JsonFloat);
const bad = (message) => new Refusal('bad_request', message);
const shown = (v) => {
  const text = v instanceof JsonFloat ? v.text : typeof v === 'bigint' ? String(v) : JSON.stringify(plain(v));
  return text.length <= 60 ? text : `${text.slice(0, 57)}...`;
};
const given = (request, field) => (request[field] === undefined ? null : request[field]);

function fieldInt(request, field) {
  const value = given(request, field);
  if (value === null) throw bad(`'${field}' is required (an integer)`);
  if (!isInt(value)) throw bad(`'${field}' must be an integer, got ${shown(value)}`);
  return Number(value);
}

function fieldString(request, field) {
  const value = given(request, field);
  if (!isString(value)) throw bad(value === null ? `'${field}' is required` : `'${field}' must be a string, got ${shown(value)}`);
  return value;
}

function fieldCard(value) {
  if (!isString(value)) throw bad(`a card is a string such as "QS", got ${shown(value)}`);
  return cardName(value);
}

// Each new_game option's JSON type (spec/protocol.md 6.2): another type is bad_request; the value is the engine's.
const OPTION_TYPES = {
  dealer: ['an integer', isInt],
  deal_number: ['an integer', isInt],
  totals: ['a list of integers', (v) => Array.isArray(v) && v.every(isInt)],
  target: ['an integer or null', isInt],
  max_deals: ['an integer or null', isInt],
  settlement: ['a string', isString],
  stake: ['a number', (v) => isInt(v) || v instanceof JsonFloat],
  draw_order: ['a string', isString],
  moon_effect: ['a string', isString],
  moon_amount: ['a string or an integer', (v) => isString(v) || isInt(v)],
  moon_also_requires: ['a list of card names', isStrings],
  unclaimed_pot: ['a string', isString],
  moon_bonus_cards: ['a string', isString],
  first_trick_queen: ['a string', isString],
  pass_cycle: ['a list of pass directions', isStrings],
  moon_partner: ['a string', isString],
};
const NULL_IS_A_VALUE = ['target']; // target: null means no points target; every other null option is left out

function gameOptions(request) {
  const options = given(request, 'options');
  if (options === null) return {};
  if (!isObject(options)) throw bad("'options' must be an object");
  const result = {};
  for (const [name, value] of Object.entries(options)) {
    const expected = OPTION_TYPES[name];
    if (expected && value !== null && !expected[1](value)) throw bad(`option '${name}' must be ${expected[0]}, got ${shown(value)}`);
    if (value !== null || NULL_IS_A_VALUE.includes(name)) Object.defineProperty(result, name, { value: plain(value), enumerable: true, writable: true });
  }
  return result;
}

// --- the session ------------------------------------------------------------------------

const BLANK = /^[\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/; // P-framing-3
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const error = (id, code, message) => ({ id, ok: false, error: { code, message } });

class Session {
  /** One protocol session over an engine: a request line in, its response out. */
  constructor(engine) {
    this.engine = engine;
    this.players = 0; // the table of the last new_game that succeeded; 0 before the first
    this.finished = false;
  }

  /** The response to one line (a Buffer, its newline gone; null for a line past the limit), or null for a blank line. */
  handleLine(line) {
    if (line === null) return error(null, 'bad_request', `line longer than ${MAX_LINE_BYTES} bytes`);
    let text;
    try {
      text = UTF8.decode(line);
    } catch (err) {
      return error(null, 'bad_request', 'line is not UTF-8');
    }
    if (BLANK.test(text)) return null;
    let request;
    try {
      request = parseJson(text);
    } catch (err) {
      if (err instanceof NotJson) return error(null, 'bad_request', err.message);
      throw err;
    }
    return this.handle(request);
  }

  handle(request) {
    if (!isObject(request)) return error(null, 'bad_request', "a request is a JSON object with a 'cmd'");
    const id = given(request, 'id');
    if (!(id === null || isString(id) || typeof id === 'number')) {
      return error(null, 'bad_request', `'id' must be a string or an integer within +-${Number.MAX_SAFE_INTEGER}, got ${shown(id)}`);
    }
    const cmd = given(request, 'cmd');
    if (!isString(cmd)) return error(id, 'bad_request', "'cmd' must be a string naming a command");
    if (!COMMANDS.includes(cmd)) return error(id, 'unknown_command', `unknown command '${cmd}'`);
    if (GAME_COMMANDS.includes(cmd) && !this.players) return error(id, 'wrong_phase', 'no game yet: send new_game first'); // P-phases-3
    try {
      return { id, ok: true, ...this[cmd](request) };
    } catch (err) {
      if (err instanceof Refusal) return error(id, err.code, err.message || err.code);
      process.stderr.write(`${err && err.stack ? err.stack : err}\n`);
      return error(id, 'internal_error', String(err));
    }
  }

  seat(request) {
    const seat = fieldInt(request, 'seat');
    if (!(seat >= 0 && seat < this.players)) throw bad(`seat ${seat} does not exist: seats are 0..${this.players - 1}`);
    return seat;
  }

  hello() {
    const { name, version, supports } = this.engine;
    return { protocol: PROTOCOL_VERSION, engine: { name, version }, supports };
  }

  quit() {
    this.finished = true;
    return {};
  }

  new_game(request) {
    const ruleset = fieldString(request, 'ruleset');
    const players = fieldInt(request, 'players');
    const variants = given(request, 'variants') ?? [];
    if (!isStrings(variants)) throw bad("'variants' must be a list of variant ids");
    const options = gameOptions(request);
    const supports = this.engine.supports || {};
    if (!(supports.rulesets || []).includes(ruleset)) throw new Refusal('unsupported', `this engine does not play ruleset '${ruleset}'`);
    const unplayed = variants.filter((v) => !(supports.variants || []).includes(v));
    if (unplayed.length) throw new Refusal('unsupported', `this engine does not play variant(s) ${unplayed.join(', ')}`);
    const extra = this.engine.newGame(ruleset, players, [...variants], options);
    this.players = players;
    return { phase: 'deal', ruleset, variants, players, dealer: options.dealer ?? 0, deal_number: options.deal_number ?? 1, ...extra };
  }

  deal(request) {
    const hands = given(request, 'hands');
    if (given(request, 'seed') !== null) this.refuseSeed(request, hands);
    if (!Array.isArray(hands) || !hands.every(isStrings)) throw bad("'hands' must be a list of card lists (strings), one per seat");
    const piles = {};
    for (const pile of ['kitty', 'stock']) {
      piles[pile] = given(request, pile);
      if (piles[pile] !== null && !isStrings(piles[pile])) throw bad(`'${pile}' must be a list of card names`);
    }
    const named = (cards) => (cards === null ? null : cards.map(cardName));
    return { events: [], ...this.engine.deal(hands.map(named), named(piles.kitty), named(piles.stock)) };
  }

  /** A deal by seed is the reference engine's own; others refuse it (spec/protocol.md 6.3), after the
   * phase, as the reference orders its checks: the kit reads the phase from the engine's state. */
  refuseSeed(request, hands) {
    if (hands !== null || !isInt(request.seed)) throw bad("give 'hands', or an integer 'seed', not both");
    const { phase } = this.engine.state();
    if (phase !== 'deal') throw new Refusal('wrong_phase', `no deal now: the game is in phase ${phase}`);
    throw bad("this engine takes the cards as 'hands', not a 'seed'");
  }

  pass(request) {
    const seat = this.seat(request);
    const cards = given(request, 'cards');
    if (!Array.isArray(cards)) throw bad("'cards' must be a list of card names");
    return { events: this.engine.passCards(seat, cards.map(fieldCard)) };
  }

  play(request) {
    const seat = this.seat(request);
    const card = given(request, 'card');
    if (card === null) throw bad('\'card\' is required (a card name such as "QS")');
    return { events: this.engine.play(seat, fieldCard(card)) };
  }

  choose(request) {
    const seat = this.seat(request);
    const option = given(request, 'option');
    if (!MOON_OPTIONS.includes(option)) throw bad(`'option' must be one of ${MOON_OPTIONS.join(', ')}`);
    return { events: this.engine.choose(seat, option) };
  }

  state() {
    return this.engine.state();
  }

  legal(request) {
    return { cards: [...this.engine.legal(this.seat(request))] };
  }

  stop() {
    return { events: this.engine.stop() };
  }
}

// --- lines in, lines out ----------------------------------------------------------------

/**
 * Splits a byte stream into lines (without the newline) and calls onLine with each: a Buffer, or null
 * for a line past the limit, of which at most MAX_LINE_BYTES + 2 bytes are ever held. onLine returns
 * true to stop reading.
 */
function lineSplitter(onLine) {
  let parts = [];
  let size = 0;
  let tooLong = false;
  const finish = () => {
    let line = tooLong ? null : Buffer.concat(parts, size);
    let end = line ? line.length : 0;
    while (end > 0 && line[end - 1] === 13) end--;
    if (line && end > MAX_LINE_BYTES) line = null;
    parts = [];
    size = 0;
    tooLong = false;
    return onLine(line);
  };
  return {
    feed(chunk) {
      for (let start = 0; start < chunk.length;) {
        const newline = chunk.indexOf(10, start);
        const end = newline === -1 ? chunk.length : newline;
        if (!tooLong) {
          if (size + end - start > MAX_LINE_BYTES + 2) {
            tooLong = true;
            parts = [];
          } else {
            parts.push(chunk.subarray(start, end));
            size += end - start;
          }
        }
        if (newline === -1) return false;
        if (finish()) return true;
        start = newline + 1;
      }
      return false;
    },
    end() {
      return size > 0 || tooLong ? finish() : false;
    },
  };
}

function encode(response) {
  try {
    return `${JSON.stringify(response)}\n`;
  } catch (err) {
    return `${JSON.stringify(error(response.id, 'internal_error', `the response is not JSON: ${err.message}`))}\n`;
  }
}

/** Serve the protocol on stdin/stdout (or the streams given) until end of input or quit, then exit 0. */
function serve(engine, { input = process.stdin, output = process.stdout, exit = (status) => process.exit(status) } = {}) {
  const session = new Session(engine);
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    input.pause();
    output.write('', () => exit(0));
  };
  const splitter = lineSplitter((line) => {
    const response = session.handleLine(line);
    if (response !== null) output.write(encode(response));
    return session.finished;
  });
  output.on('error', () => exit(0)); // the client went away
  input.on('data', (chunk) => { if (!done && splitter.feed(chunk)) finish(); });
  input.on('end', () => { if (!done) { splitter.end(); finish(); } });
  return session;
}

module.exports = {
  Engine, Refusal, serve, Session, parseJson, NotJson, JsonFloat, lineSplitter,
  CARDS, cardName, inCardOrder, MAX_LINE_BYTES, MAX_DEPTH,
};
