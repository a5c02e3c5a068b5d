// Strict JSON (RFC 8259) for the protocol's requests: what JSON.parse lets through and the protocol refuses.
// An integer literal becomes a BigInt, so `4` and `4.0` stay apart (P-envelope-7) and ids past 2^53 can be
// refused (P-envelope-5); other numbers become Numbers, refused when they overflow a double (P-envelope-12).
// Nesting past 64 (P-envelope-14) and lone surrogate escapes (P-envelope-13) are refused.
"use strict";

const MAX_DEPTH = 64;

class JsonError extends Error {}

function parse(text) {
  const parser = { text, at: 0 };
  skipSpace(parser);
  const value = parseValue(parser, 1);
  skipSpace(parser);
  if (parser.at !== text.length) throw new JsonError(`extra data at ${parser.at}`);
  return value;
}

function skipSpace(p) {
  while (p.at < p.text.length && " \t\n\r".includes(p.text[p.at])) p.at++;
}

function parseValue(p, depth) {
  const c = p.text[p.at];
  if (c === "{") return parseObject(p, depth);
  if (c === "[") return parseArray(p, depth);
  if (c === '"') return parseString(p);
  if (c === "-" || (c >= "0" && c <= "9")) return parseNumber(p);
  for (const [word, value] of [["true", true], ["false", false], ["null", null]]) {
    if (p.text.startsWith(word, p.at)) {
      p.at += word.length;
      return value;
    }
  }
  throw new JsonError(`unexpected ${c === undefined ? "end" : JSON.stringify(c)} at ${p.at}`);
}

function nested(depth) {
  if (depth > MAX_DEPTH) throw new JsonError(`nested more than ${MAX_DEPTH} deep`);
}

function parseObject(p, depth) {
  nested(depth);
  p.at++;
  const result = Object.create(null);
  skipSpace(p);
  if (p.text[p.at] === "}") { p.at++; return result; }
  for (;;) {
    skipSpace(p);
    if (p.text[p.at] !== '"') throw new JsonError(`expected a key at ${p.at}`);
    const key = parseString(p);
    skipSpace(p);
    if (p.text[p.at] !== ":") throw new JsonError(`expected ':' at ${p.at}`);
    p.at++;
    skipSpace(p);
    result[key] = parseValue(p, depth + 1);
    skipSpace(p);
    if (p.text[p.at] === ",") { p.at++; continue; }
    if (p.text[p.at] === "}") { p.at++; return result; }
    throw new JsonError(`expected ',' or '}' at ${p.at}`);
  }
}

function parseArray(p, depth) {
  nested(depth);
  p.at++;
  const result = [];
  skipSpace(p);
  if (p.text[p.at] === "]") { p.at++; return result; }
  for (;;) {
    skipSpace(p);
    result.push(parseValue(p, depth + 1));
    skipSpace(p);
    if (p.text[p.at] === ",") { p.at++; continue; }
    if (p.text[p.at] === "]") { p.at++; return result; }
    throw new JsonError(`expected ',' or ']' at ${p.at}`);
  }
}

const ESCAPES = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

function parseString(p) {
  p.at++;
  let out = "";
  for (;;) {
    const c = p.text[p.at];
    if (c === undefined) throw new JsonError("unterminated string");
    if (c === '"') { p.at++; return out; }
    if (c < " ") throw new JsonError(`control character in a string at ${p.at}`);
    if (c !== "\\") { out += c; p.at++; continue; }
    const e = p.text[p.at + 1];
    if (e === "u") {
      const unit = hexUnit(p, p.at + 2);
      p.at += 6;
      if (unit >= 0xd800 && unit <= 0xdbff && p.text.startsWith("\\u", p.at)) {
        const low = hexUnit(p, p.at + 2);
        if (low >= 0xdc00 && low <= 0xdfff) {
          out += String.fromCharCode(unit, low);
          p.at += 6;
          continue;
        }
      }
      if (unit >= 0xd800 && unit <= 0xdfff) throw new JsonError("a lone surrogate escape");
      out += String.fromCharCode(unit);
      continue;
    }
    if (!(e in ESCAPES)) throw new JsonError(`bad escape at ${p.at}`);
    out += ESCAPES[e];
    p.at += 2;
  }
}

function hexUnit(p, at) {
  const hex = p.text.slice(at, at + 4);
  if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new JsonError(`bad \\u escape at ${at}`);
  return parseInt(hex, 16);
}

const NUMBER = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;

function parseNumber(p) {
  NUMBER.lastIndex = p.at;
  const match = NUMBER.exec(p.text);
  if (!match) throw new JsonError(`bad number at ${p.at}`);
  p.at += match[0].length;
  if (match[2] === undefined && match[3] === undefined) return BigInt(match[0]);
  const value = Number(match[0]);
  if (!Number.isFinite(value)) throw new JsonError("a number outside the range of a double");
  return value;
}

// Responses hold ids as parsed (BigInt within the safe range) and plain values.
function stringify(value) {
  return JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? Number(v) : v));
}

module.exports = { parse, stringify, JsonError };
