Feature: Protocol framing and envelope
  How lines travel between a client and an engine, and what every request and response carries
  (spec/protocol.md, sections 1 and 2). No scenario here depends on a particular ruleset: the one
  that needs a game in play (proto-frame-013) plays a ruleset the engine claims.

  @id:proto-frame-001 @area:protocol_framing @tier:hardening @clause:P-framing-3
  Scenario: A line of whitespace only gets no response
    Source: spec/protocol.md 1: a blank line (empty, or any Unicode whitespace) is not a request.
    The request after the blank lines is answered with its own id, so an engine that answered a
    blank line would be one response ahead.
    When the blank lines "" and then '{"id": 1, "cmd": "hello"}' are sent to the engine
    Then the response id is 1
    When the blank lines "   \t  " and then '{"id": 2, "cmd": "hello"}' are sent to the engine
    Then the response id is 2
    When the blank lines "\r" and then '{"id": 3, "cmd": "hello"}' are sent to the engine
    Then the response id is 3
    When the blank lines "\u3000\u2003\u00a0\u2028" and then '{"id": 4, "cmd": "hello"}' are sent to the engine
    Then the response id is 4
    When the blank lines "\n\n \n" and then '{"id": 5, "cmd": "hello"}' are sent to the engine
    Then the response id is 5

  @id:proto-frame-002 @area:protocol_framing @tier:hardening @clause:P-framing-1
  Scenario: A carriage return before the newline is tolerated
    Source: spec/protocol.md 1.
    When '{"id": 6, "cmd": "hello"}' is sent to the engine ending with a carriage return
    Then the response is ok
    And the response id is 6

  @id:proto-frame-003 @area:protocol_framing @tier:hardening @clause:P-framing-4
  Scenario: A line of exactly 1 MiB is read; one byte more is bad_request with a null id
    Source: spec/protocol.md 1: the line limit is 1,048,576 bytes, newline excluded, and the engine
    goes on with the next line after refusing a longer one.
    When a hello padded to 1048576 bytes is sent to the engine
    Then the response is ok
    And the response id is "padded"
    When a hello padded to 1048577 bytes is sent to the engine
    Then the response is an error "bad_request"
    And the response id is null
    When the engine is sent '{"id": 7, "cmd": "hello"}'
    Then the response is ok
    And the response id is 7

  @id:proto-frame-004 @area:protocol_framing @clause:P-framing-2 @clause:P-framing-5
  Scenario: Requests written together are answered one each, in order
    Source: spec/protocol.md 1: exactly one response per request, strictly in order; a client may
    write several requests before reading.
    When the lines '{"id": "first", "cmd": "hello"}' and '{"id": "second", "cmd": "bid"}' are written to the engine at once
    Then the responses carry the ids "first" and "second", in that order

  @id:proto-frame-005 @area:protocol_framing @clause:P-framing-6
  Scenario: The engine exits with status 0 at end of input
    Source: spec/protocol.md 1.
    When a fresh engine is sent '{"id": 1, "cmd": "hello"}' and then its input ends
    Then the response is ok
    And that engine exits with status 0

  @id:proto-frame-006 @area:protocol_framing @clause:P-framing-7 @clause:P-quit-1
  Scenario: quit is answered, then the engine exits with status 0 and reads nothing more
    Source: spec/protocol.md 1 and 6.9: the engine exits after answering quit, its input still
    open; a request written after quit gets no answer.
    When a fresh engine is sent '{"id": 99, "cmd": "quit"}' followed by '{"id": 100, "cmd": "hello"}' at once
    Then the response is ok
    And the response id is 99
    And that engine exits with status 0
    And that engine answered nothing after quit

  @id:proto-frame-007 @area:protocol_framing @clause:P-envelope-2 @clause:P-envelope-3
  Scenario Outline: The id is echoed exactly as sent, and null when there is none
    Source: spec/protocol.md 2.
    When the engine is sent '<line>'
    Then the response is ok
    And the response id is <id>

    Examples:
      | line                                               | id                 |
      | {"id": "h-1", "cmd": "hello"}                      | "h-1"              |
      | {"id": "", "cmd": "hello"}                         | ""                 |
      | {"id": "é ☃ \u00e9", "cmd": "hello"}               | "é ☃ é"            |
      | {"id": 0, "cmd": "hello"}                          | 0                  |
      | {"id": -5, "cmd": "hello"}                         | -5                 |
      | {"id": 9007199254740991, "cmd": "hello"}           | 9007199254740991   |
      | {"id": -9007199254740991, "cmd": "hello"}          | -9007199254740991  |
      | {"cmd": "hello"}                                   | null               |
      | {"id": null, "cmd": "hello"}                       | null               |

  @id:proto-frame-008 @area:protocol_framing @tier:hardening @clause:P-envelope-4 @clause:P-envelope-5 @clause:P-envelope-7
  Scenario Outline: An id that is not a string or an exact integer is bad_request with a null id
    Source: spec/protocol.md 2: a number with a fraction or exponent is no integer, 1.0 included;
    integer ids lie within plus or minus 2^53-1.
    When the engine is sent '<line>'
    Then the response is an error "bad_request"
    And the response id is null

    Examples:
      | line                                          |
      | {"id": 1.0, "cmd": "hello"}                   |
      | {"id": 1e2, "cmd": "hello"}                   |
      | {"id": [1], "cmd": "hello"}                   |
      | {"id": {"n": 1}, "cmd": "hello"}              |
      | {"id": true, "cmd": "hello"}                  |
      | {"id": 9007199254740992, "cmd": "hello"}      |
      | {"id": -9007199254740992, "cmd": "hello"}     |

  @id:proto-frame-009 @area:protocol_framing @clause:P-envelope-6
  Scenario Outline: Unknown fields are ignored, however they are nested
    Source: spec/protocol.md 2 (forward compatibility).
    When the engine is sent '<line>'
    Then the response is ok
    And the response field "protocol" is 1

    Examples:
      | line                                                                         |
      | {"id": 1, "cmd": "hello", "x": 1}                                            |
      | {"id": 2, "cmd": "hello", "future": {"deep": [1, 2, {"z": null}], "s": ""}}   |
      | {"id": 3, "cmd": "hello", "pair": "\ud83d\ude00"}                             |

  @id:proto-frame-010 @area:protocol_framing @tier:hardening @clause:P-envelope-11 @clause:P-envelope-12 @clause:P-envelope-13
  Scenario Outline: What strict JSON forbids is bad_request with a null id, in any field
    Source: spec/protocol.md 2: NaN and Infinity are not JSON, a number must fit a double, a string
    must be Unicode text (no lone surrogate escape).
    When the engine is sent '<line>'
    Then the response is an error "bad_request"
    And the response id is null
    When the engine is sent '{"id": "after", "cmd": "hello"}'
    Then the response is ok

    Examples:
      | line                                                  |
      | {"id": 1, "cmd": "hello", "x": NaN}                   |
      | {"id": 2, "cmd": "hello", "x": Infinity}              |
      | {"id": 3, "cmd": "hello", "x": -Infinity}             |
      | {"id": 4, "cmd": "hello", "x": [1e400]}               |
      | {"id": 5, "cmd": "hello", "x": -1e400}                |
      | {"id": 6, "cmd": "hello", "x": "\ud800"}              |
      | {"id": 7, "cmd": "hello", "x": {"y": "a\udc00b"}}     |
      | {"id": "\ud800", "cmd": "hello"}                      |

  @id:proto-frame-011 @area:protocol_framing @tier:hardening @clause:P-envelope-14
  Scenario: Nesting up to 64 deep is read; deeper is bad_request with a null id
    Source: spec/protocol.md 2: arrays and objects nest at most 64 deep, the request object counted.
    When a hello with an ignored field nested 64 deep is sent to the engine
    Then the response is ok
    When a hello with an ignored field nested 65 deep is sent to the engine
    Then the response is an error "bad_request"
    And the response id is null
    When a hello with an ignored field nested 100000 deep is sent to the engine
    Then the response is an error "bad_request"
    And the response id is null

  @id:proto-frame-012 @area:protocol_framing @clause:P-envelope-10 @clause:P-envelope-8
  Scenario Outline: A line that is not a JSON object is bad_request with a null id and a message
    Source: spec/protocol.md 2: not JSON, or JSON but not an object; every refusal has a non-empty
    message.
    When the engine is sent '<line>'
    Then the response is an error "bad_request"
    And the response id is null

    Examples:
      | line                   |
      | hello                  |
      | null                   |
      | 42                     |
      | [{"id": 1, "cmd": "hello"}] |

  @id:proto-frame-014 @area:protocol_framing @tier:hardening @clause:P-envelope-10 @clause:P-envelope-8
  Scenario: A JSON object followed by more text on its line is bad_request with a null id
    Source: spec/protocol.md 2: a line is one JSON object and nothing else; a reader that stops
    after the first complete value would answer this hello with its id.
    When the engine is sent '{"id": 1, "cmd": "hello"} trailing'
    Then the response is an error "bad_request"
    And the response id is null

  @id:proto-frame-013 @area:protocol_framing @tier:hardening @clause:P-envelope-10 @clause:P-envelope-15
  Scenario Outline: A line that is not UTF-8 is bad_request with a null id, and the game is unchanged
    Source: spec/protocol.md 1 and 2: lines travel as UTF-8, a line that is not UTF-8 gets
    bad_request with a null id, and a refused request leaves the game as it was. Read leniently
    (a replacement character, Latin-1, or a decoder that lets through overlong forms, encoded
    surrogates or code points past U+10FFFF), the line is seat 0's legal lead of the two of clubs
    with its bytes in an ignored field, so an engine that reads it so plays the card; the last
    step shows the play was legal. The bytes travel through the engine's real input, unaltered.
    Given a game for 4 players of a ruleset the engine claims starting at deal 4
    And seat 0 holds "2C"
    And the other cards are dealt in deck order
    When the engine is sent '{"id": 1, "cmd": "play", "seat": 0, "card": "2C", "note": "?"}' with the bytes "<bytes>" in place of "?"
    Then the response is an error "bad_request"
    And the response id is null
    And the game is unchanged
    And playing "2C" by seat 0 is accepted

    Examples:
      | bytes       | what they are                                        |
      | ff          | a byte UTF-8 never uses                              |
      | 80          | a continuation byte with no lead byte                |
      | e2 82       | a three-byte sequence cut short                      |
      | c0 af       | an overlong form of "/"                              |
      | ed a0 80    | the surrogate U+D800 encoded as if it were a character |
      | f4 90 80 80 | a code point past U+10FFFF                           |
