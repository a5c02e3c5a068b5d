#!/usr/bin/env node
// A small Hearts engine in JavaScript for heartspec's protocol (spec/protocol.md), ruleset fi at four players
// only, written from that page and `heartspec rules fi`. It exists to show that the conformance suite and the
// compatibility report catch an engine that breaks one rule in a rare cell: HEARTS_BUG=<name> (or --bug NAME)
// plants one mistake, each in one of the rare cells the fuzzer knows (reference/heartspec/cells.py):
//
//   only-points       a hand of only point cards, void on the first trick, may play none of them
//   first-trick-heart a heart played to the first trick does not break hearts
//   hearts-lead       a hand of only hearts may not lead one before hearts are broken
//   moon              taking every point card scores as plain points
//   target            the game ends when a total reaches the target, not only when it goes past it
//   tie               a tie for the lowest total goes to the lowest seat alone
//   last-deal         an agreed number of deals is ignored: the game runs to the points target
"use strict";

const fs = require("fs");
const { parse, stringify, JsonError } = require("./json");
const { Game, RuleError, PLAYERS } = require("./game");

const MAX_LINE = 1048576;
const SAFE = 9007199254740991n;
const bugArgument = process.argv.indexOf("--bug");
const BUG = bugArgument > 0 ? process.argv[bugArgument + 1] : process.env.HEARTS_BUG || "";

let game = null;

function respond(id, body) {
  fs.writeSync(1, stringify({ id, ...body }) + "\n");
}

function fail(id, code, message) {
  respond(id, { ok: false, error: { code, message } });
}

function handleLine(bytes) {
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (err) {
    return fail(null, "bad_request", "the line is not UTF-8");
  }
  if (text.endsWith("\r")) text = text.slice(0, -1);
  if (/^\s*$/u.test(text)) return; // a blank line gets no response (P-framing-3)
  let request;
  try {
    request = parse(text);
  } catch (err) {
    if (err instanceof JsonError || err instanceof RangeError) return fail(null, "bad_request", `not JSON: ${err.message}`);
    throw err;
  }
  if (request === null || typeof request !== "object" || Array.isArray(request)) {
    return fail(null, "bad_request", "a request must be a JSON object");
  }
  let id = request.id === undefined ? null : request.id;
  if (!(id === null || typeof id === "string" || (typeof id === "bigint" && id >= -SAFE && id <= SAFE))) {
    return fail(null, "bad_request", "id must be a string or an integer within 2^53");
  }
  if (typeof request.cmd !== "string") return fail(id, "bad_request", "cmd must be a string");
  const command = COMMANDS[request.cmd];
  if (!command) return fail(id, "unknown_command", `unknown command ${JSON.stringify(request.cmd)}`);
  try {
    respond(id, { ok: true, ...command(request) });
  } catch (err) {
    if (!(err instanceof RuleError)) throw err;
    fail(id, err.code, err.message);
  }
  if (request.cmd === "quit") process.exit(0);
}

function needGame() {
  if (!game) throw new RuleError("wrong_phase", "no game has been started");
}

const COMMANDS = {
  hello: () => ({
    protocol: 1,
    engine: { name: "js-fi4", version: "1.0.0" },
    supports: { rulesets: ["fi"], variants: [], players: { fi: [PLAYERS] } },
  }),
  new_game: (request) => {
    game = Game.start(request, BUG, game);
    return game.newGameFields();
  },
  deal: (request) => { needGame(); return game.dealRequest(request); },
  pass: (request) => { needGame(); return game.passRequest(request); },
  play: (request) => { needGame(); return game.playRequest(request); },
  choose: (request) => { needGame(); return game.chooseRequest(request); },
  legal: (request) => { needGame(); return game.legalRequest(request); },
  state: () => { needGame(); return game.state(); },
  stop: () => { needGame(); throw new RuleError("wrong_phase", "a game of fi ends by its target or its deal limit"); },
  quit: () => ({}),
};

// Framing: lines of at most 1 MiB, read in chunks; a longer line is refused without holding it (P-framing-4).
let parts = [];
let length = 0;
let overflow = false;

function onChunk(chunk) {
  let start = 0;
  for (;;) {
    const newline = chunk.indexOf(10, start);
    const end = newline < 0 ? chunk.length : newline;
    if (!overflow) {
      parts.push(chunk.subarray(start, end));
      length += end - start;
      if (length > MAX_LINE + 1) { overflow = true; parts = []; }
    }
    if (newline < 0) return;
    finishLine();
    start = newline + 1;
  }
}

function finishLine() {
  let line = Buffer.concat(parts);
  if (!overflow && line.length === MAX_LINE + 1 && line[line.length - 1] === 13) line = line.subarray(0, MAX_LINE);
  const tooLong = overflow || line.length > MAX_LINE;
  parts = [];
  length = 0;
  overflow = false;
  if (tooLong) return fail(null, "bad_request", `line longer than ${MAX_LINE} bytes`);
  handleLine(line);
}

process.stdin.on("data", onChunk);
process.stdin.on("end", () => {
  if (length > 0 || overflow) finishLine();
  process.exit(0);
});
