'use strict';
// The JavaScript engine kit's envelope, line by line and through serve(). Run: node --test test/
const test = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { PassThrough } = require('node:stream');
const kit = require('../heartspec-kit.js');

const { Engine, Refusal, Session, parseJson, JsonFloat, NotJson, lineSplitter, serve, MAX_LINE_BYTES } = kit;

class Recorder extends Engine {
  constructor() {
    super();
    this.name = 'recorder';
    this.version = '1';
    this.supports = { rulesets: ['fi'], variants: ['spot'], players: { fi: [4] } };
    this.calls = [];
  }
  newGame(ruleset, players, variants, options) {
    this.calls.push(['newGame', ruleset, players, variants, options]);
    if (players !== 4) throw new Refusal('invalid_game', 'four players only');
  }
  play(seat, card) {
    this.calls.push(['play', seat, card]);
    if (card === 'BOOM') throw new TypeError('a bug in the engine');
    return [{ type: 'card_played', seat, card }];
  }
  passCards(seat, cards) { this.calls.push(['pass', seat, cards]); return []; }
  deal(hands, kitty, stock) {
    this.calls.push(['deal', hands, kitty, stock]);
    return { phase: 'playing', pass_direction: 'none', turn: 0 };
  }
  state() { return { phase: 'playing' }; }
  legal() { return ['2C']; }
}

const answer = (session, line) => session.handleLine(typeof line === 'string' ? Buffer.from(line, 'utf8') : line);
const started = () => {
  const session = new Session(new Recorder());
  assert.equal(answer(session, '{"id": 1, "cmd": "new_game", "ruleset": "fi", "players": 4}').ok, true);
  return session;
};
const refusal = (response) => {
  assert.equal(response.ok, false);
  assert.ok(response.error.message);
  return [response.id, response.error.code];
};

test('hello names protocol 1, the engine and what it plays', () => {
  const response = answer(new Session(new Recorder()), '{"id": "h", "cmd": "hello"}');
  assert.deepEqual(response, { id: 'h', ok: true, protocol: 1, engine: { name: 'recorder', version: '1' },
    supports: { rulesets: ['fi'], variants: ['spot'], players: { fi: [4] } } });
});

test('an id is echoed as sent, and null when there is none', () => {
  for (const id of ['h-1', '', 'é ☃', 0, -5, 9007199254740991, -9007199254740991, null]) {
    assert.equal(answer(new Session(new Recorder()), JSON.stringify({ id, cmd: 'hello' })).id, id);
  }
  assert.equal(answer(new Session(new Recorder()), '{"cmd": "hello"}').id, null);
  assert.equal(answer(new Session(new Recorder()), '{"id": "\\u00e9", "cmd": "hello"}').id, 'é');
});

test('an id that is no string or exact integer is bad_request with a null id', () => {
  for (const id of ['1.0', '1e2', '4.0', '[1]', '{"n": 1}', 'true', '9007199254740992', '-9007199254740992']) {
    assert.deepEqual(refusal(answer(new Session(new Recorder()), `{"id": ${id}, "cmd": "hello"}`)), [null, 'bad_request'], id);
  }
});

test('what strict JSON forbids is bad_request with a null id', () => {
  const lines = [
    '{"id": 1, "cmd": "hello", "x": NaN}', '{"id": 1, "cmd": "hello", "x": Infinity}',
    '{"id": 1, "cmd": "hello", "x": -Infinity}', '{"id": 1, "cmd": "hello", "x": [1e400]}',
    '{"id": 1, "cmd": "hello", "x": -1e400}', '{"id": 1, "cmd": "hello", "x": "\\ud800"}',
    '{"id": 1, "cmd": "hello", "x": {"y": "a\\udc00b"}}', '{"id": "\\ud800", "cmd": "hello"}',
    '{"id": 1, "cmd": "hello", "\\udfff": 1}', '{"id": 1, "cmd": "hello", "x": "\\ud83d\\u0041"}',
    'hello', '{"id": 1, "cmd": "hello"} trailing', 'null', '42', '[{"id": 1, "cmd": "hello"}]', '{"cmd": "hello"',
    '\ufeff{"id": 1, "cmd": "hello"}', '{"id": 1, "cmd": "hello", "x": "a\tb"}', '{"id": 01, "cmd": "hello"}',
    '{"id": 1, "cmd": "hello", "x": "\\x"}', '{"id": 1, "cmd": "hello", "x": 1.}', "{'id': 1, 'cmd': 'hello'}",
    '{"id": 1, "cmd": "hello",}', '{"id": 1 "cmd": "hello"}', `{"x": ${'1'.repeat(5000)}, "cmd": "hello"}`,
  ];
  for (const line of lines) assert.deepEqual(refusal(answer(new Session(new Recorder()), line)), [null, 'bad_request'], line);
});

