Feature: Protocol errors
  Any engine must refuse malformed or out-of-place requests with the protocol's error code,
  leave the game exactly as it was, and keep serving (spec/protocol.md, sections 2, 3 and 9).

  @id:proto-001 @area:protocol_errors @clause:P-hello-1
  Scenario: hello names protocol version 1
    Source: spec/protocol.md 6.1.
    When the engine is sent '{"id": "h", "cmd": "hello"}'
    Then the response is ok
    And the response id is "h"
    And the response field "protocol" is 1

  @id:proto-002 @area:protocol_errors @clause:P-envelope-10 @clause:P-envelope-4
  Scenario Outline: A line that is not a JSON object gets bad_request with a null id
    Source: spec/protocol.md 2 (envelope).
    When the engine is sent '<line>'
    Then the response is an error "bad_request"
    And the response id is null

    Examples:
      | line              |
      | {"cmd": "hello"   |
      | [1, 2, 3]         |
      | "hello"           |
      | {"id": 1.5, "cmd": "hello"} |

  @id:proto-003 @area:protocol_errors @clause:P-envelope-1
  Scenario Outline: Unknown commands and missing command names are refused
    Source: spec/protocol.md 2 and 9.
    When the engine is sent '<line>'
    Then the response is an error "<code>"
    And the response id is <id>

    Examples:
      | line                         | code            | id  |
      | {"id": 7, "cmd": "bid"}      | unknown_command | 7   |
      | {"id": "x", "seat": 1}       | bad_request     | "x" |
      | {"id": 8, "cmd": 42}         | bad_request     | 8   |

  @id:proto-004 @area:protocol_errors @clause:P-new_game-5 @clause:P-new_game-7
  Scenario Outline: new_game refuses what cannot be played
    Source: spec/protocol.md 6.2: unknown rulesets are unsupported; a mistyped field is bad_request
    whatever the ruleset.
    When the engine is sent '<line>'
    Then the response is an error "<code>"

    Examples:
      | line                                                                                   | code         |
      | {"id": 1, "cmd": "new_game", "ruleset": "xx", "players": 4}                            | unsupported  |
      | {"id": 5, "cmd": "new_game", "ruleset": "fi", "players": "four"}                       | bad_request  |

  @id:proto-009 @area:protocol_errors @clause:P-new_game-7
  Scenario Outline: new_game refuses a table size or option the ruleset does not allow
    Source: spec/protocol.md 6.2, with fi "Valmistelu eri pelaajamäärillä" (three to six players),
    se "När tar spelet slut?" (the target) and fi "Pelin tavoite"; checked only on rulesets the
    engine claims.
    When a new game is requested for "<ruleset>" with <players> players<options>
    Then the response is an error "invalid_game"

    @ruleset:fi @players:9
    Examples: fi
      | ruleset | players | options                        |
      | fi      | 9       |                                |

    @ruleset:fi @players:4
    Examples: fi options
      | ruleset | players | options                        |
      | fi      | 4       |  with options "dealer=4"       |

    @ruleset:se @players:4
    Examples: se
      | ruleset | players | options                        |
      | se      | 4       |  with options "target=77"      |

  @id:proto-005 @area:protocol_errors @clause:P-seats-1 @clause:P-cards-5 @clause:P-phases-2 @clause:P-choose-1 @clause:P-envelope-15
  Scenario Outline: A malformed move is refused and the game is unchanged
    Source: spec/protocol.md 3 (cards), 4 (seats), 6.5 (play) and 9.
    Given a game for 4 players of a ruleset the engine claims starting at deal 4
    And seat 0 holds "2C"
    And the other cards are dealt in deck order
    When the engine is sent '<line>'
    Then the response is an error "<code>"
    And the game is unchanged

    Examples:
      | line                                                 | code          |
      | {"id": 1, "cmd": "play", "seat": 0, "card": "ZZ"}    | invalid_card  |
      | {"id": 2, "cmd": "play", "seat": 0, "card": "XC"}    | invalid_card  |
      | {"id": 3, "cmd": "play", "seat": 0, "card": 2}       | bad_request   |
      | {"id": 4, "cmd": "play", "seat": 7, "card": "2C"}    | bad_request   |
      | {"id": 5, "cmd": "play", "seat": "0", "card": "2C"}  | bad_request   |
      | {"id": 6, "cmd": "play", "card": "2C"}               | bad_request   |
      | {"id": 7, "cmd": "pass", "seat": 0, "cards": ["2C", "3C", "4C"]} | wrong_phase |
      | {"id": 8, "cmd": "deal", "hands": []}                | wrong_phase   |
      | {"id": 9, "cmd": "choose", "seat": 0, "option": "add_to_others"} | wrong_phase |
      | {"id": 10, "cmd": "choose", "seat": 0, "option": "double"} | bad_request |

  @id:proto-006 @area:protocol_errors @clause:P-cards-1
  Scenario Outline: Cards may be written in lower case or with 10 for the ten
    Source: spec/protocol.md 3: input accepts 10 for T and lower case; output is canonical.
    Given a game for 4 players of a ruleset the engine claims starting at deal 4
    And seat 0 holds "2C TC"
    And the other cards are dealt in deck order
    When the engine is sent '<line>'
    Then the response is ok
    And it is seat 1's turn

    Examples:
      | line                                              |
      | {"id": 1, "cmd": "play", "seat": 0, "card": "2c"} |
      | {"id": 2, "cmd": "play", "seat": 0, "card": "2C"} |

  @id:proto-007 @area:protocol_errors @clause:P-deal-1
  Scenario: A refused deal leaves the engine waiting for a good one
    Source: spec/protocol.md 6.3 and 2 (a failed request changes nothing).
    Given a game for 4 players of a ruleset the engine claims
    And seat 0 holds "2C 2C"
    Then dealing is refused with "invalid_deal"
    And the phase is "deal"

  @id:proto-008 @area:protocol_errors @clause:P-legal-2
  Scenario: The legal list is empty for a seat whose turn it is not
    Source: spec/protocol.md 6.8.
    Given a game for 4 players of a ruleset the engine claims starting at deal 4
    And seat 0 holds "2C"
    And the other cards are dealt in deck order
    Then seat 1 may play only ""
    And seat 0 may play only "2C"
