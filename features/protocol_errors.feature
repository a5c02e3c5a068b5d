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

  @id:proto-010 @area:protocol_errors @clause:P-new_game-8 @clause:P-new_game-9 @clause:P-envelope-7
  Scenario Outline: new_game takes every value an option offers, and null as the option left out
    Source: spec/protocol.md 2 (an optional field given as null is absent) and 6.2 (each option's
    JSON type and range); the values are the ones each ruleset and variant file offers (spec/),
    which cite their guides. Every option of every ruleset and variant has a null row and a row
    per offered value (target and max_deals: two values in their range). dk and no declare no
    game-end, settlement or moon-effect option, so null is all they may be given there; no's
    pass_cycle exists at three and five players only, and at four its null is still taken.
    When new_game is sent for "<ruleset>" at <players> players with variants <variants> and options <options>
    Then the response is ok
    And the response field "phase" is "deal"

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | players | variants | options                          |
      | fi-classic | 4       | []       | {"target": 100}                  |
      | fi-classic | 4       | []       | {"target": 50}                   |
      | fi-classic | 4       | []       | {"max_deals": null}              |
      | fi-classic | 4       | []       | {"max_deals": 1}                 |
      | fi-classic | 4       | []       | {"max_deals": 10}                |
      | fi-classic | 4       | []       | {"settlement": null}             |
      | fi-classic | 4       | []       | {"settlement": "none"}           |
      | fi-classic | 4       | []       | {"settlement": "pot"}            |
      | fi-classic | 4       | []       | {"settlement": "pairwise"}       |
      | fi-classic | 4       | []       | {"settlement": "zero_point_pot"} |
      | fi-classic | 4       | []       | {"stake": null}                  |
      | fi-classic | 4       | []       | {"stake": 1}                     |
      | fi-classic | 4       | []       | {"stake": 0.5}                   |
      | fi-classic | 4       | []       | {"unclaimed_pot": null}          |
      | fi-classic | 4       | []       | {"unclaimed_pot": "returned"}    |
      | fi-classic | 4       | []       | {"unclaimed_pot": "to_winners"}  |

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | players | variants | options                                               |
      | fi      | 4       | []       | {"target": 100}                                       |
      | fi      | 4       | []       | {"target": 50}                                        |
      | fi      | 4       | []       | {"max_deals": null}                                   |
      | fi      | 4       | []       | {"max_deals": 1}                                      |
      | fi      | 4       | []       | {"max_deals": 10}                                     |
      | fi      | 4       | []       | {"moon_effect": null}                                 |
      | fi      | 4       | []       | {"moon_effect": "add_to_others"}                      |
      | fi      | 4       | []       | {"moon_effect": "subtract_from_self"}                 |
      | fi      | 4       | []       | {"dealer": null, "deal_number": null, "totals": null} |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | players | variants | options                       |
      | se      | 4       | []       | {"moon_amount": null}         |
      | se      | 4       | []       | {"moon_amount": "deal_total"} |
      | se      | 4       | []       | {"moon_amount": 26}           |
      | se      | 4       | []       | {"target": 100}               |
      | se      | 4       | []       | {"target": 50}                |

    @ruleset:dk @players:6 @variant:cancellation
    Examples: dk cancellation 6 players
      | ruleset | players | variants         | options                       |
      | dk      | 6       | ["cancellation"] | {"moon_amount": null}         |
      | dk      | 6       | ["cancellation"] | {"moon_amount": "deal_total"} |
      | dk      | 6       | ["cancellation"] | {"moon_amount": 26}           |

    @ruleset:fi @players:4 @variant:graduated-hearts
    Examples: fi graduated-hearts 4 players
      | ruleset | players | variants             | options                       |
      | fi      | 4       | ["graduated-hearts"] | {"moon_amount": null}         |
      | fi      | 4       | ["graduated-hearts"] | {"moon_amount": "deal_total"} |
      | fi      | 4       | ["graduated-hearts"] | {"moon_amount": 26}           |

    @ruleset:fi @players:4 @variant:graduated-spades
    Examples: fi graduated-spades 4 players
      | ruleset | players | variants             | options                       |
      | fi      | 4       | ["graduated-spades"] | {"moon_amount": null}         |
      | fi      | 4       | ["graduated-spades"] | {"moon_amount": "deal_total"} |
      | fi      | 4       | ["graduated-spades"] | {"moon_amount": 26}           |

    @ruleset:fi @players:4 @variant:no-queen
    Examples: fi no-queen 4 players
      | ruleset | players | variants     | options                            |
      | fi      | 4       | ["no-queen"] | {"moon_amount": null}              |
      | fi      | 4       | ["no-queen"] | {"moon_amount": "deal_total"}      |
      | fi      | 4       | ["no-queen"] | {"moon_amount": 26}                |
      | fi      | 4       | ["no-queen"] | {"first_trick_queen": null}        |
      | fi      | 4       | ["no-queen"] | {"first_trick_queen": "allowed"}   |
      | fi      | 4       | ["no-queen"] | {"first_trick_queen": "forbidden"} |

    @ruleset:fi-classic @players:4 @variant:pip-hearts
    Examples: fi-classic pip-hearts 4 players
      | ruleset    | players | variants       | options                       |
      | fi-classic | 4       | ["pip-hearts"] | {"moon_amount": null}         |
      | fi-classic | 4       | ["pip-hearts"] | {"moon_amount": "deal_total"} |
      | fi-classic | 4       | ["pip-hearts"] | {"moon_amount": 26}           |

    @ruleset:dk @players:4 @variant:spot
    Examples: dk spot 4 players
      | ruleset | players | variants | options                       |
      | dk      | 4       | ["spot"] | {"moon_amount": null}         |
      | dk      | 4       | ["spot"] | {"moon_amount": "deal_total"} |
      | dk      | 4       | ["spot"] | {"moon_amount": 26}           |
      | dk      | 4       | ["spot"] | {"target": 500}               |
      | dk      | 4       | ["spot"] | {"target": 1000}              |

    @ruleset:fi @players:4 @variant:omnibus-jd
    Examples: fi omnibus-jd 4 players
      | ruleset | players | variants       | options                         |
      | fi      | 4       | ["omnibus-jd"] | {"moon_also_requires": null}    |
      | fi      | 4       | ["omnibus-jd"] | {"moon_also_requires": ["JD"]}  |
      | fi      | 4       | ["omnibus-jd"] | {"moon_also_requires": []}      |
      | fi      | 4       | ["omnibus-jd"] | {"moon_bonus_cards": null}      |
      | fi      | 4       | ["omnibus-jd"] | {"moon_bonus_cards": "ignored"} |
      | fi      | 4       | ["omnibus-jd"] | {"moon_bonus_cards": "kept"}    |

    @ruleset:fi-classic @players:2 @variant:two-player
    Examples: fi-classic two-player 2 players
      | ruleset    | players | variants       | options                               |
      | fi-classic | 2       | ["two-player"] | {"draw_order": null}                  |
      | fi-classic | 2       | ["two-player"] | {"draw_order": "winner_first"}        |
      | fi-classic | 2       | ["two-player"] | {"draw_order": "replace_immediately"} |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset | players | variants | options               |
      | dk      | 4       | []       | {"max_deals": null}   |
      | dk      | 4       | []       | {"settlement": null}  |
      | dk      | 4       | []       | {"moon_effect": null} |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset | players | variants | options               |
      | no      | 4       | []       | {"max_deals": null}   |
      | no      | 4       | []       | {"settlement": null}  |
      | no      | 4       | []       | {"moon_effect": null} |
      | no      | 4       | []       | {"pass_cycle": null}  |

    @ruleset:no @players:3
    Examples: no 3 players
      | ruleset | players | variants | options                                           |
      | no      | 3       | []       | {"pass_cycle": null}                              |
      | no      | 3       | []       | {"pass_cycle": ["left", "right", "none", "none"]} |
      | no      | 3       | []       | {"pass_cycle": ["left", "right", "none"]}         |

    @ruleset:no @players:5
    Examples: no 5 players
      | ruleset | players | variants | options                                           |
      | no      | 5       | []       | {"pass_cycle": null}                              |
      | no      | 5       | []       | {"pass_cycle": ["left", "right", "none", "none"]} |
      | no      | 5       | []       | {"pass_cycle": ["left", "right", "none"]}         |

    @ruleset:se @players:6 @variant:cancellation
    Examples: se cancellation 6 players
      | ruleset | players | variants         | options                       |
      | se      | 6       | ["cancellation"] | {"moon_amount": null}         |
      | se      | 6       | ["cancellation"] | {"moon_amount": "deal_total"} |
      | se      | 6       | ["cancellation"] | {"moon_amount": 26}           |

    @ruleset:fi-classic @players:4 @variant:no-queen
    Examples: fi-classic no-queen 4 players
      | ruleset    | players | variants     | options                       |
      | fi-classic | 4       | ["no-queen"] | {"moon_amount": null}         |
      | fi-classic | 4       | ["no-queen"] | {"moon_amount": "deal_total"} |
      | fi-classic | 4       | ["no-queen"] | {"moon_amount": 26}           |

    @ruleset:fi @players:4 @variant:pip-hearts
    Examples: fi pip-hearts 4 players
      | ruleset | players | variants       | options                       |
      | fi      | 4       | ["pip-hearts"] | {"moon_amount": null}         |
      | fi      | 4       | ["pip-hearts"] | {"moon_amount": "deal_total"} |
      | fi      | 4       | ["pip-hearts"] | {"moon_amount": 26}           |

    @ruleset:dk @players:4 @variant:omnibus-jd
    Examples: dk omnibus-jd 4 players
      | ruleset | players | variants       | options                         |
      | dk      | 4       | ["omnibus-jd"] | {"moon_bonus_cards": null}      |
      | dk      | 4       | ["omnibus-jd"] | {"moon_bonus_cards": "ignored"} |
      | dk      | 4       | ["omnibus-jd"] | {"moon_bonus_cards": "kept"}    |

    @ruleset:fi @players:4 @variant:partnership
    Examples: fi partnership 4 players
      | ruleset | players | variants        | options                    |
      | fi      | 4       | ["partnership"] | {"moon_partner": null}     |
      | fi      | 4       | ["partnership"] | {"moon_partner": "scored"} |
      | fi      | 4       | ["partnership"] | {"moon_partner": "spared"} |

    @ruleset:se @players:4
    Examples: se 4 players, end condition
      | ruleset | players | variants | options                       |
      | se      | 4       | []       | {"end_condition": null}       |
      | se      | 4       | []       | {"end_condition": "exceeds"}  |
      | se      | 4       | []       | {"end_condition": "reaches"}  |

  @id:proto-011 @area:protocol_errors @clause:P-new_game-6 @clause:P-new_game-7 @clause:P-new_game-9 @clause:P-new_game-4
  Scenario Outline: new_game refuses an option value the ruleset does not offer, and a value of the wrong JSON type
    Source: spec/protocol.md 6.2: a well-typed value the ruleset does not offer is invalid_game,
    however close its spelling (another case, a blank at the end, 26 written as a string); a
    value of another JSON type is bad_request. target null is a value of its own (no points
    target), refused where nothing else would end the game or where the ruleset offers only
    some targets (se: 100 or 50). An option declared for other games only is invalid_game:
    pass_cycle at four players, first_trick_queen on fi-classic, moon_also_requires on dk, and
    moon_bonus_cards on no, whose reading of the jack in a moon is fixed.
    When new_game is sent for "<ruleset>" at <players> players with variants <variants> and options <options>
    Then the response is an error "<code>"

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | players | variants | options                           | code         |
      | fi-classic | 4       | []       | {"target": null}                  | invalid_game |
      | fi-classic | 4       | []       | {"target": 0}                     | invalid_game |
      | fi-classic | 4       | []       | {"max_deals": 0}                  | invalid_game |
      | fi-classic | 4       | []       | {"settlement": "NONE"}            | invalid_game |
      | fi-classic | 4       | []       | {"settlement": "none "}           | invalid_game |
      | fi-classic | 4       | []       | {"settlement": "POT"}             | invalid_game |
      | fi-classic | 4       | []       | {"settlement": "pot "}            | invalid_game |
      | fi-classic | 4       | []       | {"settlement": "PAIRWISE"}        | invalid_game |
      | fi-classic | 4       | []       | {"settlement": "pairwise "}       | invalid_game |
      | fi-classic | 4       | []       | {"settlement": "ZERO_POINT_POT"}  | invalid_game |
      | fi-classic | 4       | []       | {"settlement": "zero_point_pot "} | invalid_game |
      | fi-classic | 4       | []       | {"stake": -1}                     | invalid_game |
      | fi-classic | 4       | []       | {"unclaimed_pot": "RETURNED"}     | invalid_game |
      | fi-classic | 4       | []       | {"unclaimed_pot": "returned "}    | invalid_game |
      | fi-classic | 4       | []       | {"unclaimed_pot": "TO_WINNERS"}   | invalid_game |
      | fi-classic | 4       | []       | {"unclaimed_pot": "to_winners "}  | invalid_game |
      | fi-classic | 4       | []       | {"target": "50"}                  | bad_request  |
      | fi-classic | 4       | []       | {"max_deals": "3"}                | bad_request  |
      | fi-classic | 4       | []       | {"settlement": true}              | bad_request  |
      | fi-classic | 4       | []       | {"stake": "1"}                    | bad_request  |
      | fi-classic | 4       | []       | {"unclaimed_pot": []}             | bad_request  |

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | players | variants | options                                | code         |
      | fi      | 4       | []       | {"target": null}                       | invalid_game |
      | fi      | 4       | []       | {"target": 0}                          | invalid_game |
      | fi      | 4       | []       | {"max_deals": 0}                       | invalid_game |
      | fi      | 4       | []       | {"moon_effect": "ADD_TO_OTHERS"}       | invalid_game |
      | fi      | 4       | []       | {"moon_effect": "add_to_others "}      | invalid_game |
      | fi      | 4       | []       | {"moon_effect": "SUBTRACT_FROM_SELF"}  | invalid_game |
      | fi      | 4       | []       | {"moon_effect": "subtract_from_self "} | invalid_game |
      | fi      | 4       | []       | {"target": "50"}                       | bad_request  |
      | fi      | 4       | []       | {"max_deals": "3"}                     | bad_request  |
      | fi      | 4       | []       | {"moon_effect": true}                  | bad_request  |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | players | variants | options                        | code         |
      | se      | 4       | []       | {"moon_amount": "DEAL_TOTAL"}  | invalid_game |
      | se      | 4       | []       | {"moon_amount": "deal_total "} | invalid_game |
      | se      | 4       | []       | {"moon_amount": "26"}          | invalid_game |
      | se      | 4       | []       | {"target": null}               | invalid_game |
      | se      | 4       | []       | {"target": 77}                 | invalid_game |
      | se      | 4       | []       | {"target": 0}                  | invalid_game |
      | se      | 4       | []       | {"target": 1}                  | invalid_game |
      | se      | 4       | []       | {"moon_amount": true}          | bad_request  |
      | se      | 4       | []       | {"target": "50"}               | bad_request  |

    @ruleset:dk @players:6 @variant:cancellation
    Examples: dk cancellation 6 players
      | ruleset | players | variants         | options                        | code         |
      | dk      | 6       | ["cancellation"] | {"moon_amount": "DEAL_TOTAL"}  | invalid_game |
      | dk      | 6       | ["cancellation"] | {"moon_amount": "deal_total "} | invalid_game |
      | dk      | 6       | ["cancellation"] | {"moon_amount": "26"}          | invalid_game |
      | dk      | 6       | ["cancellation"] | {"moon_amount": true}          | bad_request  |

    @ruleset:fi @players:4 @variant:graduated-hearts
    Examples: fi graduated-hearts 4 players
      | ruleset | players | variants             | options                        | code         |
      | fi      | 4       | ["graduated-hearts"] | {"moon_amount": "DEAL_TOTAL"}  | invalid_game |
      | fi      | 4       | ["graduated-hearts"] | {"moon_amount": "deal_total "} | invalid_game |
      | fi      | 4       | ["graduated-hearts"] | {"moon_amount": "26"}          | invalid_game |
      | fi      | 4       | ["graduated-hearts"] | {"moon_amount": true}          | bad_request  |

    @ruleset:fi @players:4 @variant:graduated-spades
    Examples: fi graduated-spades 4 players
      | ruleset | players | variants             | options                        | code         |
      | fi      | 4       | ["graduated-spades"] | {"moon_amount": "DEAL_TOTAL"}  | invalid_game |
      | fi      | 4       | ["graduated-spades"] | {"moon_amount": "deal_total "} | invalid_game |
      | fi      | 4       | ["graduated-spades"] | {"moon_amount": "26"}          | invalid_game |
      | fi      | 4       | ["graduated-spades"] | {"moon_amount": true}          | bad_request  |

    @ruleset:fi @players:4 @variant:no-queen
    Examples: fi no-queen 4 players
      | ruleset | players | variants     | options                             | code         |
      | fi      | 4       | ["no-queen"] | {"moon_amount": "DEAL_TOTAL"}       | invalid_game |
      | fi      | 4       | ["no-queen"] | {"moon_amount": "deal_total "}      | invalid_game |
      | fi      | 4       | ["no-queen"] | {"moon_amount": "26"}               | invalid_game |
      | fi      | 4       | ["no-queen"] | {"moon_amount": true}               | bad_request  |
      | fi      | 4       | ["no-queen"] | {"first_trick_queen": "ALLOWED"}    | invalid_game |
      | fi      | 4       | ["no-queen"] | {"first_trick_queen": "forbidden "} | invalid_game |
      | fi      | 4       | ["no-queen"] | {"first_trick_queen": true}         | bad_request  |

    @ruleset:fi-classic @players:4 @variant:pip-hearts
    Examples: fi-classic pip-hearts 4 players
      | ruleset    | players | variants       | options                        | code         |
      | fi-classic | 4       | ["pip-hearts"] | {"moon_amount": "DEAL_TOTAL"}  | invalid_game |
      | fi-classic | 4       | ["pip-hearts"] | {"moon_amount": "deal_total "} | invalid_game |
      | fi-classic | 4       | ["pip-hearts"] | {"moon_amount": "26"}          | invalid_game |
      | fi-classic | 4       | ["pip-hearts"] | {"moon_amount": true}          | bad_request  |

    @ruleset:dk @players:4 @variant:spot
    Examples: dk spot 4 players
      | ruleset | players | variants | options                        | code         |
      | dk      | 4       | ["spot"] | {"moon_amount": "DEAL_TOTAL"}  | invalid_game |
      | dk      | 4       | ["spot"] | {"moon_amount": "deal_total "} | invalid_game |
      | dk      | 4       | ["spot"] | {"moon_amount": "26"}          | invalid_game |
      | dk      | 4       | ["spot"] | {"moon_amount": true}          | bad_request  |
      | dk      | 4       | ["spot"] | {"target": null}               | invalid_game |
      | dk      | 4       | ["spot"] | {"target": 0}                  | invalid_game |
      | dk      | 4       | ["spot"] | {"target": "500"}              | bad_request  |

    @ruleset:fi @players:4 @variant:omnibus-jd
    Examples: fi omnibus-jd 4 players
      | ruleset | players | variants       | options                          | code         |
      | fi      | 4       | ["omnibus-jd"] | {"moon_also_requires": ["TD"]}   | invalid_game |
      | fi      | 4       | ["omnibus-jd"] | {"moon_also_requires": "JD"}     | bad_request  |
      | fi      | 4       | ["omnibus-jd"] | {"moon_bonus_cards": "KEPT"}     | invalid_game |
      | fi      | 4       | ["omnibus-jd"] | {"moon_bonus_cards": "ignored "} | invalid_game |
      | fi      | 4       | ["omnibus-jd"] | {"moon_bonus_cards": 1}          | bad_request  |

    @ruleset:fi-classic @players:2 @variant:two-player
    Examples: fi-classic two-player 2 players
      | ruleset    | players | variants       | options                                | code         |
      | fi-classic | 2       | ["two-player"] | {"draw_order": "WINNER_FIRST"}         | invalid_game |
      | fi-classic | 2       | ["two-player"] | {"draw_order": "winner_first "}        | invalid_game |
      | fi-classic | 2       | ["two-player"] | {"draw_order": "REPLACE_IMMEDIATELY"}  | invalid_game |
      | fi-classic | 2       | ["two-player"] | {"draw_order": "replace_immediately "} | invalid_game |
      | fi-classic | 2       | ["two-player"] | {"draw_order": 1}                      | bad_request  |

    @ruleset:no @players:3
    Examples: no 3 players
      | ruleset | players | variants | options                                    | code         |
      | no      | 3       | []       | {"pass_cycle": ["LEFT", "RIGHT", "NONE"]}  | invalid_game |
      | no      | 3       | []       | {"pass_cycle": ["left", "right", "none "]} | invalid_game |
      | no      | 3       | []       | {"pass_cycle": ["left", "right"]}          | invalid_game |
      | no      | 3       | []       | {"pass_cycle": "left,right,none"}          | bad_request  |
      | no      | 3       | []       | {"pass_cycle": ["left", "right", 0]}       | bad_request  |

    @ruleset:no @players:5
    Examples: no 5 players
      | ruleset | players | variants | options                                   | code         |
      | no      | 5       | []       | {"pass_cycle": ["Left", "right", "none"]} | invalid_game |
      | no      | 5       | []       | {"pass_cycle": "left right none"}         | bad_request  |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset | players | variants | options                                           | code         |
      | no      | 4       | []       | {"pass_cycle": ["left", "right", "none"]}         | invalid_game |
      | no      | 4       | []       | {"pass_cycle": ["left", "right", "none", "none"]} | invalid_game |

    @ruleset:se @players:6 @variant:cancellation
    Examples: se cancellation 6 players
      | ruleset | players | variants         | options                        | code         |
      | se      | 6       | ["cancellation"] | {"moon_amount": "DEAL_TOTAL"}  | invalid_game |
      | se      | 6       | ["cancellation"] | {"moon_amount": "deal_total "} | invalid_game |
      | se      | 6       | ["cancellation"] | {"moon_amount": "26"}          | invalid_game |
      | se      | 6       | ["cancellation"] | {"moon_amount": true}          | bad_request  |

    @ruleset:fi-classic @players:4 @variant:no-queen
    Examples: fi-classic no-queen 4 players
      | ruleset    | players | variants     | options                            | code         |
      | fi-classic | 4       | ["no-queen"] | {"moon_amount": "DEAL_TOTAL"}      | invalid_game |
      | fi-classic | 4       | ["no-queen"] | {"moon_amount": "deal_total "}     | invalid_game |
      | fi-classic | 4       | ["no-queen"] | {"moon_amount": "26"}              | invalid_game |
      | fi-classic | 4       | ["no-queen"] | {"moon_amount": true}              | bad_request  |
      | fi-classic | 4       | ["no-queen"] | {"first_trick_queen": "forbidden"} | invalid_game |

    @ruleset:fi @players:4 @variant:pip-hearts
    Examples: fi pip-hearts 4 players
      | ruleset | players | variants       | options                        | code         |
      | fi      | 4       | ["pip-hearts"] | {"moon_amount": "DEAL_TOTAL"}  | invalid_game |
      | fi      | 4       | ["pip-hearts"] | {"moon_amount": "deal_total "} | invalid_game |
      | fi      | 4       | ["pip-hearts"] | {"moon_amount": "26"}          | invalid_game |
      | fi      | 4       | ["pip-hearts"] | {"moon_amount": true}          | bad_request  |

    @ruleset:dk @players:4 @variant:omnibus-jd
    Examples: dk omnibus-jd 4 players
      | ruleset | players | variants       | options                          | code         |
      | dk      | 4       | ["omnibus-jd"] | {"moon_bonus_cards": "Kept"}     | invalid_game |
      | dk      | 4       | ["omnibus-jd"] | {"moon_bonus_cards": "ignored "} | invalid_game |
      | dk      | 4       | ["omnibus-jd"] | {"moon_bonus_cards": false}      | bad_request  |
      | dk      | 4       | ["omnibus-jd"] | {"moon_also_requires": []}       | invalid_game |

    @ruleset:no @players:4 @variant:omnibus-jd
    Examples: no omnibus-jd 4 players
      | ruleset | players | variants       | options                      | code         |
      | no      | 4       | ["omnibus-jd"] | {"moon_bonus_cards": "kept"} | invalid_game |

    @ruleset:fi @players:4 @variant:partnership
    Examples: fi partnership 4 players
      | ruleset | players | variants        | options                      | code         |
      | fi      | 4       | ["partnership"] | {"moon_partner": "SPARED"}   | invalid_game |
      | fi      | 4       | ["partnership"] | {"moon_partner": "scored "}  | invalid_game |
      | fi      | 4       | ["partnership"] | {"moon_partner": ["spared"]} | bad_request  |

    @ruleset:se @players:4
    Examples: se 4 players, end condition
      | ruleset | players | variants | options                        | code         |
      | se      | 4       | []       | {"end_condition": "REACHES"}   | invalid_game |
      | se      | 4       | []       | {"end_condition": "exceeds "}  | invalid_game |
      | se      | 4       | []       | {"end_condition": ["reaches"]} | bad_request  |