test('a line that is not UTF-8 is bad_request and reaches no engine', () => {
  for (const raw of [[0xff], [0x80], [0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80]]) {
    const session = started();
    const line = Buffer.concat([Buffer.from('{"id": 1, "cmd": "play", "seat": 0, "card": "2C", "note": "'), Buffer.from(raw), Buffer.from('"}')]);
    assert.deepEqual(refusal(answer(session, line)), [null, 'bad_request']);
    assert.equal(session.engine.calls.length, 1);
  }
});

const nested = (depth) => `{"id": 1, "cmd": "hello", "x": ${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

test('nesting is read to 64 and refused beyond, in any field', () => {
  assert.equal(answer(new Session(new Recorder()), nested(64)).ok, true);
  assert.deepEqual(refusal(answer(new Session(new Recorder()), nested(65))), [null, 'bad_request']);
  assert.deepEqual(refusal(answer(new Session(new Recorder()), nested(100000))), [null, 'bad_request']);
  assert.equal(answer(new Session(new Recorder()), `{"id": 1, "cmd": "hello", "x": "${'['.repeat(200)}"}`).ok, true);
});

test('a blank line, by any Unicode whitespace, gets no response', () => {
  for (const blank of ['', '   \t  ', '\r', '\u3000\u2003\u00a0\u2028', '\x1c\x85']) assert.equal(answer(new Session(new Recorder()), blank), null);
  assert.notEqual(answer(new Session(new Recorder()), '\ufeff'), null); // a BOM is no whitespace
});

test('numbers keep whether they were written as integers; big integers stay exact', () => {
  const value = parseJson(`{"a": 4, "b": 4.0, "c": 4e0, "d": -0.5, "e": ${'9'.repeat(40)}, "f": 1e308}`);
  assert.equal(value.a, 4);
  for (const key of 'bcdf') assert.ok(value[key] instanceof JsonFloat, key);
  assert.equal(value.b.value, 4);
  assert.equal(value.e, BigInt('9'.repeat(40)));
  assert.throws(() => parseJson('NaN'), NotJson);
});

test('a "__proto__" key is only a key', () => {
  const value = parseJson('{"__proto__": {"polluted": 1}, "cmd": "hello"}');
  assert.equal(Object.getPrototypeOf(value), null);
  assert.equal({}.polluted, undefined);
  assert.equal(answer(new Session(new Recorder()), '{"id": 1, "cmd": "hello", "__proto__": {"id": 5}}').id, 1);
});

test('every document JSON.stringify writes reads back the same', () => {
  const samples = [{ a: [1, -2, 'x', null, true, false, { b: 'é\n"\\' }] }, [], {}, 'text', 0, -7, 'ab\ud83d\ude00c', { '': [[[]]] }];
  for (const sample of samples) {
    const parsed = parseJson(JSON.stringify(sample));
    assert.deepEqual(JSON.parse(JSON.stringify(parsed)), sample);
  }
});

test('before the first new_game every game command is wrong_phase, whatever its fields', () => {
  for (const line of ['{"id": 2, "cmd": "play", "seat": 0, "card": "2C"}', '{"id": 2, "cmd": "pass", "seat": "x"}',
    '{"id": 2, "cmd": "deal"}', '{"id": 2, "cmd": "legal"}', '{"id": 2, "cmd": "state"}',
    '{"id": 2, "cmd": "choose", "option": 5}', '{"id": 2, "cmd": "stop"}']) {
    assert.deepEqual(refusal(answer(new Session(new Recorder()), line)), [2, 'wrong_phase'], line);
  }
});

test('a missing or unknown command is refused with the id', () => {
  assert.deepEqual(refusal(answer(new Session(new Recorder()), '{"id": 7, "cmd": "bid"}')), [7, 'unknown_command']);
  assert.deepEqual(refusal(answer(new Session(new Recorder()), '{"id": "x", "seat": 1}')), ['x', 'bad_request']);
  assert.deepEqual(refusal(answer(new Session(new Recorder()), '{"id": 8, "cmd": 42}')), [8, 'bad_request']);
  assert.deepEqual(refusal(answer(new Session(new Recorder()), '{"id": 9, "cmd": "constructor"}')), [9, 'unknown_command']);
});

test('mistyped fields and seats off the table are refused before the engine is asked', () => {
  const cases = [
    ['{"cmd": "play", "seat": 7, "card": "2C"}', 'bad_request'], ['{"cmd": "play", "seat": -1, "card": "2C"}', 'bad_request'],
    ['{"cmd": "play", "seat": "0", "card": "2C"}', 'bad_request'], ['{"cmd": "play", "card": "2C"}', 'bad_request'],
    ['{"cmd": "play", "seat": 0.0, "card": "2C"}', 'bad_request'], ['{"cmd": "play", "seat": 0, "card": 2}', 'bad_request'],
    ['{"cmd": "play", "seat": 0}', 'bad_request'], ['{"cmd": "pass", "seat": 0, "cards": "2C"}', 'bad_request'],
    ['{"cmd": "pass", "seat": 0, "cards": ["2C", 3]}', 'bad_request'], ['{"cmd": "legal", "seat": true}', 'bad_request'],
    ['{"cmd": "legal", "seat": 99999999999999999999}', 'bad_request'],
    ['{"cmd": "choose", "seat": 0, "option": "double"}', 'bad_request'], ['{"cmd": "choose", "seat": 0, "option": "add_to_others"}', 'wrong_phase'],
    ['{"cmd": "stop"}', 'wrong_phase'], ['{"cmd": "deal", "hands": [["2C"], "3C"]}', 'bad_request'],
    ['{"cmd": "deal", "hands": [], "kitty": "2C"}', 'bad_request'], ['{"cmd": "deal", "seed": 4, "hands": []}', 'bad_request'],
    ['{"cmd": "deal", "seed": 4}', 'wrong_phase'],
  ];
  for (const [line, code] of cases) {
    const session = started();
    assert.deepEqual(refusal(answer(session, line.replace('{', '{"id": 5, '))), [5, code], line);
    assert.equal(session.engine.calls.length, 1, line);
  }
});

test('the engine gets canonical card names, or the unknown text unchanged', () => {
  const spellings = [['10h', 'TH'], ['qs', 'QS'], ['Qs', 'QS'], ['qS', 'QS'], ['td', 'TD'], ['xc', 'XC'], ['ZZ', 'ZZ'], [' QS', ' QS'], ['XH', 'XH']];
  for (const [spelling, name] of spellings) {
    const session = started();
    session.handle(parseJson(JSON.stringify({ cmd: 'play', seat: 1, card: spelling })));
    session.handle(parseJson(JSON.stringify({ cmd: 'pass', seat: 2, cards: [spelling] })));
    session.handle(parseJson(JSON.stringify({ cmd: 'deal', hands: [[spelling]], kitty: [spelling] })));
    assert.deepEqual(session.engine.calls.slice(1), [['play', 1, name], ['pass', 2, [name]], ['deal', [[name]], [name], null]]);
  }
});

test('an option of the wrong JSON type is bad_request', () => {
  for (const options of ['{"dealer": 1.0}', '{"target": "50"}', '{"totals": [0, 0, 0, "a"]}', '{"settlement": 5}',
    '{"stake": "1"}', '{"moon_amount": 26.0}', '{"pass_cycle": "left"}', '[]']) {
    const session = new Session(new Recorder());
    const line = `{"id": 1, "cmd": "new_game", "ruleset": "fi", "players": 4, "options": ${options}}`;
    assert.deepEqual(refusal(answer(session, line)), [1, 'bad_request'], options);
    assert.equal(session.engine.calls.length, 0);
  }
});

test("new_game's shapes and support are judged in the protocol's order", () => {
  const session = new Session(new Recorder());
  const order = [['"ruleset": "xx", "players": "four"', 'bad_request'], ['"ruleset": "xx", "players": 4', 'unsupported'],
    ['"ruleset": "fi", "players": 4, "variants": ["nope"]', 'unsupported'], ['"ruleset": 4, "players": 4', 'bad_request'],
    ['"ruleset": "fi", "players": 9', 'invalid_game']];
  for (const [fields, code] of order) assert.deepEqual(refusal(answer(session, `{"id": 1, "cmd": "new_game", ${fields}}`)), [1, code], fields);
  assert.deepEqual(refusal(answer(session, '{"id": 2, "cmd": "legal", "seat": 0}')), [2, 'wrong_phase']);
});

test('null options are left out, a null target is a value, and numbers arrive plain', () => {
  const session = new Session(new Recorder());
  const response = answer(session, '{"cmd": "new_game", "ruleset": "fi", "players": 4, "variants": null, "options": '
    + '{"dealer": null, "target": null, "max_deals": 3, "stake": 0.5, "house_rule": [1.0]}}');
  assert.equal(response.ok, true);
  assert.equal(response.dealer, 0);
  assert.deepEqual(session.engine.calls[0][4], { target: null, max_deals: 3, stake: 0.5, house_rule: [1] });
});

test('a refusal keeps its code; an engine bug is internal_error and serving goes on', () => {
  const session = started();
  assert.deepEqual(refusal(answer(session, '{"id": 3, "cmd": "new_game", "ruleset": "fi", "players": 5}')), [3, 'invalid_game']);
  const write = process.stderr.write;
  let printed = '';
  process.stderr.write = (text) => { printed += text; return true; };
  try {
    assert.deepEqual(refusal(answer(session, '{"id": 4, "cmd": "play", "seat": 0, "card": "BOOM"}')), [4, 'internal_error']);
  } finally {
    process.stderr.write = write;
  }
  assert.match(printed, /a bug in the engine/);
  assert.deepEqual(answer(session, '{"id": 5, "cmd": "legal", "seat": 3}'), { id: 5, ok: true, cards: ['2C'] });
});

// --- lines in, lines out ---------------------------------------------------------------------

function split(chunks) {
  const lines = [];
  const splitter = lineSplitter((line) => { lines.push(line); return false; });
  for (const chunk of chunks) splitter.feed(Buffer.from(chunk));
  splitter.end();
  return lines;
}

const paddedHello = (size) => {
  const head = '{"id": "padded", "cmd": "hello", "pad": "';
  return `${head}${'x'.repeat(size - head.length - 2)}"}`;
};

test('a line of exactly 1 MiB is read, one byte more is refused, and the next is read', () => {
  const lines = split([paddedHello(MAX_LINE_BYTES), '\r\n', paddedHello(MAX_LINE_BYTES + 1).slice(0, 9), paddedHello(MAX_LINE_BYTES + 1).slice(9), '\n{"id": 7}\n']);
  assert.equal(lines.length, 3);
  assert.equal(lines[0].length, MAX_LINE_BYTES + 1); // its carriage return is still there: JSON whitespace
  assert.equal(lines[1], null);
  assert.equal(lines[2].toString(), '{"id": 7}');
});

test('lines split anywhere across chunks, and a last line without newline counts', () => {
  assert.deepEqual(split(['{"a"', ':1}\n\n{"b":2', '}']).map(String), ['{"a":1}', '', '{"b":2}']);
  assert.deepEqual(split(['x'.repeat(MAX_LINE_BYTES * 3)]), [null]);
});

function served(input) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let output = '';
  stdout.on('data', (chunk) => { output += chunk; });
  return new Promise((resolve) => {
    serve(new Recorder(), { input: stdin, output: stdout, exit: (status) => resolve({ status, output, stdin }) });
    stdin.end(input);
  });
}

test('quit is answered and nothing after it is read; end of input exits 0', async () => {
  const quit = await served('{"id": 99, "cmd": "quit"}\n{"id": 100, "cmd": "hello"}\n');
  assert.deepEqual([quit.status, quit.output], [0, '{"id":99,"ok":true}\n']);
  const ended = await served('\n\r\n{"id": 1, "cmd": "hello"}\r\n\u3000\n{"id": 2, "cmd": "hello"}');
  assert.equal(ended.status, 0);
  assert.deepEqual(ended.output.trim().split('\n').map((line) => JSON.parse(line).id), [1, 2]);
});

test('the example engine runs as a subprocess on the lone kit file', () => {
  const example = path.join(__dirname, '..', 'examples', 'fi4.js');
  const done = spawnSync(process.execPath, [example], { input: '{"id":1,"cmd":"hello"}\n{"id":2,"cmd":"quit"}\n', timeout: 60000 });
  assert.equal(done.status, 0, String(done.stderr));
  assert.deepEqual(String(done.stdout).trim().split('\n').map((line) => JSON.parse(line).id), [1, 2]);
});
